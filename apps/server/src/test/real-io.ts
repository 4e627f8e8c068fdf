import { expect } from 'vitest';

/**
 * Waits on real I/O (not on faked timers) until `reached()` holds, for up to `budgetMs` of real
 * time: with faked timers, work that touches the database (a server, on PostgreSQL) gets to its
 * next timer in its own time, and moving the faked clock before that would skip the timer.
 */
export async function untilReached(
  reached: () => boolean,
  what: string,
  budgetMs = 10_000,
): Promise<void> {
  const started = performance.now();
  while (!reached() && performance.now() - started < budgetMs) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(reached(), what).toBe(true);
}
