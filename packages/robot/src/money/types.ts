/**
 * The vocabulary every money-management strategy shares (ROBOT.md §0), so a bot session drives
 * martingale, soros, masaniello, cycles, custom cycles and loss recovery the same way:
 *
 * 1. a signal arrives → `next(state, { type: 'start_sequence', balanceCents }, config)`;
 * 2. send every `place` command to the broker (the session owns *when*: `nextCandle` or
 *    `nextSignal` gale schedule), then report it with `{ type: 'order_settled', stakeCents, pnlCents }`;
 * 3. repeat until a `sequence_end` command; `cycle_end` tells the log a plan/cycle closed and
 *    `halt` that this strategy will trade no more (Masaniello type 1).
 *
 * A stop hit mid-ladder is reported with `{ type: 'abort_sequence' }`; the bot commands
 * zeroMasaniello / zeroCycle / zeroRecovery map onto `{ type: 'reset' }`.
 */
import type { Cents } from './cents.ts';

/** Result of one order from its realised P&L: `> 0` W, `= 0` D (refund), `< 0` L. */
export type OrderResult = 'W' | 'L' | 'D';
/** Result of a whole sequence (a draw never ends one: it is repeated or counted as a loss). */
export type SequenceResult = 'W' | 'L';
/** What a draw means: `refund` (default) re-sends the same stake, `asLoss` advances as a loss. */
export type DrawPolicy = 'refund' | 'asLoss';
/** Balance a percent entry is taken from: session start (default) or current at each sequence. */
export type BalanceRef = 'start' | 'current';

/** Entry base: a fixed stake, or a percentage of a balance (ROBOT.md §0). */
export type EntryBase =
  { kind: 'fixed'; stakeCents: Cents } | { kind: 'percent'; pct: number; balanceRef?: BalanceRef };

/** Broker stake limits in cents; every stake is clamped into them and to the balance. */
export interface StakeLimits {
  brokerMinCents: Cents;
  brokerMaxCents: Cents;
}

/** Settings most strategies share. `payout` is the planning payout as a fraction (87 % → 0.87). */
export interface CommonConfig extends StakeLimits {
  entry: EntryBase;
  payout: number;
  drawPolicy?: DrawPolicy;
}

/** Events a session feeds into `next`. */
export type MoneyEvent =
  /** A signal: open a sequence. `balanceCents` is the broker balance now. */
  | { type: 'start_sequence'; balanceCents: Cents }
  /** The order of the last `place` settled; `pnlCents` is the realised P&L (−stake on a loss). */
  | { type: 'order_settled'; stakeCents: Cents; pnlCents: Cents }
  /** A stop hit mid-ladder: drop the remaining gales and close the sequence as a loss. */
  | { type: 'abort_sequence' }
  /** Zero the strategy's counters (bot commands zeroMasaniello / zeroCycle / zeroRecovery). */
  | { type: 'reset' };

/** Why a stake was lowered: broker maximum, available balance, plan capital or recovery cap. */
export type CapReason = 'brokerMax' | 'balance' | 'capital' | 'recoveryCap';

/** Why an event was refused; the state is unchanged and the session logs the reason. */
export type RejectReason =
  'sequence_in_flight' | 'no_sequence' | 'halted' | 'insufficient_balance' | 'invalid_config';

/** Why a plan or cycle closed. */
export type CycleEndReason = 'target' | 'bust' | 'no_capital';

/** Send one order. `galeLevel` 0 is the entry; `minApplied` when the broker minimum raised it. */
export interface PlaceCommand {
  type: 'place';
  stakeCents: Cents;
  galeLevel: number;
  minApplied: boolean;
  capped: CapReason | null;
}

/** The sequence closed; `pnlCents` is its realised P&L over `orders` broker trades. */
export interface SequenceEndCommand {
  type: 'sequence_end';
  result: SequenceResult;
  pnlCents: Cents;
  orders: number;
  /** Set when the ladder was cut short: by the session (`abort`) or by a lack of balance. */
  aborted?: 'abort' | 'no_capital';
}

/** A plan (Masaniello) or a walk (soros chain, cycles table) closed. */
export interface CycleEndCommand {
  type: 'cycle_end';
  reason: CycleEndReason;
  /** Masaniello: what closed it early (`target` profit or `hitsRestart`), else `plan`. */
  trigger?: 'plan' | 'profitTarget' | 'hitsRestart';
  /** Masaniello: the capital the plan ended with. */
  capitalCents?: Cents;
  /** Masaniello: a new plan was opened (`progressive`, `restart`) or none (`halt`). */
  then?: 'new_cycle' | 'restart' | 'halt';
}

/** Commands a strategy returns; the session executes `place`, logs the rest. */
export type MoneyCommand =
  | PlaceCommand
  | SequenceEndCommand
  | CycleEndCommand
  | { type: 'rejected'; reason: RejectReason }
  | { type: 'halt'; reason: 'plan_complete' | 'plan_bust' };

/** What `next` returns. */
export interface Step<S> {
  state: S;
  commands: MoneyCommand[];
}

/** The order ladder of the sequence in flight (one signal: entry plus up to `maxGales` gales). */
export interface Ladder {
  galeLevel: number;
  maxGales: number;
  /** Stake of the order in flight (after clamping). */
  stakeCents: Cents;
  /** Stakes settled so far, one per order (a refunded draw is included). */
  stakesCents: Cents[];
  pnlCents: Cents;
  /** Sum of the stakes lost in this sequence (what a payout-aware gale must cover). */
  lostCents: Cents;
  /** Net a payout-aware gale aims to win, in (fractional) cents: `base·p`. */
  targetNetCents: number;
}

/** Fields every strategy state carries; the engine in `ladder.ts` maintains them. */
export interface BaseState {
  /** Balance as last reported plus realised P&L since. */
  balanceCents: Cents;
  /** Balance at the session's first sequence (percent entry with `balanceRef: 'start'`). */
  startBalanceCents: Cents | null;
  ladder: Ladder | null;
  halted: boolean;
}

/** Serialisable one-line summary of a state, for previews and the activity feed. */
export type StateSummary = Record<string, number | string | boolean>;

/** A strategy as a value: the session and the simulator drive every one through this. */
export interface MoneyStrategy<C, S extends BaseState> {
  name: StrategyName;
  initial(config: C): S;
  next(state: S, event: MoneyEvent, config: C): Step<S>;
  /** Plain figures of the state (the config gives those that need the plan, e.g. a target). */
  summarize(state: S, config: C): StateSummary;
}

/** Strategy names, as used by `simulatePath` and the simulator CLI. */
export type StrategyName =
  'martingale' | 'soros' | 'masaniello' | 'cycles' | 'customCycles' | 'lossRecovery';
