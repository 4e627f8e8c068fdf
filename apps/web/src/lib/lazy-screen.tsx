import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { loadFullCatalogue } from '../i18n/index.ts';

/** Loads the code of every screen registered so far, keyed by its path. */
const preloaders = new Map<string, () => Promise<unknown>>();

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
    // With its chunk, the rest of the catalogue (the login page loads only its own areas).
    // And the server-state cache every screen but the login page reads (TanStack Query).
    pending ??= Promise.all([load(), loadFullCatalogue(), import('./query-scope.tsx')]).then(
      ([Component, , { QueryScope }]) => {
        const InScope = (props: P) => (
          <QueryScope>
            <Component {...props} />
          </QueryScope>
        );
        loaded = InScope;
        return { default: InScope };
      },
      (error: unknown) => {
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
 * One screen of the route table as its own chunk (issue 12): `lazyRoute('/x', () =>
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

/** Once the browser has nothing better to do, loads every screen so navigation is instant. */
export function preloadAllScreens(): () => void {
  const run = (): void => {
    for (const path of preloaders.keys()) preloadScreen(path);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 2_000);
  return () => window.clearTimeout(id);
}
