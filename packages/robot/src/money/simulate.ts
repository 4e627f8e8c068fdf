/**
 * Drives any strategy through a list of order results with a fixed payout: the table the
 * simulator CLI prints and the panel's previews show. It uses exactly the events a live session
 * sends, so a preview cannot drift from what the bot does.
 */
import { roundCents, type Cents } from './cents.ts';
import type {
  BaseState,
  MoneyCommand,
  MoneyStrategy,
  OrderResult,
  PlaceCommand,
  RejectReason,
  StateSummary,
} from './types.ts';

/** One settled order of a simulated path. */
export interface SimulationRow {
  /** 1-based order number. */
  order: number;
  /** 1-based sequence (signal) number. */
  sequence: number;
  galeLevel: number;
  stakeCents: Cents;
  minApplied: boolean;
  capped: PlaceCommand['capped'];
  result: OrderResult;
  pnlCents: Cents;
  balanceCents: Cents;
  /** The strategy's state after this order. */
  summary: StateSummary;
  /** Non-`place` commands this order produced (`sequence_end`, `cycle_end`, `halt`). */
  events: MoneyCommand[];
}

/** A simulated path: its rows, the final state and why it stopped before the results ran out. */
export interface SimulationResult<S> {
  rows: SimulationRow[];
  state: S;
  stoppedBy: RejectReason | null;
}

/** Options of `simulatePath`. */
export interface SimulationOptions {
  /** Balance at the start, cents (default 100 000 = 1 000.00). */
  startBalanceCents?: Cents;
}

/** P&L of one order (cents) at a payout fraction: win `stake·p` half up, loss `−stake`, draw 0. */
export function orderPnlCents(stakeCents: Cents, result: OrderResult, payout: number): Cents {
  if (result === 'W') return roundCents(stakeCents * payout);
  if (result === 'L') return -stakeCents;
  return 0;
}

/**
 * Plays `results` (one per order) through a strategy at `payout` (fraction); a new sequence opens
 * whenever the previous one ended. Example:
 * `simulatePath(soros, cfg, ['W', 'W', 'W', 'W'], 0.87).rows.map((r) => r.stakeCents)` →
 * `[1000, 1870, 3497, 1000]`.
 */
export function simulatePath<C, S extends BaseState>(
  strategy: MoneyStrategy<C, S>,
  config: C,
  results: readonly OrderResult[],
  payout: number,
  options: SimulationOptions = {},
): SimulationResult<S> {
  let state = strategy.initial(config);
  let balance = options.startBalanceCents ?? 100_000;
  let pending: PlaceCommand | null = null;
  let sequence = 0;
  const rows: SimulationRow[] = [];
  for (const result of results) {
    if (!pending) {
      const opened = strategy.next(
        state,
        { type: 'start_sequence', balanceCents: balance },
        config,
      );
      state = opened.state;
      pending = firstPlace(opened.commands);
      if (!pending) {
        const rejected = opened.commands.find((c) => c.type === 'rejected');
        return {
          rows,
          state,
          stoppedBy: rejected?.type === 'rejected' ? rejected.reason : 'halted',
        };
      }
      sequence += 1;
    }
    const stake: PlaceCommand = pending;
    const pnlCents = orderPnlCents(stake.stakeCents, result, payout);
    balance += pnlCents;
    const settled = strategy.next(
      state,
      { type: 'order_settled', stakeCents: stake.stakeCents, pnlCents },
      config,
    );
    state = settled.state;
    pending = firstPlace(settled.commands);
    rows.push({
      order: rows.length + 1,
      sequence,
      galeLevel: stake.galeLevel,
      stakeCents: stake.stakeCents,
      minApplied: stake.minApplied,
      capped: stake.capped,
      result,
      pnlCents,
      balanceCents: balance,
      summary: strategy.summarize(state, config),
      events: settled.commands.filter((c) => c.type !== 'place'),
    });
  }
  return { rows, state, stoppedBy: null };
}

function firstPlace(commands: MoneyCommand[]): PlaceCommand | null {
  for (const command of commands) if (command.type === 'place') return command;
  return null;
}
