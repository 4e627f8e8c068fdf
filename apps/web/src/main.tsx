import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadLoggedIn } from './app/routes.tsx';
import { App } from './app/router.tsx';
import { SessionStore } from './lib/session.ts';
import { storage } from './lib/storage.ts';

// A trader who was logged in last time most likely still is: fetch the logged-in frame and the
// screen of this address while the session is being checked, not one after the other.
if (storage.get('userId') !== null) preloadLoggedIn(window.location.pathname);

// The session is asked for now, while React renders the first frame, not after it; once the
// server says there is one, the frame's and the screen's chunks load alongside the schemas that
// check its answer (issue 12).
const sessionStore = new SessionStore(() => preloadLoggedIn(window.location.pathname));
sessionStore.start();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App sessionStore={sessionStore} />
    </StrictMode>,
  );
}
