import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadLoggedIn } from './app/routes.tsx';
import { App } from './app/router.tsx';
import { i18n, i18nReady } from './i18n/index.ts';
import { readScreenEarly, sessionBotOf } from './lib/early-reads.ts';
import { SessionStore } from './lib/session.ts';
import { storage } from './lib/storage.ts';

const root = document.getElementById('root');
// A browser with no session gets the login page already rendered (`prerender.tsx`, chosen by
// the server): `data-prerendered` is the path it was rendered for, `data-lng` its language.
const prerendered =
  root?.dataset.prerendered === window.location.pathname ? (root.dataset.lng ?? null) : null;

// A trader who was logged in last time most likely still is: fetch the logged-in frame and the
// screen of this address while the session is being checked, not one after the other.
// Its first reads too, for the bot selected last time.
if (prerendered === null && storage.get('userId') !== null) {
  preloadLoggedIn(window.location.pathname);
  readScreenEarly(window.location.pathname, storage.get('userId'));
}

// The session is asked for now, while React renders the first frame, not after it; once the
// server says there is one, the frame's and the screen's chunks load alongside the schemas that
// check its answer.
const sessionStore = new SessionStore((answer) => {
  preloadLoggedIn(window.location.pathname);
  readScreenEarly(window.location.pathname, sessionBotOf(answer));
});
if (prerendered === null) sessionStore.start();
else sessionStore.startLoggedOut();

if (root) {
  const app = (
    <StrictMode>
      <App sessionStore={sessionStore} />
    </StrictMode>
  );
  if (prerendered === null) {
    // In a transition, so React renders the first frame in slices and lets the browser in
    // between, instead of one task of ~0.3 s on a slow phone (Lighthouse's TBT).
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  } else {
    // Hydrated once the catalogue is in, so the first render says what the HTML says; in a
    // transition, so React yields to the browser while it attaches the handlers. A browser
    // whose language is not the page's (chosen by the server from the cookie and
    // Accept-Language) renders the page anew in its own.
    void i18nReady.then(() => {
      if (i18n.resolvedLanguage === prerendered) {
        startTransition(() => void hydrateRoot(root, app));
      } else {
        root.replaceChildren();
        createRoot(root).render(app);
      }
    });
  }
}
