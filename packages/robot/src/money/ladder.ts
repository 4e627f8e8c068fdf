/**
 * The sequence engine every strategy shares: it opens a ladder on a signal, clamps stakes,
 * handles draws, walks the gales and closes the sequence. A strategy only says which stake to
 * open with, which stake a gale uses and what a closed sequence does to its own counters — so
 * the one-sequence-at-a-time rule, clamping and the draw policy live in exactly one place.
 */
import { ceilCents, roundCents, type Cents } from './cents.ts';
import type {
  BaseState,
  CapReason,
  DrawPolicy,
  EntryBase,
  Ladder,
  MoneyCommand,
  MoneyEvent,
  OrderResult,
  PlaceCommand,
  RejectReason,
  SequenceResult,
  StakeLimits,
  Step,
} from './types.ts';

/** A stake a strategy asks for, before clamping; `capCents` is a strategy's own ceiling. */
export interface StakeRequest {
  rawCents: number;
  capCents?: Cents;
  capReason?: CapReason;
}

/** A strategy's answer to a new signal. */
export type OpenPlan<S> =
  | { kind: 'open'; state: S; stake: StakeRequest; maxGales: number; targetNetCents: number }
  | { kind: 'reject'; state: S; reason: 'halted' | 'invalid_config' };

/** A closed sequence, as the strategy sees it. */
export interface SequenceOutcome {
  result: SequenceResult;
  pnlCents: Cents;
  ladder: Ladder;
}

/** The three decisions a strategy makes; everything else is the engine's. */
export interface LadderHooks<S extends BaseState, C> {
  open(state: S, config: C): OpenPlan<S>;
  gale(state: S, config: C, ladder: Ladder): StakeRequest;
  close(state: S, config: C, outcome: SequenceOutcome): Step<S>;
  /** Balance below the broker minimum at the entry; default: reject the signal. */
  noCapital?(state: S, config: C): Step<S>;
  reset(state: S, config: C): S;
}

/** Configuration the engine reads. */
export type LadderConfig = StakeLimits & { drawPolicy?: DrawPolicy };

/** Initial engine fields of a state. */
export function initialBase(): BaseState {
  return { balanceCents: 0, startBalanceCents: null, ladder: null, halted: false };
}

/** Classifies a realised P&L (cents) under a draw policy: `classifyOrder(0, 'asLoss') === 'L'`. */
export function classifyOrder(pnlCents: Cents, drawPolicy: DrawPolicy = 'refund'): OrderResult {
  if (pnlCents > 0) return 'W';
  if (pnlCents < 0) return 'L';
  return drawPolicy === 'asLoss' ? 'L' : 'D';
}

/** Result of clamping a stake; `null` from `clampStake` means no stake is possible. */
export interface ClampedStake {
  stakeCents: Cents;
  minApplied: boolean;
  capped: CapReason | null;
}

/**
 * Clamps a requested stake (cents) to the broker minimum, the strategy cap, the broker maximum and
 * the balance, in that order; `null` when the result would fall below the minimum.
 * Example: `clampStake({ rawCents: 50 }, { brokerMinCents: 100, brokerMaxCents: 10_000 }, 5_000)`
 * → `{ stakeCents: 100, minApplied: true, capped: null }`.
 */
export function clampStake(
  request: StakeRequest,
  limits: StakeLimits,
  balanceCents: Cents,
): ClampedStake | null {
  let stake = Math.max(0, Math.round(request.rawCents));
  let minApplied = false;
  let capped: CapReason | null = null;
  if (stake < limits.brokerMinCents) {
    stake = limits.brokerMinCents;
    minApplied = true;
  }
  const ceilings: [Cents | undefined, CapReason][] = [
    [request.capCents, request.capReason ?? 'capital'],
    [limits.brokerMaxCents, 'brokerMax'],
    [balanceCents, 'balance'],
  ];
  for (const [ceiling, reason] of ceilings) {
    if (ceiling !== undefined && stake > ceiling) {
      stake = ceiling;
      capped = reason;
    }
  }
  if (stake < limits.brokerMinCents || stake <= 0) return null;
  return { stakeCents: stake, minApplied: minApplied && capped === null, capped };
}

/**
 * Entry base in cents: fixed, or `pct` % of the start or current balance, half up.
 * Example: `entryBaseCents({ kind: 'percent', pct: 2 }, state)` with a 500.00 start → 1000.
 */
export function entryBaseCents(entry: EntryBase, state: BaseState): Cents {
  if (entry.kind === 'fixed') return entry.stakeCents;
  const ref =
    entry.balanceRef === 'current'
      ? state.balanceCents
      : (state.startBalanceCents ?? state.balanceCents);
  return roundCents((ref * entry.pct) / 100);
}

/**
 * Stake of the next gale (cents): `multiplier > 0` chains on the last stake sent, half up;
 * `multiplier = 0` is payout-aware, `ceil((lost + base·p)/p)`, so a win nets about `base·p`.
 * Example: `galeStakeCents(ladderAfter2Lost, 2.2, 0.87)` after 2.00 → 440.
 */
export function galeStakeCents(ladder: Ladder, multiplier: number, payout: number): Cents {
  if (multiplier > 0) return roundCents(ladder.stakeCents * multiplier);
  return ceilCents((ladder.lostCents + ladder.targetNetCents) / payout);
}

function place(clamped: ClampedStake, galeLevel: number): PlaceCommand {
  return { type: 'place', galeLevel, ...clamped };
}

function reject<S>(state: S, reason: RejectReason): Step<S> {
  return { state, commands: [{ type: 'rejected', reason }] };
}

function finish<S extends BaseState, C>(
  state: S,
  config: C,
  hooks: LadderHooks<S, C>,
  ladder: Ladder,
  result: SequenceResult,
  aborted?: 'abort' | 'no_capital',
): Step<S> {
  const idle = { ...state, ladder: null };
  const closed = hooks.close(idle, config, { result, pnlCents: ladder.pnlCents, ladder });
  const end: MoneyCommand = {
    type: 'sequence_end',
    result,
    pnlCents: ladder.pnlCents,
    orders: ladder.stakesCents.length,
    ...(aborted ? { aborted } : {}),
  };
  return { state: closed.state, commands: [end, ...closed.commands] };
}

/** Runs one event through the shared sequence engine with a strategy's hooks. */
export function stepLadder<S extends BaseState, C extends LadderConfig>(
  state: S,
  event: MoneyEvent,
  config: C,
  hooks: LadderHooks<S, C>,
): Step<S> {
  switch (event.type) {
    case 'reset':
      return { state: hooks.reset(state, config), commands: [] };
    case 'start_sequence': {
      if (state.ladder) return reject(state, 'sequence_in_flight');
      if (state.halted) return reject(state, 'halted');
      const synced: S = {
        ...state,
        balanceCents: event.balanceCents,
        startBalanceCents: state.startBalanceCents ?? event.balanceCents,
      };
      const plan = hooks.open(synced, config);
      if (plan.kind === 'reject') return reject(plan.state, plan.reason);
      const clamped = clampStake(plan.stake, config, plan.state.balanceCents);
      if (!clamped) {
        return hooks.noCapital
          ? hooks.noCapital(plan.state, config)
          : reject(plan.state, 'insufficient_balance');
      }
      const ladder: Ladder = {
        galeLevel: 0,
        maxGales: plan.maxGales,
        stakeCents: clamped.stakeCents,
        stakesCents: [],
        pnlCents: 0,
        lostCents: 0,
        targetNetCents: plan.targetNetCents,
      };
      return { state: { ...plan.state, ladder }, commands: [place(clamped, 0)] };
    }
    case 'order_settled': {
      const before = state.ladder;
      if (!before) return reject(state, 'no_sequence');
      const ladder: Ladder = {
        ...before,
        stakeCents: event.stakeCents,
        stakesCents: [...before.stakesCents, event.stakeCents],
        pnlCents: before.pnlCents + event.pnlCents,
        lostCents: before.lostCents + Math.max(0, -event.pnlCents),
      };
      const settled: S = { ...state, balanceCents: state.balanceCents + event.pnlCents, ladder };
      const result = classifyOrder(event.pnlCents, config.drawPolicy);
      if (result === 'W') return finish(settled, config, hooks, ladder, 'W');
      if (result === 'D') {
        // A refund advances nothing: the same stake goes out again at the same level.
        const again = clampStake({ rawCents: event.stakeCents }, config, settled.balanceCents);
        if (!again) return finish(settled, config, hooks, ladder, 'L', 'no_capital');
        return { state: settled, commands: [place(again, ladder.galeLevel)] };
      }
      if (ladder.galeLevel >= ladder.maxGales) return finish(settled, config, hooks, ladder, 'L');
      const clamped = clampStake(hooks.gale(settled, config, ladder), config, settled.balanceCents);
      if (!clamped) return finish(settled, config, hooks, ladder, 'L', 'no_capital');
      const galeLevel = ladder.galeLevel + 1;
      return {
        state: { ...settled, ladder: { ...ladder, galeLevel, stakeCents: clamped.stakeCents } },
        commands: [place(clamped, galeLevel)],
      };
    }
    case 'abort_sequence': {
      if (!state.ladder) return reject(state, 'no_sequence');
      return finish(state, config, hooks, state.ladder, 'L', 'abort');
    }
  }
}
