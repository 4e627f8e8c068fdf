import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyScreen, preloadAllScreens } from './lazy-screen.tsx';

vi.mock('../i18n/index.ts', () => ({ loadFullCatalogue: () => Promise.resolve() }));
vi.mock('./query-scope.tsx', () => ({ QueryScope: () => null }));

/** Registers a lazy screen under `path`; returns its loader, to see when it is fetched. */
function screenAt(path: string) {
  const load = vi.fn(() => Promise.resolve(() => null));
  lazyScreen(path, load);
  return load;
}

describe('preloadAllScreens', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads the other screens only once the trader has used the page and it is quiet', async () => {
    const load = screenAt('/preload-test');
    const stop = preloadAllScreens();
    try {
      await vi.advanceTimersByTimeAsync(30_000);
      expect(load).not.toHaveBeenCalled();

      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('waits while the screen on show is still reading', async () => {
    const load = screenAt('/preload-busy-test');
    let busy = true;
    const stop = preloadAllScreens(() => busy);
    try {
      window.dispatchEvent(new Event('pointerdown'));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(load).not.toHaveBeenCalled();

      busy = false;
      await vi.advanceTimersByTimeAsync(10_000);
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('does nothing once cancelled', async () => {
    const load = screenAt('/preload-cancel-test');
    preloadAllScreens()();
    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).not.toHaveBeenCalled();
  });
});
