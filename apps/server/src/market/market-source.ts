import type { Candle, MinuteRange } from '@app/robot';

/** Why a source gave no candles for a request. */
export type MarketFailure =
  /** The source has no market for this symbol (Deriv's `InvalidSymbol`): never ask it again soon. */
  | 'unknown_symbol'
  /** The source refused for its rate limit: ask again after `retryAfterMs`. */
  | 'rate_limited'
  /** No answer (network down, time-out, a dropped socket, a server error): ask again later. */
  | 'unavailable';

/** What one candle request answered. */
export type FetchAnswer =
  { ok: true; candles: Candle[] } | { ok: false; error: MarketFailure; retryAfterMs?: number };

/**
 * One source of market data (DESIGN §7.1 "connectors are adapters"): Deriv's public market data,
 * a Quadcode-platform broker's candle history; the seeded walk is not a source (it is what the
 * paper broker falls back to, labelled "preço simulado"). A source is asked for whole minutes of
 * one symbol; it may split a range into pages when its protocol caps a request, never more.
 */
export interface MarketSource {
  /** Stable name, stored with every candle and shown with every price: `deriv`, `quadcode:1`. */
  readonly id: string;
  /** The source's name for one of our assets (`EURUSD` → `frxEURUSD`), or null: no market here. */
  symbolOf(asset: string): string | null;
  /** The minute candles of `range` (both ends included, minute indexes). */
  fetchCandles(symbol: string, range: MinuteRange): Promise<FetchAnswer>;
  /** Releases connections. */
  close?(): Promise<void>;
}
