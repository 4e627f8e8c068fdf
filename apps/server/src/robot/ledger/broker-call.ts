import type { BrokerAdapter } from '../brokers/broker-adapter.ts';
import type { RuntimeDeps } from '../runtime-deps.ts';

/**
 * How late an order (own or copy) may still go out, ms after its planned send instant; later it
 * is never sent: failed `missed` (or `late` for a copy no dispatcher reached in time).
 */
export const LATE_TOLERANCE_MS = 5_000;
/** A broker call that takes longer has an unknown outcome (it never blocks the other bots). */
export const BROKER_TIMEOUT_MS = 10_000;
/** Broker calls in flight at once in a pass over many bots: one slow bot never holds the others. */
export const BROKER_CONCURRENCY = 32;

/** The broker call budget of this runtime (tests shorten it instead of sleeping). */
export function brokerTimeoutOf(rt: Pick<RuntimeDeps, 'brokerTimeoutMs'>): number {
  return rt.brokerTimeoutMs ?? BROKER_TIMEOUT_MS;
}

/** The last instant an order planned for `sendAtMs` may be sent. */
export function sendDeadline(sendAtMs: number): number {
  return sendAtMs + LATE_TOLERANCE_MS;
}

/** The oldest planned send instant that may still go out at `now` (for queries on `send_at`). */
export function oldestSendable(now: number): number {
  return now - LATE_TOLERANCE_MS;
}

/** `promise`, or a `broker_timeout` rejection after `ms` (the call itself is not cancelled). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('broker_timeout')), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A bot's broker by (bot, broker), resolved once per run or pass. */
export type BrokerLookup = (botId: number, brokerId: number) => Promise<BrokerAdapter>;

/**
 * One broker per (bot, broker) for the life of a run or a dispatch pass; a failing resolution
 * fails only the calls of that bot. `known` seeds it with a broker already resolved.
 */
export function brokerCache(
  rt: Pick<RuntimeDeps, 'brokerFor'>,
  known?: { botId: number; brokerId: number; broker: BrokerAdapter },
): BrokerLookup {
  const cache = new Map<string, Promise<BrokerAdapter>>();
  if (known) cache.set(`${known.botId}:${known.brokerId}`, Promise.resolve(known.broker));
  return (botId, brokerId) => {
    const key = `${botId}:${brokerId}`;
    let broker = cache.get(key);
    if (!broker) {
      broker = rt.brokerFor(botId, brokerId);
      cache.set(key, broker);
    }
    return broker;
  };
}

/** One outcome per item of {@link pool}: its value, or what it threw. */
export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs `fn` over `items` with at most `limit` in flight (broker calls: one slow follower never
 * holds the others); a rejection is that item's only.
 */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<Settled<R>[]> {
  const out = new Array<Settled<R>>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next;
      next += 1;
      try {
        out[i] = { ok: true, value: await fn(items[i] as T) };
      } catch (error) {
        out[i] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
