import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { catalogues } from './src/test/all-catalogues.ts';
import { i18n, i18nReady } from './src/i18n/index.ts';

// The panel fetches one catalogue when its language is first used; tests have all three at hand,
// so a screen renders its text at once in whichever language a test switches to.
for (const [lng, catalogue] of Object.entries(catalogues)) {
  i18n.addResourceBundle(lng, 'translation', catalogue);
}
await i18nReady;

// jsdom has no matchMedia; MUI's useMediaQuery needs one. Desktop width unless a test says otherwise.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// Testing Library advances fake timers (in waitFor and after each event) only when it sees a
// `jest` global; point that at vitest's clock so `vi.useFakeTimers()` works with findBy/user-event.
Object.defineProperty(globalThis, 'jest', {
  configurable: true,
  value: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) },
});

// The machine running the suite is shared and often busy: a first render can take over a second.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
