import { processMetrics } from '../lib/metrics.ts';
import { processReaderRequests } from './requests.ts';
import type { ReaderDeps } from './deps.ts';
import { readNewMessages } from './reader.ts';

/**
 * How often a pass asks Telegram whether the connected sessions still hold: a session the user
 * ended from the phone is reported ("reader disconnected") within this time.
 */
export const SESSION_CHECK_MS = 5 * 60_000;

/** Called with the bots that got new accepted signals (the trading runtime's wake-up). */
export type SignalsListener = (botIds: number[]) => void;

export interface ReaderRuntimeOptions {
  /** Pause between two passes when nothing wakes it, ms (default 1000). */
  intervalMs?: number;
}

/** The reader as the rest of the server sees it. */
export interface ReaderHandle {
  readonly deps: ReaderDeps;
  /** Read now (a message was posted or arrived) instead of at the next tick. */
  wake(): void;
  /** Subscribes to new accepted signals; returns the unsubscribe. */
  onSignals(listener: SignalsListener): () => void;
  /** One pass: requests, then messages; notifies listeners. Tests call it instead of a timer. */
  runOnce(): Promise<number[]>;
  /** Resolves when the pass in progress (if any) has finished. */
  idle(): Promise<void>;
  /** Starts the timer loop (server start). */
  start(options?: ReaderRuntimeOptions): void;
  /** Stops the loop, waits for the pass in progress, closes the sources. */
  stop(): Promise<void>;
}

/**
 * The reader runtime (DESIGN §7.1 "message source → reader → signals"): a chain of timeouts (a
 * slow pass delays the next, never overlaps), woken early when a message arrives. It takes plain
 * deps so it can run in a worker process too.
 */
export function createReader(deps: ReaderDeps): ReaderHandle {
  const listeners = new Set<SignalsListener>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let again = false;
  let started = false;
  let stopped = false;
  let intervalMs = 1000;

  /** When the connected Telegram sessions were last asked whether they still hold (ms). */
  let sessionsCheckedAt = deps.now();

  async function runOnce(): Promise<number[]> {
    const started = Date.now();
    await processReaderRequests(deps);
    // A partitioned reader connects the accounts of the partitions it holds now.
    await deps.telegram?.sync().catch((err: unknown) => deps.onError?.(err, { telegram: true }));
    if (deps.telegram && deps.now() - sessionsCheckedAt >= SESSION_CHECK_MS) {
      sessionsCheckedAt = deps.now();
      await deps.telegram
        .checkSessions()
        .catch((err: unknown) => deps.onError?.(err, { telegram: true }));
    }
    const woken = await readNewMessages(deps);
    processMetrics().readerPassed(Date.now() - started, deps.now());
    if (woken.length > 0) {
      for (const listener of listeners) {
        try {
          listener(woken);
        } catch (err) {
          deps.onError?.(err, { listener: true });
        }
      }
    }
    return woken;
  }

  function schedule(delayMs: number): void {
    if (stopped || !started || running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      running = runOnce()
        .catch((err: unknown) => deps.onError?.(err, { pass: true }))
        .finally(() => {
          running = null;
          const soon = again;
          again = false;
          schedule(soon ? 0 : intervalMs);
        });
    }, delayMs);
    timer.unref();
  }

  return {
    deps,
    wake() {
      if (running) again = true;
      else schedule(0);
    },
    onSignals(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    runOnce,
    async idle() {
      while (running) await running;
    },
    start(options = {}) {
      intervalMs = options.intervalMs ?? 1000;
      started = true;
      if (deps.telegram) {
        deps.telegram.start().catch((err: unknown) => deps.onError?.(err, { telegram: true }));
      }
      schedule(intervalMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await deps.inbox.close();
      await deps.telegram?.close();
    },
  };
}
