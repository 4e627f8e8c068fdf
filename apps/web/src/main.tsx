import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadLoggedIn } from './app/routes.tsx';
import { App } from './app/router.tsx';
import { storage } from './lib/storage.ts';

// A trader who was logged in last time most likely still is: fetch the logged-in frame and the
// screen of this address while the session is being checked, not one after the other.
if (storage.get('userId') !== null) preloadLoggedIn(window.location.pathname);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
