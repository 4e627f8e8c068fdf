import type { SessionInfo } from '@app/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/providers.tsx';
import { AppRoutes } from '../app/router.tsx';
import { i18n } from '../i18n/index.ts';
import { loadAllScreens } from '../lib/lazy-screen.tsx';

export const ana: SessionInfo = {
  email: 'ana@example.com',
  userid: '5550001',
  traderid: '5550001',
  botIDs: [{ userid: '5550001', traderid: '5550001' }],
};

function LocationProbe() {
  const location = useLocation();
  return (
    <span data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </span>
  );
}

/** The current path of the rendered app (read from the router, not the DOM of a screen). */
export function currentPath(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/**
 * Renders the whole panel at `path`, in pt-BR, with a fresh cache. The session comes from the
 * fake server's `GET /api/session`, as in the browser.
 */
export async function renderApp(path: string, options: { fakeTimers?: boolean } = {}) {
  await i18n.changeLanguage('pt-BR');
  // Screens are lazy chunks in the panel; here they are all loaded first, so a test waits for
  // what the screen shows, not for a module to be transformed.
  await loadAllScreens();
  const user = userEvent.setup(
    options.fakeTimers ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) } : { delay: null },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
  );
  return { user, queryClient, ...view };
}
