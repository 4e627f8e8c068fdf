import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { loadFullCatalogue } from '../i18n/index.ts';

/** Loads the code of every screen registered so far, keyed by its path. */
const preloaders = new Map<string, () => Promise<unknown>>();
/** Screen chunks being fetched now (a screen's first visit or a preload). */
let loadsInFlight = 0;

export interface LazyRoute {
  path: string;
  /** The screen, rendered once its chunk has arrived. */
  element: ReactElement;
}

/**
 * A screen as its own chunk, registered under `key` (its path) for preloading; returns a
 * function making its element with the props the page takes. One loader per screen module, so
 * two routes showing the same page (not-found logged in and out) share the chunk.
 */
export function lazyScreen<P extends object>(
  key: string,
  load: () => Promise<ComponentType<P>>,
): (props: P) => ReactElement {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  // Once the chunk has arrived the screen renders directly: no Suspense round, so a preloaded
  // screen (hovered link, idle preload) appears in the same frame as the navigation.
  let loaded: ComponentType<P> | null = null;
  const preload = (): Promise<{ default: ComponentType<P> }> => {
    if (pending === null) loadsInFlight += 1;
    // With its chunk, the rest of the catalogue (the login page loads only its own areas).
    // And the server-state cache every screen but the login page reads (TanStack Query).
    pending ??= Promise.all([load(), loadFullCatalogue(), import('./query-scope.tsx')]).then(
      ([Component, , { QueryScope }]) => {
        loadsInFlight -= 1;
        const InScope = (props: P) => (
          <QueryScope>
            <Component {...props} />
          </QueryScope>
        );
        loaded = InScope;
        return { default: InScope };
      },
      (error: unknown) => {
        loadsInFlight -= 1;
        // A failed download (network hiccup) is tried again on the next visit.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  preloaders.set(key, preload);
  const Lazy = lazy(preload);
  function Screen({ screenProps }: { screenProps: P }) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...screenProps} />;
    return (
      <Suspense fallback={null}>
        <Lazy {...screenProps} />
      </Suspense>
    );
  }
  return (props) => <Screen screenProps={props} />;
}

/**
 * One screen of the route table as its own chunk: `lazyRoute('/x', () =>
 * import('…/x-page.tsx').then((m) => m.XPage))`, with the props the page takes. The chunk is
 * fetched on the first visit, or earlier by {@link preloadScreen} (a link hovered or focused) and
 * {@link preloadAllScreens} (once the browser is idle).
 */
export function lazyRoute<P extends object>(
  path: string,
  load: () => Promise<ComponentType<P>>,
  ...[props]: object extends P ? [props?: P] : [props: P]
): LazyRoute {
  return { path, element: lazyScreen(path, load)((props ?? {}) as P) };
}

/** Starts loading the screen of a panel path (no-op for a path without a lazy screen). */
export function preloadScreen(path: string): void {
  void preloaders
    .get(path)?.()
    .catch(() => undefined);
}

/** Loads the screen registered under `key` (a path or a part's name); resolves when it is in. */
export async function loadScreen(key: string): Promise<void> {
  await preloaders.get(key)?.();
}

/** Loads every registered screen; resolves when all have arrived (tests render without waiting). */
export async function loadAllScreens(): Promise<void> {
  await Promise.all([...preloaders.values()].map((preload) => preload()));
}

/** How long nothing must be loading before the other screens' chunks are fetched. */
const QUIET_MS = 1_000;

/** Runs `step` when the browser is idle (within 5 s at the latest); returns the cancel function. */
function whenIdle(step: (deadline?: IdleDeadline) => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(step, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(step, 0);
  return () => window.clearTimeout(id);
}

/** What says the trader is using the panel, not only looking at it: a touch, a click, a key. */
const FIRST_USE_EVENTS = ['pointerdown', 'keydown'] as const;

/**
 * Once the trader has used the page (a touch, a click or a key: a menu is about to be opened or a
 * field changed) and the screen on show has everything it needs — no screen chunk and no read
 * (`busy`) in flight for {@link QUIET_MS} — and the browser is idle, loads every screen so
 * navigation is instant. Earlier, their ~70 requests would compete with the screen's own chunks and
 * reads on a slow network (Lighthouse's LCP), and their modules' evaluation, while the
 * screen was still settling, blocked a slow phone for 0.4 s more (Lighthouse's TBT): a trader who
 * only watches a screen never pays for the others. A link hovered or focused still preloads its
 * own screen at once ({@link preloadScreen}). One screen at a time, the next when the last has
 * arrived and the browser is idle again: a screen's module runs when it arrives, so starting many
 * imports at once ran their modules back to back in long tasks on a slow phone. Returns the cancel
 * function.
 */
export function preloadAllScreens(busy: () => boolean = () => false): () => void {
  let stopped = false;
  let cancel = (): void => {};
  const queue = [...preloaders.keys()];
  const step = (): void => {
    const path = queue.shift();
    if (path === undefined || stopped) return;
    void loadScreen(path)
      .catch(() => undefined)
      .finally(() => {
        if (!stopped) cancel = whenIdle(step);
      });
  };
  const waitForQuiet = (): void => {
    let quietSince: number | null = null;
    const check = window.setInterval(() => {
      if (loadsInFlight > 0 || busy()) {
        quietSince = null;
        return;
      }
      quietSince ??= Date.now();
      if (Date.now() - quietSince < QUIET_MS) return;
      window.clearInterval(check);
      cancel = whenIdle(step);
    }, QUIET_MS / 4);
    cancel = () => window.clearInterval(check);
  };
  // The first use ends the listening, and so does cancelling before it.
  const listening = new AbortController();
  const onFirstUse = (): void => {
    listening.abort();
    waitForQuiet();
  };
  for (const type of FIRST_USE_EVENTS) {
    window.addEventListener(type, onFirstUse, { capture: true, signal: listening.signal });
  }
  return () => {
    stopped = true;
    listening.abort();
    cancel();
  };
}
