import {
  isOtcAsset,
  minutesForInstant,
  missingRanges,
  normalizeAsset,
  priceAtMs,
  indexCandles,
  rangesOfMinutes,
  type MinuteRange,
} from '@app/robot';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { candleStore, type CandleStore } from './candle-store.ts';
import type { MarketFailure, MarketSource } from './market-source.ts';

const MINUTE_MS = 60_000;

/** The market's word on one instant of one asset. */
export type InstantPrice =
  | { status: 'priced'; price: number; source: string }
  /** No market has a price there: OTC, no source knows the asset, or the market was closed. */
  | { status: 'none' }
  /**
   * Not known yet: the source was down or rate-limited (`rate_limited`, `unavailable`), the
   * minute has not closed yet (`not_yet`), or it was not fetched (`not_fetched`, a read that
   * does not fetch). Filled in later, never guessed.
   */
  | { status: 'pending'; reason: MarketFailure | 'not_yet' | 'not_fetched' };

export interface PricesOptions {
  /** Ask the sources for what the cache lacks (default). False: read the cache only. */
  fetch?: boolean;
}

/** Market data for the robot and the records: candles from the sources, cached and shared. */
export interface MarketData {
  readonly sources: readonly MarketSource[];
  /**
   * The price of `asset` at each instant (same order), as of `nowMs`. What the cache lacks is
   * fetched with one request per source per contiguous range of minutes (instants up to
   * `gapMinutes` apart share one), never one per instant.
   */
  pricesAt(
    asset: string,
    instantsMs: readonly number[],
    nowMs: number,
    options?: PricesOptions,
  ): Promise<InstantPrice[]>;
  close(): Promise<void>;
}

export interface MarketDataOptions {
  db: Kysely<Database>;
  sources: readonly MarketSource[];
  /**
   * How long after a minute ends its candle is trusted as complete (default 2 s): a source's
   * last ticks of a minute may reach it a moment after the minute.
   */
  lagMs?: number;
  /** Instants this many minutes apart or closer are fetched in one range (default 60). */
  gapMinutes?: number;
  /** After `unavailable`, ask again after this long (default 30 s). */
  retryUnavailableMs?: number;
  /** After `unknown_symbol`, ask again after this long (default 1 day). */
  retryUnknownMs?: number;
}

/** A source asked about one asset: which minutes it answered, what it said, why not. */
interface SourceView {
  covered: MinuteRange[];
  candles: ReturnType<typeof indexCandles>;
  failure: MarketFailure | null;
}

export function createMarketData(options: MarketDataOptions): MarketData {
  const store: CandleStore = candleStore(options.db);
  const lagMs = options.lagMs ?? 2_000;
  const gap = options.gapMinutes ?? 60;
  const retryUnavailable = options.retryUnavailableMs ?? 30_000;
  const retryUnknown = options.retryUnknownMs ?? 86_400_000;
  /** One fetch of a (source, asset, range) at a time, shared by every caller that needs it. */
  const inFlight = new Map<string, Promise<MarketFailure | null>>();

  async function fetchRange(
    source: MarketSource,
    asset: string,
    symbol: string,
    range: MinuteRange,
    nowMs: number,
  ): Promise<MarketFailure | null> {
    const key = `${source.id}|${asset}|${range.from}|${range.to}`;
    let running = inFlight.get(key);
    if (!running) {
      running = (async () => {
        const answer = await source.fetchCandles(symbol, range);
        if (answer.ok) {
          await store.store(source.id, asset, range, answer.candles, nowMs);
          return null;
        }
        const wait =
          answer.error === 'unknown_symbol'
            ? retryUnknown
            : (answer.retryAfterMs ??
              (answer.error === 'rate_limited' ? 60_000 : retryUnavailable));
        await store.setWait(source.id, asset, answer.error, nowMs + wait);
        return answer.error;
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, running);
    }
    return running;
  }

  /** Brings the cache of one source up to the minutes wanted (as far as they have closed). */
  async function viewOf(
    source: MarketSource,
    asset: string,
    symbol: string,
    minutes: readonly number[],
    nowMs: number,
    fetch: boolean,
  ): Promise<SourceView | 'unknown'> {
    const ranges = rangesOfMinutes(minutes, gap);
    const first = ranges[0]?.from ?? 0;
    const last = ranges[ranges.length - 1]?.to ?? 0;
    const whole = { from: first, to: last };
    let failure: MarketFailure | null = null;
    const wait = await store.waitOf(source.id, asset);
    if (wait && wait.retryAt > nowMs) {
      if (wait.reason === 'unknown_symbol') return 'unknown';
      failure = wait.reason as MarketFailure;
    }
    if (fetch && failure === null) {
      const covered = await store.covered(source.id, asset, whole);
      for (const range of ranges) {
        for (const gapRange of missingRanges(covered, range)) {
          const answer = await fetchRange(source, asset, symbol, gapRange, nowMs);
          if (answer === 'unknown_symbol') return 'unknown';
          if (answer !== null) {
            failure = answer;
            break;
          }
        }
        if (failure) break;
      }
    }
    const [covered, candles] = await Promise.all([
      store.covered(source.id, asset, whole),
      store.candles(source.id, asset, whole),
    ]);
    return { covered, candles: indexCandles(candles), failure };
  }

  return {
    sources: options.sources,
    async pricesAt(asset, instantsMs, nowMs, opts = {}) {
      const key = normalizeAsset(asset);
      const out: InstantPrice[] = instantsMs.map(() => ({ status: 'none' }));
      if (instantsMs.length === 0 || isOtcAsset(key)) return out;
      // The last minute that has closed (and had its lag) by now.
      const lastClosed = Math.floor((nowMs - lagMs) / MINUTE_MS) - 1;
      const settled = new Set<number>();
      for (const source of options.sources) {
        const symbol = source.symbolOf(key);
        if (symbol === null) continue;
        const open = instantsMs.map((_, i) => i).filter((i) => !settled.has(i));
        if (open.length === 0) break;
        const minutes: number[] = [];
        for (const i of open) {
          const [ending, starting] = minutesForInstant(instantsMs[i] ?? 0);
          if (ending <= lastClosed) minutes.push(ending);
          if (starting <= lastClosed) minutes.push(starting);
        }
        const view =
          minutes.length === 0
            ? null
            : await viewOf(source, key, symbol, minutes, nowMs, opts.fetch !== false);
        if (view === 'unknown') continue;
        const isCovered = (m: number) =>
          view !== null && view.covered.some((r) => r.from <= m && m <= r.to);
        for (const i of open) {
          const at = instantsMs[i] ?? 0;
          const [ending] = minutesForInstant(at);
          if (ending > lastClosed) {
            out[i] = { status: 'pending', reason: 'not_yet' };
            continue;
          }
          const price = view ? priceAtMs(view.candles, at) : null;
          if (price !== null) {
            out[i] = { status: 'priced', price, source: source.id };
            settled.add(i);
          } else if (isCovered(ending)) {
            // The source answered for that minute and had no trade in it: the market was closed.
            if (out[i]?.status !== 'pending') out[i] = { status: 'none' };
          } else {
            out[i] = {
              status: 'pending',
              reason: view?.failure ?? (opts.fetch === false ? 'not_fetched' : 'unavailable'),
            };
          }
        }
      }
      return out;
    },
    async close() {
      await Promise.all(options.sources.map((s) => (s.close ? s.close() : Promise.resolve())));
    },
  };
}

/** Where a paper order's result comes from. */
export type SettlementPrices =
  | { kind: 'market'; source: string; entryPrice: number; exitPrice: number }
  /** No market for the asset at one of the instants: the seeded walk, labelled simulated. */
  | { kind: 'simulated' }
  /** The market's price is not known yet: the order waits ("pending market data"). */
  | { kind: 'pending' };

/**
 * The prices a paper order settles at: the market's at its open and its expiry when one source
 * has both, the seeded walk where the market has none, and a wait when the market's answer is not
 * in yet (never a guessed result).
 */
export async function settlementPrices(
  market: MarketData | null,
  order: { asset: string; openAtMs: number; expiresAtMs: number },
  nowMs: number,
): Promise<SettlementPrices> {
  if (!market || market.sources.length === 0) return { kind: 'simulated' };
  const [entry, exit] = await market.pricesAt(
    order.asset,
    [order.openAtMs, order.expiresAtMs],
    nowMs,
  );
  if (entry?.status === 'pending' || exit?.status === 'pending') return { kind: 'pending' };
  if (entry?.status === 'priced' && exit?.status === 'priced' && entry.source === exit.source) {
    return {
      kind: 'market',
      source: entry.source,
      entryPrice: entry.price,
      exitPrice: exit.price,
    };
  }
  return { kind: 'simulated' };
}
