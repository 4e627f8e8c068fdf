import { CssBaseline } from '@mui/material';
// MUI's own ThemeProvider also carries the CSS-variables provider, which a theme made without
// `cssVariables` never uses; for such a theme it renders exactly this one (~3 kB).
import { ThemeProvider } from '@mui/system';
import type { QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/index.ts';
import { QueryClientHolderContext, SessionContext, SessionStore } from '../lib/session.ts';
import { theme } from './theme.ts';

/**
 * Theme, baseline CSS, the session and translations for everything below. The server-state
 * cache (TanStack Query) is not here: each lazy screen brings it (`QueryScope`), so the login
 * page loads none of it. Tests may hand their own `queryClient`.
 */
export function Providers({
  children,
  queryClient,
  sessionStore,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The session store `main.tsx` started before the first render; else one made here. */
  sessionStore?: SessionStore;
}) {
  const [session] = useState(() => sessionStore ?? new SessionStore());
  const [holder] = useState(() => ({ client: queryClient ?? null }));
  return (
    <I18nextProvider i18n={i18n}>
      <SessionContext.Provider value={session}>
        <QueryClientHolderContext.Provider value={holder}>
          <ThemeProvider theme={theme}>
            <CssBaseline enableColorScheme />
            {children}
          </ThemeProvider>
        </QueryClientHolderContext.Provider>
      </SessionContext.Provider>
    </I18nextProvider>
  );
}
