import { describe, expect, it, vi } from 'vitest';
import { coalesce } from './coalesce.ts';

/** A task whose runs the test ends one by one. */
function heldTask() {
  const ends: (() => void)[] = [];
  let runs = 0;
  const task = () =>
    new Promise<void>((resolve) => {
      runs += 1;
      ends.push(resolve);
    });
  return { task, runs: () => runs, endRun: () => ends.shift()?.() };
}

describe('coalesce', () => {
  it('runs once more after a run during which it was called, however many times', async () => {
    const { task, runs, endRun } = heldTask();
    const run = coalesce(task);
    const first = run();
    const second = run();
    const third = run();
    expect(runs()).toBe(1);
    endRun();
    await vi.waitFor(() => expect(runs()).toBe(2), { timeout: 5_000 });
    endRun();
    await Promise.all([first, second, third]);
    expect(runs()).toBe(2);
  });

  it('runs once for a call while idle, and again for the next call', async () => {
    const { task, runs, endRun } = heldTask();
    const run = coalesce(task);
    const first = run();
    endRun();
    await first;
    expect(runs()).toBe(1);
    const next = run();
    expect(runs()).toBe(2);
    endRun();
    await next;
  });

  it('lets a failed run reject its callers and starts afresh on the next call', async () => {
    let calls = 0;
    const run = coalesce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('read failed');
    });
    await expect(run()).rejects.toThrow('read failed');
    await run();
    expect(calls).toBe(2);
  });
});
