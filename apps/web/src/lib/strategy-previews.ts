import type { MasanielloType, RecoveryFactor, RecoveryMode } from '@app/contract';
import {
  cycles,
  lossRecovery,
  masaniello,
  masanielloPlan,
  simulatePath,
  soros,
  toCents,
  type BaseState,
  type MasanielloPlan,
  type MoneyStrategy,
  type OrderResult,
  type SimulationRow,
  type StakeLimits,
} from '@app/robot';

/**
 * The previews of the strategy screens: the stakes the robot would send for a losing and a
 * winning run, computed by the robot's own strategies through `simulatePath`, so a preview
 * cannot drift from what the bot does (ROBOT.md §0–§6).
 */

/** Broker limits a preview assumes: the paper broker's defaults (1.00 to 5,000.00). */
export const PREVIEW_LIMITS: StakeLimits = { brokerMinCents: 100, brokerMaxCents: 500_000 };
/** A preview shows at most this many orders per run. */
export const PREVIEW_MAX_ORDERS = 30;
// Martingale-style previews show the stakes, not what a small balance would allow.
const PREVIEW_BALANCE_CENTS = 100_000_000;

/** One simulated run: its rows (at most PREVIEW_MAX_ORDERS) and whether more were cut. */
export interface PreviewRun {
  kind: 'losing' | 'winning';
  rows: SimulationRow[];
  truncated: boolean;
}

/** The preview's own inputs: the base entry in cents and the payout as a fraction. */
export interface PreviewBase {
  baseCents: number;
  payout: number;
}

function times(result: OrderResult, count: number): OrderResult[] {
  return Array.from({ length: Math.max(0, count) }, () => result);
}

function play<C, S extends BaseState>(
  kind: PreviewRun['kind'],
  strategy: MoneyStrategy<C, S>,
  config: C,
  results: OrderResult[],
  payout: number,
  startBalanceCents = PREVIEW_BALANCE_CENTS,
): PreviewRun {
  const shown = results.slice(0, PREVIEW_MAX_ORDERS);
  const { rows } = simulatePath(strategy, config, shown, payout, { startBalanceCents });
  return { kind, rows, truncated: results.length > PREVIEW_MAX_ORDERS };
}

function common({ baseCents, payout }: PreviewBase) {
  return { entry: { kind: 'fixed', stakeCents: baseCents } as const, payout, ...PREVIEW_LIMITS };
}

/** Cycles settings under the cycles screen's names (ROBOT.md §4). */
export interface CyclesInput {
  ciclos: number;
  ciclosFat: number;
  ciclosGale: number;
  ciclosGaleFat: number;
}

/**
 * Cycles: the losing run loses every order of every cycle; the winning run loses the first
 * cycle, then wins three signals. Base 2, p 0.87, G 2, gm 2, auto: 2, 4, 8, then 18.10 wins.
 */
export function cyclesPreview(input: CyclesInput, base: PreviewBase): PreviewRun[] {
  const config = {
    ...common(base),
    cycles: input.ciclos,
    cycleMultiplier: input.ciclosFat,
    gales: input.ciclosGale,
    galeMultiplier: input.ciclosGaleFat,
  };
  const ladder = input.ciclosGale + 1;
  return [
    play('losing', cycles, config, times('L', input.ciclos * ladder), base.payout),
    play('winning', cycles, config, [...times('L', ladder), ...times('W', 3)], base.payout),
  ];
}

/** Soros settings under the soros screen's names (ROBOT.md §2). */
export interface SorosInput {
  soros: number;
  sorosgale: number;
  sorosperc: number;
}

/**
 * Soros: the losing run loses two signals with all their gales (the stake never leaves the base);
 * the winning run wins every order, through the whole chain and one more (back to the base).
 * Gales inside a level are payout-aware: the soros screen has no gale multiplier of its own.
 * Base 10, N 2, 100 %, p 0.87: 10.00, 18.70, 34.97, 10.00.
 */
export function sorosPreview(input: SorosInput, base: PreviewBase): PreviewRun[] {
  const config = {
    ...common(base),
    levels: input.soros,
    pct: input.sorosperc,
    gales: input.sorosgale,
    galeMultiplier: 0,
  };
  return [
    play('losing', soros, config, times('L', 2 * (input.sorosgale + 1)), base.payout),
    play('winning', soros, config, times('W', input.soros + 2), base.payout),
  ];
}

/** Loss recovery settings under the screen's names (ROBOT.md §6); recoverProfit in currency. */
export interface LossRecoveryInput {
  recoverPerc: RecoveryFactor;
  mode: RecoveryMode;
  recoverGale: number;
  recoverGaleFat: number;
  recoverProfit: number;
}

/**
 * Loss recovery: the losing run loses three signals with all their gales (the bank grows); the
 * winning run loses one signal, then wins three (the installments pay the bank back).
 * Conservative, base 5, 50 %, G 1, gm 2, p 0.87: 5, 10, then 8.63, 5.00, 5.00.
 */
export function lossRecoveryPreview(input: LossRecoveryInput, base: PreviewBase): PreviewRun[] {
  const config = {
    ...common(base),
    factor: input.recoverPerc,
    mode: input.mode,
    gales: input.recoverGale,
    galeMultiplier: input.recoverGaleFat,
    recoverProfitCents: toCents(input.recoverProfit),
  };
  const ladder = input.recoverGale + 1;
  return [
    play('losing', lossRecovery, config, times('L', 3 * ladder), base.payout),
    play('winning', lossRecovery, config, [...times('L', ladder), ...times('W', 3)], base.payout),
  ];
}

/** Masaniello settings under the screen's names (ROBOT.md §3); payout in percent, money in currency. */
export interface MasanielloInput {
  capital: number;
  totalOper: number;
  totalWin: number;
  payout: number;
  gale: number;
  typeMas: MasanielloType;
  target: number;
  hitsRestart: number;
  restart: boolean;
}

/** A Masaniello plan and its two extreme paths: every event won, every event lost. */
export interface MasanielloPreview {
  plan: MasanielloPlan;
  runs: PreviewRun[];
}

/**
 * Plan A (C 100, N 10, K 4, p 80 %): target 110.58, first stake 6.82; losing every event stakes
 * 6.82, 10.23, 14.39, 18.49, 20.81, 18.73, 10.53 and ends at 0.00.
 */
export function masanielloPreview(input: MasanielloInput): MasanielloPreview {
  const payout = input.payout / 100;
  const capitalCents = toCents(input.capital);
  const config = {
    ...PREVIEW_LIMITS,
    capitalCents,
    totalOper: input.totalOper,
    totalWin: input.totalWin,
    payout,
    gales: input.gale,
    type: input.typeMas,
    profitTargetCents: toCents(input.target),
    hitsRestart: input.hitsRestart,
    restartOnBust: input.restart,
  };
  const plan = masanielloPlan(config);
  if (plan.errors.length > 0) return { plan, runs: [] };
  const losses = (input.totalOper - input.totalWin + 1) * (input.gale + 1);
  return {
    plan,
    runs: [
      play('winning', masaniello, config, times('W', input.totalWin), payout, capitalCents),
      play('losing', masaniello, config, times('L', losses), payout, capitalCents),
    ],
  };
}
