import { TRADE_GATE_REASONS } from '@app/contract';
import type { SessionState } from './types.ts';

/**
 * Every reason a bot may not open a sequence for a signal, as the activity feed names it
 * (`robot.refusal.<reason>`). Order matters: the first that applies is the one reported.
 */
export const TRADE_BLOCKS = TRADE_GATE_REASONS;
export type TradeBlock = (typeof TRADE_BLOCKS)[number];

/** A trading window in the reader's clock: `HH:MM` strings, '' = not set. */
export interface ClockWindow {
  start: string;
  end: string;
}

/** What {@link tradeBlock} looks at; instants Unix ms, money cents. */
export interface TradeGateInput {
  state: SessionState;
  /** Whether the bot's settings were ever saved (global params of its broker, its strategy's). */
  configured: boolean;
  /** Whether the bot's messaging-app id was proven (a pending claim of any typed id never trades). */
  verified: boolean;
  /** Bot expiry, Unix seconds; ≤ 0 = none. */
  botExpSec: number;
  nowMs: number;
  /** Reader windows (up to three) and the reader's UTC offset in hours. */
  windows: readonly ClockWindow[];
  utcOffsetHours: number;
  /** The signal's send instant and the broker's payout (fraction) for its asset and timeframe. */
  sendAtMs: number;
  payout: number;
  /** The global params' minimum payout, percent; 0 = none. */
  minPayoutPct: number;
  /** How late a send may still go out, ms. */
  lateToleranceMs: number;
}

const MINUTE_MS = 60_000;

function minutesOf(clock: string): number | null {
  const m = /^(\d\d):(\d\d)$/.exec(clock);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * Whether an instant falls inside one of the windows (in the reader's clock). A window whose end
 * is before its start runs over midnight; no window set = always inside.
 * @example insideWindows(Date.UTC(2024,0,1,13), [{ start: '09:00', end: '12:00' }], -3) // true (10:00 local)
 */
export function insideWindows(
  atMs: number,
  windows: readonly ClockWindow[],
  utcOffsetHours: number,
): boolean {
  const set = windows
    .map((w) => ({ start: minutesOf(w.start), end: minutesOf(w.end) }))
    .filter((w): w is { start: number; end: number } => w.start !== null && w.end !== null);
  if (set.length === 0) return true;
  const local = Math.floor(atMs / MINUTE_MS + utcOffsetHours * 60);
  const minute = ((local % 1440) + 1440) % 1440;
  return set.some(({ start, end }) =>
    start <= end ? minute >= start && minute < end : minute >= start || minute < end,
  );
}

/**
 * The one place that says why a bot would not open a sequence now, or `null` when it would
 * (ROBOT.md §0, §9), so the decision, the dashboard and the tests agree. A gale waiting for the next signal (`nextSignal`
 * schedule) is not a new sequence: only the bot's own state can block it.
 * @example tradeBlock({ …input, configured: false }) // 'not_configured'
 */
export function tradeBlock(input: TradeGateInput): TradeBlock | null {
  const { state } = input;
  if (!input.configured) return 'not_configured';
  if (!input.verified) return 'not_verified';
  if (!state.running) return 'bot_off';
  if (input.botExpSec > 0 && input.botExpSec * 1000 <= input.nowMs) return 'expired';
  if (state.stopReason !== null) return 'stopped';
  const carriesGale = state.sequence?.waiting != null && state.openOrder === null;
  if (!carriesGale) {
    if (!insideWindows(input.sendAtMs, input.windows, input.utcOffsetHours)) {
      return 'outside_windows';
    }
    const max = state.config.maxOrdersPerDay;
    if (max > 0 && state.ordersToday >= max) return 'max_orders_reached';
    if (state.sequence || state.openOrder) return 'sequence_in_flight';
  }
  if (input.minPayoutPct > 0 && input.payout * 100 < input.minPayoutPct) return 'payout_below_min';
  if (input.nowMs > input.sendAtMs + input.lateToleranceMs) return 'entry_missed';
  return null;
}
