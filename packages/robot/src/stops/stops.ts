/**
 * Session stops (ROBOT.md §7), evaluated after every settled order — also inside a gale ladder,
 * where a hit aborts the remaining gales. A pure state machine: `initialStops` at session start,
 * `onOrderSettled` after each order, `allowsOrder` before sending one.
 */
import type { StopType } from '@app/contract';
import { roundCents, toCents, type Cents } from '../money/cents.ts';
import type { SequenceResult } from '../money/types.ts';

/**
 * Stop settings. Units of `stopWin`/`stopLoss` follow the type: 1 cents, 2 percent of the
 * session-start balance, 3 and 4 a score differential, 5 a count of sequences. 0 disables a side.
 */
export interface StopsConfig {
  stopType: StopType;
  stopWin: number;
  stopLoss: number;
  /** stopMovel: trailing stop on money types 1 and 2; forced off for type 5 (SPEC §4). */
  trailing: boolean;
}

/** Which stop fired. */
export type StopHit = 'stop_win' | 'stop_loss' | 'trailing';

/** Why `allowsOrder` refuses an order. */
export type StopRefusal = 'stopped' | 'pre_stop';

/** Running session score the stops read. */
export interface StopsState {
  startBalanceCents: Cents;
  profitCents: Cents;
  /** Highest profit reached (starts at 0), for the trailing floor. */
  peakCents: Cents;
  ordersWon: number;
  ordersLost: number;
  sequencesWon: number;
  sequencesLost: number;
  hit: StopHit | null;
}

/** A settled order; `sequenceEnd` is set when it closed its sequence (money's `sequence_end`). */
export interface SettledOrder {
  pnlCents: Cents;
  sequenceEnd?: SequenceResult;
}

/** Options: `suspended` while a Masaniello plan is active (the plan is the stop, ROBOT.md §3). */
export interface StopsOptions {
  suspended?: boolean;
}

/**
 * Maps the global params as sent on the wire (money in currency units) to a `StopsConfig`.
 * Example: `{ stopType: 1, stopWin: 50, stopLoss: 30, stopMovel: 1 }` → stopWin 5000, stopLoss 3000.
 */
export function stopsConfigFromParams(params: {
  stopType: StopType;
  stopWin: number;
  stopLoss: number;
  stopMovel: number | boolean;
}): StopsConfig {
  const money = params.stopType === 1;
  return {
    stopType: params.stopType,
    stopWin: money ? toCents(params.stopWin) : params.stopWin,
    stopLoss: money ? toCents(params.stopLoss) : params.stopLoss,
    trailing: params.stopType !== 5 && Boolean(params.stopMovel),
  };
}

/** Fresh stops for a session starting with `startBalanceCents`. Example: `initialStops(100_000)`. */
export function initialStops(startBalanceCents: Cents): StopsState {
  return {
    startBalanceCents,
    profitCents: 0,
    peakCents: 0,
    ordersWon: 0,
    ordersLost: 0,
    sequencesWon: 0,
    sequencesLost: 0,
    hit: null,
  };
}

/**
 * Money thresholds (cents) of types 1 and 2, or `null` for the score types; 0 = side off.
 * Example: type 2, SW 10, SL 5 on a 1 000.00 start → `{ winCents: 10_000, lossCents: 5_000 }`.
 */
export function moneyThresholds(
  state: StopsState,
  config: StopsConfig,
): { winCents: Cents; lossCents: Cents } | null {
  if (config.stopType === 1) return { winCents: config.stopWin, lossCents: config.stopLoss };
  if (config.stopType === 2) {
    return {
      winCents: roundCents((state.startBalanceCents * config.stopWin) / 100),
      lossCents: roundCents((state.startBalanceCents * config.stopLoss) / 100),
    };
  }
  return null;
}

/**
 * Trailing floor (cents) of stop móvel: `max(−SL, peak − SL)`, or `null` when it does not apply.
 * Example: SL 30.00 and a peak of 50.00 → 2 000 (a profit of 20.00 or less stops).
 */
export function trailingFloorCents(state: StopsState, config: StopsConfig): Cents | null {
  const money = moneyThresholds(state, config);
  if (!config.trailing || !money || money.lossCents <= 0) return null;
  return Math.max(-money.lossCents, state.peakCents - money.lossCents);
}

function score(state: StopsState, order: SettledOrder): StopsState {
  const profitCents = state.profitCents + order.pnlCents;
  return {
    ...state,
    profitCents,
    peakCents: Math.max(state.peakCents, profitCents),
    ordersWon: state.ordersWon + (order.pnlCents > 0 ? 1 : 0),
    ordersLost: state.ordersLost + (order.pnlCents < 0 ? 1 : 0),
    sequencesWon: state.sequencesWon + (order.sequenceEnd === 'W' ? 1 : 0),
    sequencesLost: state.sequencesLost + (order.sequenceEnd === 'L' ? 1 : 0),
  };
}

function check(state: StopsState, config: StopsConfig): StopHit | null {
  const { stopWin: sw, stopLoss: sl } = config;
  const money = moneyThresholds(state, config);
  if (money) {
    if (money.winCents > 0 && state.profitCents >= money.winCents) return 'stop_win';
    if (money.lossCents > 0 && state.profitCents <= -money.lossCents) return 'stop_loss';
    const floor = trailingFloorCents(state, config);
    return floor !== null && state.profitCents <= floor ? 'trailing' : null;
  }
  const [won, lost] =
    config.stopType === 4
      ? [state.ordersWon, state.ordersLost]
      : [state.sequencesWon, state.sequencesLost];
  if (config.stopType === 5) {
    if (sw > 0 && won >= sw) return 'stop_win';
    return sl > 0 && lost >= sl ? 'stop_loss' : null;
  }
  // Diferencial 1 (per sequence) and 2 (per order): the score differential.
  if (sw > 0 && won - lost >= sw) return 'stop_win';
  return sl > 0 && lost - won >= sl ? 'stop_loss' : null;
}

/**
 * Scores a settled order and reports a stop that fires now; a hit is sticky.
 * Example: type 1, SW 10.00: `onOrderSettled(s, { pnlCents: 1_000 }, cfg).hit === 'stop_win'`.
 */
export function onOrderSettled(
  state: StopsState,
  order: SettledOrder,
  config: StopsConfig,
  options: StopsOptions = {},
): { state: StopsState; hit?: StopHit } {
  const scored = score(state, order);
  if (scored.hit || options.suspended) return { state: scored };
  const hit = check(scored, config);
  return hit ? { state: { ...scored, hit }, hit } : { state: scored };
}

/**
 * Whether an order of `stakeCents` may be sent: refused after a stop, or by the pre-stop
 * (money types: `profit − stake < −SL`). Example: profit −25.00, SL 30.00, stake 10.00 → `'pre_stop'`.
 */
export function allowsOrder(
  state: StopsState,
  stakeCents: Cents,
  config: StopsConfig,
  options: StopsOptions = {},
): true | StopRefusal {
  if (options.suspended) return true;
  if (state.hit) return 'stopped';
  const money = moneyThresholds(state, config);
  if (money && money.lossCents > 0 && state.profitCents - stakeCents < -money.lossCents)
    return 'pre_stop';
  return true;
}

/** Clears the score (bot command zeroScore), keeping the session-start balance. */
export function resetStops(state: StopsState): StopsState {
  return initialStops(state.startBalanceCents);
}
