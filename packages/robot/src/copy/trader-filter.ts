import { CandleColor, TraderMode } from '@app/contract';
import { normalizeAsset, paperPricePoints } from '../broker/paper.ts';
import type { OrderDirection } from '../broker/types.ts';
import type { Cents } from '../money/cents.ts';

/**
 * The trader side of copy trading as the trader saved it (SPEC §3 "Trader info"), plus the bot's
 * mode. Amounts are currency units as the panel saves them (`stakeMin` 2.5 = 2.50).
 */
export interface TraderCopySettings {
  /** traderMode: a bot in follower mode (2) is nobody's trader (global params, command 9). */
  mode: number;
  /** copyTraderEn: the trader's copy switch (the screen's checkbox, command 15). */
  enabled: boolean;
  /** Only orders on this broker; 0 = any. */
  brokerId: number;
  /** Only orders of this many minutes; 0 = any. */
  timeframeMin: number;
  /** paresFilter: assets separated by spaces, commas or semicolons; empty = every asset. */
  assets: string;
  /** Orders below this stake are not copied; 0 = no bound. */
  stakeMin: number;
  /** 0 off, 1 reversal (against the last candle), 2 trend (with it). */
  candleColor: number;
}

/** The trader's order as the filter sees it. Instants are Unix milliseconds. */
export interface TraderOrderFacts {
  asset: string;
  direction: OrderDirection;
  stakeCents: Cents;
  brokerId: number;
  sendAtMs: number;
  expiresAtMs: number;
}

/** Why a trader's order is offered to no follower at all. */
export const TRADER_FILTER_REASONS = [
  'follower_mode',
  'disabled',
  'broker',
  'timeframe',
  'asset',
  'stake',
  'candle',
] as const;
export type TraderFilterReason = (typeof TRADER_FILTER_REASONS)[number];

/** The colour of a closed candle: its close above, below or at its open. */
export type CandleColour = 'green' | 'red' | 'flat';

/** The timeframe of an order, whole minutes (at least one). */
export function orderTimeframeMin(order: Pick<TraderOrderFacts, 'sendAtMs' | 'expiresAtMs'>) {
  return Math.max(1, Math.round((order.expiresAtMs - order.sendAtMs) / 60_000));
}

/**
 * The assets of `paresFilter`, normalized; empty = every asset.
 * @example assetsOf('EURUSD, gbp/usd;USDJPY') // Set { 'EURUSD', 'GBPUSD', 'USDJPY' }
 */
export function assetsOf(filter: string): Set<string> {
  return new Set(
    filter
      .split(/[\s,;]+/)
      .map((a) => a.trim())
      .filter((a) => a !== '')
      .map(normalizeAsset),
  );
}

/**
 * The trader's delay as the screen saves it ("1,5" with signal type 9), seconds; bad text → 0.
 * @example traderDelaySec('1,5') // 1.5
 */
export function traderDelaySec(text: string): number {
  const n = Number(text.trim().replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * The colour of the last candle of `timeframeMin` closed at or before `atMs` on the seeded paper
 * price path (the product's only price source).
 */
export function lastCandle(
  priceSeed: number,
  asset: string,
  atMs: number,
  timeframeMin: number,
): CandleColour {
  const tf = timeframeMin * 60_000;
  const close = Math.floor(atMs / tf) * tf;
  const open = paperPricePoints(priceSeed, asset, close - tf);
  const last = paperPricePoints(priceSeed, asset, close);
  return last > open ? 'green' : last < open ? 'red' : 'flat';
}

/**
 * Whether a trader's order is offered to its followers at all, checked in this order: the bot is
 * a trader (mode 1), copying is on, then each of the trader's own filters. `null` = copy it; else
 * the first reason it is not. A flat last candle is copied by neither candle rule.
 * @example traderFilter({ ...settings, enabled: false }, order, seed) // 'disabled'
 */
export function traderFilter(
  s: TraderCopySettings,
  order: TraderOrderFacts,
  priceSeed: number,
): TraderFilterReason | null {
  if (s.mode !== TraderMode.trader) return 'follower_mode';
  if (!s.enabled) return 'disabled';
  if (s.brokerId > 0 && s.brokerId !== order.brokerId) return 'broker';
  const tf = orderTimeframeMin(order);
  if (s.timeframeMin > 0 && Math.round(s.timeframeMin) !== tf) return 'timeframe';
  const assets = assetsOf(s.assets);
  if (assets.size > 0 && !assets.has(normalizeAsset(order.asset))) return 'asset';
  if (s.stakeMin > 0 && order.stakeCents < Math.round(s.stakeMin * 100)) return 'stake';
  if (s.candleColor === CandleColor.reversal || s.candleColor === CandleColor.trend) {
    const colour = lastCandle(priceSeed, order.asset, order.sendAtMs, tf);
    if (colour === 'flat') return 'candle';
    const withTrend = (colour === 'green') === (order.direction === 'CALL');
    if ((s.candleColor === CandleColor.trend) !== withTrend) return 'candle';
  }
  return null;
}
