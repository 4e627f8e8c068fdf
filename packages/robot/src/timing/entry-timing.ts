/**
 * Entry timing (ROBOT.md §9): when to send an order and when it expires, for every signal type.
 * All instants are Unix milliseconds (UTC); the clock is always an argument.
 */
import { CHANNEL_SIGNAL_TYPE_TIMING } from '@app/contract';
import type { ChannelSignalType, SignalType } from '@app/contract';

const MINUTE_MS = 60_000;

/** How long before a candle closes an end-of-candle order (type 7) is sent, in milliseconds. */
export const ENTRY_LEAD_MS = 2_000;

// IQ-style "previous" expiries refuse an expiry closer than 30 s: the broker would reject it.
const MIN_REMAINING_MS = 30_000;

/** Where gale orders go: the next candle of the same asset, or onto the next signal (no instant). */
export type GaleSchedule = 'nextCandle' | 'nextSignal';

/** One order's two instants, Unix ms. `sendAtMs` may already be past: then send at once. */
export interface OrderWindow {
  sendAtMs: number;
  expiresAtMs: number;
}

/** The first order of a signal plus the instants of its gale orders (empty with `nextSignal`). */
export interface EntryPlan extends OrderWindow {
  gales: OrderWindow[];
}

/** What {@link planEntry} needs. */
export interface EntryTimingInput {
  /** Timing type 4–9 (use {@link timingOfChannelType} for a channel card's 1–6). */
  signalType: SignalType;
  /** The current instant, Unix ms. */
  nowMs: number;
  /**
   * The signal time `T` (UTC, Unix ms) for types 7–9. Absent for an immediate signal: types 7–9
   * then use the next candle open, like type 6. Types 4–6 always work from `nowMs`.
   */
  signalAtMs?: number | undefined;
  /** Candle / expiry length in minutes (1, 5, 15, 60…). */
  timeframeMin: number;
  /** Channel delay `d` in seconds; may be negative or fractional. Not applied to types 4/5. */
  delaySec?: number | undefined;
  /** Number of gale levels G (0 = none). */
  gales?: number | undefined;
  /** Default `nextCandle`. */
  galeSchedule?: GaleSchedule | undefined;
}

/** Rounds an instant down to its minute: `floorToMinuteMs(90_500) === 60_000`. */
export function floorToMinuteMs(atMs: number): number {
  return Math.floor(atMs / MINUTE_MS) * MINUTE_MS;
}

/** Rounds an instant up to a whole minute: `ceilToMinuteMs(60_001) === 120_000`. */
export function ceilToMinuteMs(atMs: number): number {
  return Math.ceil(atMs / MINUTE_MS) * MINUTE_MS;
}

/**
 * Open of the first candle of `timeframeMin` minutes starting at or after `atMs` (candles are
 * aligned to the Unix epoch, i.e. to UTC): `nextCandleOpenMs(61_000, 1) === 120_000`.
 */
export function nextCandleOpenMs(atMs: number, timeframeMin: number): number {
  const candleMs = timeframeMin * MINUTE_MS;
  return Math.ceil(atMs / candleMs) * candleMs;
}

/** Maps a channel card's signal type 1–6 onto timing type 4–9: `timingOfChannelType(1) === 7`. */
export function timingOfChannelType(channelType: ChannelSignalType): SignalType {
  return CHANNEL_SIGNAL_TYPE_TIMING[channelType];
}

/**
 * Plans a signal's orders (Unix ms). Example: type 7, `T` 14:30, M5, no delay →
 * send 14:29:58, expire 14:35; gale 1 at 14:35 expiring 14:40.
 *
 * Type 9 is treated as type 8 (full minute, `T + d`): it only differs in how the panel writes the
 * delay (a decimal comma, already parsed into `delaySec`), since channel type 6 is "full minute
 * with the card's decimal-comma delay".
 *
 * @throws RangeError when `nowMs`/`signalAtMs` are not finite or `timeframeMin` is not positive:
 *   those are programming errors, the panel validates what traders type.
 */
export function planEntry(input: EntryTimingInput): EntryPlan {
  const { signalType, nowMs, signalAtMs, timeframeMin } = input;
  if (!Number.isFinite(nowMs)) throw new RangeError(`nowMs must be finite, got ${nowMs}`);
  if (signalAtMs !== undefined && !Number.isFinite(signalAtMs)) {
    throw new RangeError(`signalAtMs must be finite, got ${signalAtMs}`);
  }
  if (!(Number.isFinite(timeframeMin) && timeframeMin > 0)) {
    throw new RangeError(`timeframeMin must be positive, got ${timeframeMin}`);
  }
  const tfMs = timeframeMin * MINUTE_MS;
  const delayMs = Math.round((Number.isFinite(input.delaySec) ? (input.delaySec ?? 0) : 0) * 1000);

  const first = firstOrder(signalType, nowMs, signalAtMs, tfMs, timeframeMin, delayMs);
  return { ...first, gales: galeOrders(first, tfMs, input.gales ?? 0, input.galeSchedule) };
}

function firstOrder(
  signalType: SignalType,
  nowMs: number,
  signalAtMs: number | undefined,
  tfMs: number,
  timeframeMin: number,
  delayMs: number,
): OrderWindow {
  switch (signalType) {
    case 4: {
      let expiresAtMs = floorToMinuteMs(nowMs + tfMs);
      if (expiresAtMs - nowMs < MIN_REMAINING_MS) expiresAtMs += MINUTE_MS;
      return { sendAtMs: nowMs, expiresAtMs };
    }
    case 5:
      return { sendAtMs: nowMs, expiresAtMs: ceilToMinuteMs(nowMs + tfMs) };
    case 6: {
      const openMs = nextCandleOpenMs(nowMs, timeframeMin);
      return { sendAtMs: openMs + delayMs, expiresAtMs: openMs + tfMs };
    }
    case 7: {
      const t = signalAtMs ?? nextCandleOpenMs(nowMs, timeframeMin);
      return { sendAtMs: t - ENTRY_LEAD_MS + delayMs, expiresAtMs: t + tfMs };
    }
    case 8:
    case 9: {
      const t = signalAtMs ?? nextCandleOpenMs(nowMs, timeframeMin);
      return { sendAtMs: t + delayMs, expiresAtMs: t + tfMs };
    }
  }
}

// A gale can only go once the previous order has settled, so each one is sent at the previous
// expiry (T + k·tf for types 7–9) and runs one timeframe; the delay is not applied again.
function galeOrders(
  first: OrderWindow,
  tfMs: number,
  gales: number,
  schedule: GaleSchedule = 'nextCandle',
): OrderWindow[] {
  if (schedule === 'nextSignal') return [];
  const count = Number.isFinite(gales) ? Math.max(0, Math.floor(gales)) : 0;
  return Array.from({ length: count }, (_, i) => ({
    sendAtMs: first.expiresAtMs + i * tfMs,
    expiresAtMs: first.expiresAtMs + (i + 1) * tfMs,
  }));
}
