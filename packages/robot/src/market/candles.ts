/**
 * Market prices from minute candles (the market data the paper broker settles at and the channel
 * records are scored against). Pure: candles come in as arguments, instants are Unix ms.
 */
import { outcomeOf } from '../broker/paper.ts';
import type { OrderOutcome, OrderDirection } from '../broker/types.ts';

export const MINUTE_MS = 60_000;

/** One minute of an asset's market: `minute` is its start as a whole-minute index (ms / 60 000). */
export interface Candle {
  minute: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Candles of one asset by minute index, as `priceAtMs` reads them. */
export type CandleIndex = ReadonlyMap<number, Candle>;

/** The whole-minute index of an instant: `minuteIndexOf(90_000) === 1`. */
export function minuteIndexOf(atMs: number): number {
  return Math.floor(atMs / MINUTE_MS);
}

/**
 * The minute boundary an instant is priced at: the nearest whole minute, so an end-of-candle
 * entry sent 2 s before 14:30 and a full-minute entry 1 s after it both read the price of 14:30.
 * `priceBoundaryOf(89_000) === 1` (01:29 → 01:00 is 29 s away, 02:00 31 s).
 */
export function priceBoundaryOf(atMs: number): number {
  return Math.round(atMs / MINUTE_MS);
}

/**
 * The minutes whose candles price `atMs`: the one that ends at its boundary (its close is the
 * price there) and, when that one is missing, the one that starts there (its open).
 */
export function minutesForInstant(atMs: number): [number, number] {
  const boundary = priceBoundaryOf(atMs);
  return [boundary - 1, boundary];
}

/**
 * The market price at an instant from minute candles: the close of the candle that ends at the
 * instant's nearest minute, else the open of the candle that starts there; null when neither is
 * known (market closed, no data). Example: candles of 14:29 (close 1.0842) and 14:30 (open
 * 1.0843) price 14:29:58 at 1.0842.
 */
export function priceAtMs(candles: CandleIndex, atMs: number): number | null {
  const [ending, starting] = minutesForInstant(atMs);
  const before = candles.get(ending);
  if (before) return before.close;
  return candles.get(starting)?.open ?? null;
}

/** Candles by minute index: `indexCandles([{ minute: 5, … }]).get(5)`. */
export function indexCandles(candles: Iterable<Candle>): Map<number, Candle> {
  const out = new Map<number, Candle>();
  for (const c of candles) out.set(c.minute, c);
  return out;
}

/** Where a price came from: a market source (`deriv`, `quadcode:1`…) or the seeded walk. */
export type PriceSource = string;
/** The paper broker's seeded walk, labelled "preço simulado" wherever it is shown. */
export const SIMULATED_PRICE_SOURCE = 'simulated';

/** An order's result read from two prices: WIN, LOSS or DRAW (unchanged price). */
export function marketOutcome(
  direction: OrderDirection,
  entryPrice: number,
  exitPrice: number,
): OrderOutcome {
  return outcomeOf(direction, entryPrice, exitPrice);
}

/**
 * OTC assets are the brokers' own weekend prices: no public market quotes them, so no market
 * source is asked for one. `isOtcAsset('EUR/USD-OTC') === true`, `isOtcAsset('EURUSD') === false`.
 */
export function isOtcAsset(asset: string): boolean {
  return /(^|[^A-Z])OTC($|[^A-Z])/.test(asset.toUpperCase());
}

/** A closed range of whole minutes, `from` and `to` included. */
export interface MinuteRange {
  from: number;
  to: number;
}

/**
 * The parts of `wanted` that `covered` does not hold, each a contiguous range, in order: what one
 * request each must fetch. `missingRanges([{ from: 3, to: 5 }], { from: 1, to: 8 })` →
 * `[{ from: 1, to: 2 }, { from: 6, to: 8 }]`.
 */
export function missingRanges(covered: readonly MinuteRange[], wanted: MinuteRange): MinuteRange[] {
  const sorted = [...covered].sort((a, b) => a.from - b.from);
  const out: MinuteRange[] = [];
  let cursor = wanted.from;
  for (const r of sorted) {
    if (r.to < cursor) continue;
    if (r.from > wanted.to) break;
    if (r.from > cursor) out.push({ from: cursor, to: Math.min(r.from - 1, wanted.to) });
    cursor = Math.max(cursor, r.to + 1);
    if (cursor > wanted.to) break;
  }
  if (cursor <= wanted.to) out.push({ from: cursor, to: wanted.to });
  return out;
}

/**
 * The minute ranges that cover every minute of `minutes` where two are joined when they are at
 * most `gap` minutes apart: the few contiguous requests a set of instants needs, never one per
 * instant. `rangesOfMinutes([1, 2, 9], 3)` → `[{ from: 1, to: 2 }, { from: 9, to: 9 }]`.
 */
export function rangesOfMinutes(minutes: Iterable<number>, gap = 0): MinuteRange[] {
  const sorted = [...new Set(minutes)].sort((a, b) => a - b);
  const out: MinuteRange[] = [];
  for (const m of sorted) {
    const last = out[out.length - 1];
    if (last && m - last.to <= gap + 1) last.to = m;
    else out.push({ from: m, to: m });
  }
  return out;
}

/** Joins touching or overlapping ranges: what a cache keeps as "fetched". */
export function mergeRanges(ranges: readonly MinuteRange[]): MinuteRange[] {
  return rangesOfRanges([...ranges].sort((a, b) => a.from - b.from));
}

function rangesOfRanges(sorted: readonly MinuteRange[]): MinuteRange[] {
  const out: MinuteRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.from <= last.to + 1) last.to = Math.max(last.to, r.to);
    else out.push({ from: r.from, to: r.to });
  }
  return out;
}
