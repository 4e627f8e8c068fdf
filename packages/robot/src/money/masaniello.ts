/**
 * Masaniello (ROBOT.md §3): a plan of N events needing K wins at decimal odds q = 1 + p. Each
 * stake is the fraction of the current capital that makes every path with K wins end on
 * `C·M(N,K)` and every path with N−K+1 losses end at exactly 0. With gales, a whole ladder is
 * one event, planned as one composite bet. While a plan is active it is the stop: the session
 * skips the ordinary stops (`isMasanielloActive`).
 */
import type { MasanielloType } from '@app/contract';
import { roundCents, type Cents } from './cents.ts';
import { initialBase, stepLadder, type LadderHooks } from './ladder.ts';
import type {
  BaseState,
  CycleEndCommand,
  MoneyCommand,
  MoneyStrategy,
  StakeLimits,
  Step,
} from './types.ts';

/** Masaniello settings (SPEC §3 masaniello params), money in cents, payout as a fraction. */
export interface MasanielloConfig extends StakeLimits {
  capitalCents: Cents;
  /** totalOper (N). */
  totalOper: number;
  /** totalWin (K). */
  totalWin: number;
  /** Plan payout (fraction); the fractions use it, capital follows the real P&L. */
  payout: number;
  /** gale (G): a ladder of G gales is one composite event. */
  gales: number;
  /** typeMas: 1 normal (one plan, then stop), 2 progressive (next plan from the final capital). */
  type: MasanielloType;
  /** target: profit (cents) over the plan's start capital that closes it early as a hit; 0 = off. */
  profitTargetCents: Cents;
  /** hitsRestart: wins that close the plan early as a hit; 0 = off. */
  hitsRestart: number;
  /** restart: after a bust, open a new plan with the initial capital. */
  restartOnBust: boolean;
  /** How many such restarts a session allows (default 1). */
  maxRestarts?: number;
}

/** Masaniello state: the plan's capital and its score. */
export interface MasanielloState extends BaseState {
  capitalCents: Cents;
  planStartCapitalCents: Cents;
  won: number;
  lost: number;
  /** 1-based plan number in this session. */
  plan: number;
  restartsUsed: number;
}

/** Problems that forbid a plan (`errors`) or make it pointless (`warnings`). */
export type MasanielloIssue =
  'k_out_of_range' | 'n_out_of_range' | 'payout_out_of_range' | 'no_profit';

function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;
  return c;
}

/**
 * The plan multiplier M(n, k) at decimal odds q: final capital over start capital.
 * Example: `masanielloMultiplier(10, 4, 1.8)` ≈ 1.1058132.
 */
export function masanielloMultiplier(n: number, k: number, q: number): number {
  if (k <= 0) return 1;
  let denominator = 0;
  for (let i = k; i <= n; i++) denominator += binomial(n, i) * (q - 1) ** (n - i);
  return q ** n / denominator;
}

/**
 * Fraction of the capital to stake with n events left and k wins still needed.
 * Example: `masanielloFraction(10, 4, 1.8)` ≈ 0.0682; `masanielloFraction(3, 3, 1.8) === 1`.
 */
export function masanielloFraction(n: number, k: number, q: number): number {
  if (k <= 0) return 0;
  if (k >= n) return 1;
  return 1 - masanielloMultiplier(n, k, q) / masanielloMultiplier(n - 1, k, q);
}

/**
 * Composite-bet ratio of a ladder of G gales at payout p: `r = (1 + 1/p)^(G+1) − 1`, the ladder's
 * total risk over its planned profit. Example: `ladderRiskRatio(0.8, 0) === 1.25`.
 */
export function ladderRiskRatio(payout: number, gales: number): number {
  return (1 + 1 / payout) ** (gales + 1) - 1;
}

/** Decimal odds one Masaniello event pays: `1 + p`, or `1 + 1/r` for a ladder with gales. */
function eventOdds(config: Pick<MasanielloConfig, 'payout' | 'gales'>): number {
  return config.gales > 0
    ? 1 + 1 / ladderRiskRatio(config.payout, config.gales)
    : 1 + config.payout;
}

/** A plan preview: multiplier, target capital, first order's stake, first event's risk, issues. */
export interface MasanielloPlan {
  multiplier: number;
  targetCents: Cents;
  firstStakeCents: Cents;
  /** Capital at risk on the first event (= first stake without gales). */
  firstRiskCents: Cents;
  errors: MasanielloIssue[];
  warnings: MasanielloIssue[];
}

/**
 * Validates and previews a plan. Example: C 100.00, N 10, K 4, p 0.80 →
 * `{ multiplier ≈ 1.1058132, targetCents: 11058, firstStakeCents: 682, … }`.
 */
export function masanielloPlan(
  config: Pick<MasanielloConfig, 'capitalCents' | 'totalOper' | 'totalWin' | 'payout' | 'gales'>,
): MasanielloPlan {
  const errors: MasanielloIssue[] = [];
  const { totalOper: n, totalWin: k } = config;
  if (!Number.isInteger(n) || n < 2 || n > 100) errors.push('n_out_of_range');
  if (!Number.isInteger(k) || k < 1 || k >= n) errors.push('k_out_of_range');
  if (!(config.payout > 0 && config.payout < 1)) errors.push('payout_out_of_range');
  if (errors.length > 0) {
    return {
      multiplier: 0,
      targetCents: 0,
      firstStakeCents: 0,
      firstRiskCents: 0,
      errors,
      warnings: [],
    };
  }
  const q = eventOdds(config);
  const multiplier = masanielloMultiplier(n, k, q);
  const risk = eventRiskCents(config.capitalCents, masanielloFraction(n, k, q), config.gales);
  return {
    multiplier,
    targetCents: roundCents(config.capitalCents * multiplier),
    firstStakeCents: firstOrderStake(risk, config),
    firstRiskCents: roundCents(risk),
    errors,
    // M(N,K) ≥ 1 in exact arithmetic; the warning catches plans whose gain rounds away.
    warnings:
      multiplier <= 1 || roundCents(config.capitalCents * multiplier) <= config.capitalCents
        ? ['no_profit']
        : [],
  };
}

/**
 * The event's risk (cents): `capital·f`, to the cent without gales; with gales the ladder is
 * planned from the unrounded risk, so only each stake is rounded, when it is placed (ROBOT.md §3).
 */
function eventRiskCents(capitalCents: Cents, fraction: number, gales: number): number {
  const risk = capitalCents * fraction;
  return gales > 0 ? risk : roundCents(risk);
}

/**
 * Unrounded stake of ladder level `level` for a planned profit `profitCents` at payout `p`:
 * `s_0 = P/p`, `s_j = (P + Σ_{i<j} s_i)/p`, each from the unrounded stakes before it.
 * Example: `ladderStakeExact(100, 0.8, 1) === 281.25`.
 */
export function ladderStakeExact(profitCents: number, payout: number, level: number): number {
  let placed = 0;
  let stake = 0;
  for (let j = 0; j <= level; j += 1) {
    stake = (profitCents + placed) / payout;
    placed += stake;
  }
  return stake;
}

/** Entry stake of an event risking `riskCents`: itself, or with gales `P/p` with P = R/r, half up. */
function firstOrderStake(
  riskCents: number,
  config: Pick<MasanielloConfig, 'payout' | 'gales'>,
): Cents {
  if (config.gales === 0) return riskCents;
  const profit = riskCents / ladderRiskRatio(config.payout, config.gales);
  return roundCents(ladderStakeExact(profit, config.payout, 0));
}

/** Where a plan stands: what the dashboard shows beside the score. */
export interface MasanielloProgress {
  /** Events the plan may still play: N − played (draws are not events). */
  eventsLeft: number;
  /** Wins still needed to hit the target: K − won (0 once hit). */
  winsNeeded: number;
  /** Capital the plan ends on when it hits its target: start capital · M(N, K), cents. */
  targetCents: Cents;
}

/**
 * Events left, wins needed and target capital of the current plan. Example: plan A (C 100.00,
 * N 10, K 4, p 0.80) after L W → `{ eventsLeft: 8, winsNeeded: 3, targetCents: 11058 }`.
 */
export function masanielloProgress(
  state: Pick<MasanielloState, 'won' | 'lost' | 'planStartCapitalCents'>,
  config: Pick<MasanielloConfig, 'totalOper' | 'totalWin' | 'payout' | 'gales'>,
): MasanielloProgress {
  const valid = config.totalWin >= 1 && config.totalWin < config.totalOper && config.payout > 0;
  return {
    eventsLeft: Math.max(0, config.totalOper - state.won - state.lost),
    winsNeeded: Math.max(0, config.totalWin - state.won),
    targetCents: valid
      ? roundCents(
          state.planStartCapitalCents *
            masanielloMultiplier(config.totalOper, config.totalWin, eventOdds(config)),
        )
      : state.planStartCapitalCents,
  };
}

/** Whether a plan is running, so the session must skip the ordinary stops (ROBOT.md §3). */
export function isMasanielloActive(state: MasanielloState): boolean {
  return !state.halted;
}

function newPlan(
  state: MasanielloState,
  capitalCents: Cents,
  restartsUsed: number,
): MasanielloState {
  return {
    ...state,
    capitalCents,
    planStartCapitalCents: capitalCents,
    won: 0,
    lost: 0,
    plan: state.plan + 1,
    restartsUsed,
  };
}

/** Closes a plan and decides what follows: a new plan, a restart after a bust, or a halt. */
function endPlan(
  state: MasanielloState,
  config: MasanielloConfig,
  reason: CycleEndCommand['reason'],
  trigger: CycleEndCommand['trigger'],
): Step<MasanielloState> {
  const end: CycleEndCommand = {
    type: 'cycle_end',
    reason,
    trigger,
    capitalCents: state.capitalCents,
  };
  if (reason === 'target') {
    if (config.type === 2) {
      return {
        state: newPlan(state, state.capitalCents, state.restartsUsed),
        commands: [{ ...end, then: 'new_cycle' }],
      };
    }
    return {
      state: { ...state, halted: true },
      commands: [
        { ...end, then: 'halt' },
        { type: 'halt', reason: 'plan_complete' },
      ],
    };
  }
  if (config.restartOnBust && state.restartsUsed < (config.maxRestarts ?? 1)) {
    return {
      state: newPlan(state, config.capitalCents, state.restartsUsed + 1),
      commands: [{ ...end, then: 'restart' }],
    };
  }
  const commands: MoneyCommand[] = [
    { ...end, then: 'halt' },
    { type: 'halt', reason: 'plan_bust' },
  ];
  return { state: { ...state, halted: true }, commands };
}

const hooks: LadderHooks<MasanielloState, MasanielloConfig> = {
  open(state, config) {
    if (masanielloPlan(config).errors.length > 0)
      return { kind: 'reject', state, reason: 'invalid_config' };
    const q = eventOdds(config);
    const fraction = masanielloFraction(
      config.totalOper - state.won - state.lost,
      config.totalWin - state.won,
      q,
    );
    const risk = eventRiskCents(state.capitalCents, fraction, config.gales);
    const ratio = ladderRiskRatio(config.payout, config.gales);
    return {
      kind: 'open',
      state,
      stake: {
        rawCents: firstOrderStake(risk, config),
        capCents: state.capitalCents,
        capReason: 'capital',
      },
      maxGales: config.gales,
      // The ladder's planned profit P = R/r: every winning level nets P (ROBOT.md §3).
      targetNetCents: config.gales > 0 ? risk / ratio : risk * config.payout,
    };
  },
  // The ladder covers its own losses by construction: no round-up, each level from the unrounded
  // stakes before it (ROBOT.md §3).
  gale: (state, config, ladder) => ({
    rawCents: roundCents(
      ladderStakeExact(ladder.targetNetCents, config.payout, ladder.galeLevel + 1),
    ),
    capCents: state.capitalCents + ladder.pnlCents,
    capReason: 'capital',
  }),
  close(state, config, { result, pnlCents }) {
    const scored: MasanielloState = {
      ...state,
      capitalCents: state.capitalCents + pnlCents,
      won: state.won + (result === 'W' ? 1 : 0),
      lost: state.lost + (result === 'L' ? 1 : 0),
    };
    if (scored.won >= config.totalWin) return endPlan(scored, config, 'target', 'plan');
    if (scored.lost > config.totalOper - config.totalWin)
      return endPlan(scored, config, 'bust', 'plan');
    if (scored.capitalCents < config.brokerMinCents)
      return endPlan(scored, config, 'no_capital', 'plan');
    if (
      config.profitTargetCents > 0 &&
      scored.capitalCents - scored.planStartCapitalCents >= config.profitTargetCents
    ) {
      return endPlan(scored, config, 'target', 'profitTarget');
    }
    if (config.hitsRestart > 0 && scored.won >= config.hitsRestart) {
      return endPlan(scored, config, 'target', 'hitsRestart');
    }
    return { state: scored, commands: [] };
  },
  noCapital: (state, config) => endPlan(state, config, 'no_capital', 'plan'),
  reset: (state, config) => ({
    ...initialMasaniello(config),
    balanceCents: state.balanceCents,
    startBalanceCents: state.startBalanceCents,
  }),
};

function initialMasaniello(config: MasanielloConfig): MasanielloState {
  return {
    ...initialBase(),
    capitalCents: config.capitalCents,
    planStartCapitalCents: config.capitalCents,
    won: 0,
    lost: 0,
    plan: 1,
    restartsUsed: 0,
  };
}

/**
 * Masaniello as a strategy value. Draws never count as events (the same stake is re-sent).
 * Example: Plan A (C 100, N 10, K 4, p 0.80), path L W L W L W W → capital 110.58, target hit.
 */
export const masaniello: MoneyStrategy<MasanielloConfig, MasanielloState> = {
  name: 'masaniello',
  initial: initialMasaniello,
  next: (state, event, config) => stepLadder(state, event, config, hooks),
  summarize: (state, config) => ({
    plan: state.plan,
    capitalCents: state.capitalCents,
    won: state.won,
    lost: state.lost,
    ...masanielloProgress(state, config),
    active: !state.halted,
  }),
};
