import { useSyncExternalStore } from 'react';

const never = (): (() => void) => () => undefined;

/**
 * False while the page the server sent already rendered (`prerender.tsx`) waits for, and goes
 * through, React's hydration; true from the render after it, and at once on any page React
 * renders itself. For what must not work before the page's handlers are attached.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
