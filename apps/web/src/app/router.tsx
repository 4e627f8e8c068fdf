import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useDeferredValue, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { useSession, type SessionStore } from '../lib/session.ts';
import { Providers } from './providers.tsx';
import { loggedInRoutes, loggedOutRoutes, preloadLoggedIn } from './routes.tsx';

function LoggedInRoutes() {
  return useRoutes(loggedInRoutes);
}

function LoggedOutRoutes() {
  return useRoutes(loggedOutRoutes);
}

/** Picks the route table by the server session (restored from `GET /api/session` at start-up). */
export function AppRoutes() {
  // `ready`: the active language's catalogue (its own chunk) has arrived. It loads while the
  // session is checked, and no screen renders before both, so none ever shows keys for text.
  const { t, ready } = useTranslation();
  // The screens of a new session state render in the background, yielding to the browser
  // between components, instead of one long task when `GET /api/session` answers.
  const live = useSession();
  const session = useDeferredValue(live);
  const location = useLocation();
  // Logged in: the frame's and the screen's chunks load together, while the frame renders.
  useEffect(() => {
    if (live.status === 'in') preloadLoggedIn(location.pathname);
  }, [live.status, location.pathname]);
  if (session.status === 'loading' || !ready) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100dvh' }}>
        <CircularProgress aria-label={ready ? t('app.loading') : undefined} />
      </Box>
    );
  }
  if (session.status === 'error') {
    return (
      <Box sx={{ p: 3, maxWidth: 520, mx: 'auto' }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={session.retry}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('common.loadError')}
        </Alert>
      </Box>
    );
  }
  return session.status === 'in' ? <LoggedInRoutes /> : <LoggedOutRoutes />;
}

export function App({ sessionStore }: { sessionStore?: SessionStore }) {
  return (
    <Providers {...(sessionStore ? { sessionStore } : {})}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
