/**
 * Loss recovery (ROBOT.md §6): a bank holds the unrecovered loss; each signal tries to win back
 * an installment `R = bank·f` on top of (or instead of) the base. Profits pay the bank first.
 */
import { RECOVERY_FACTOR_PCT, type RecoveryFactor, type RecoveryMode } from '@app/contract';
import { ceilCents, roundCents, type Cents } from './cents.ts';
import {
  entryBaseCents,
  galeStakeCents,
  initialBase,
  stepLadder,
  type LadderHooks,
} from './ladder.ts';
import type { BaseState, CommonConfig, MoneyStrategy } from './types.ts';

/** Loss recovery settings (recoverPerc, mode, recoverGale, recoverGaleFat, recoverProfit). */
export interface LossRecoveryConfig extends CommonConfig {
  /** Factor code 0..8 = off, 100, 50, 40, 25, 20, 15, 10, 5 %. */
  factor: RecoveryFactor;
  /** 1 conservative, 2 moderate, 3 aggressive. */
  mode: RecoveryMode;
  gales: number;
  /** 0 = payout-aware gales. */
  galeMultiplier: number;
  /** Profit since the last restart that clears bank and counters (cents); 0 = off. */
  recoverProfitCents: Cents;
  /** Ceiling of a recovery stake (cents); default 10 × base. */
  maxRecoveryStakeCents?: Cents;
}

/** Loss recovery state. */
export interface LossRecoveryState extends BaseState {
  /** Unrecovered loss, cents. */
  bankCents: Cents;
  /** P&L since the last restart, cents. */
  profitSinceRestartCents: Cents;
  /** Aggressive mode: the last recovery sequence lost, so the next one recovers 100 %. */
  fullNext: boolean;
  /** The sequence in flight is a recovery (R > 0). */
  recovering: boolean;
}

/**
 * Installment and entry stake of the next sequence (cents).
 * Example: bank 1500, factor 2 (50 %), conservative, base 500, p 0.87 → `{ installmentCents: 750, stakeCents: 863 }`.
 */
export function recoveryStake(
  bankCents: Cents,
  baseCents: Cents,
  config: Pick<LossRecoveryConfig, 'factor' | 'mode' | 'payout'>,
  fullNext = false,
): { installmentCents: Cents; stakeCents: Cents } {
  const pct = fullNext && config.mode === 3 ? 100 : RECOVERY_FACTOR_PCT[config.factor];
  const installment = roundCents((bankCents * pct) / 100);
  if (installment === 0) return { installmentCents: 0, stakeCents: baseCents };
  const stake =
    config.mode === 1
      ? Math.max(baseCents, ceilCents(installment / config.payout))
      : ceilCents(baseCents + installment / config.payout);
  return { installmentCents: installment, stakeCents: stake };
}

const hooks: LadderHooks<LossRecoveryState, LossRecoveryConfig> = {
  open(state, config) {
    const base = entryBaseCents(config.entry, state);
    const { installmentCents, stakeCents } = recoveryStake(
      state.bankCents,
      base,
      config,
      state.fullNext,
    );
    return {
      kind: 'open',
      state: { ...state, recovering: installmentCents > 0 },
      stake: {
        rawCents: stakeCents,
        capCents: config.maxRecoveryStakeCents ?? 10 * base,
        capReason: 'recoveryCap',
      },
      maxGales: config.gales,
      targetNetCents: stakeCents * config.payout,
    };
  },
  gale: (_state, config, ladder) => ({
    rawCents: galeStakeCents(ladder, config.galeMultiplier, config.payout),
  }),
  close(state, config, { pnlCents }) {
    const bank =
      pnlCents < 0 ? state.bankCents - pnlCents : Math.max(0, state.bankCents - pnlCents);
    const profit = state.profitSinceRestartCents + pnlCents;
    const fullNext =
      config.mode === 3 && (pnlCents < 0 ? state.recovering || state.fullNext : false);
    if (config.recoverProfitCents > 0 && profit >= config.recoverProfitCents) {
      return {
        state: {
          ...state,
          bankCents: 0,
          profitSinceRestartCents: 0,
          fullNext: false,
          recovering: false,
        },
        commands: [{ type: 'cycle_end', reason: 'target', trigger: 'profitTarget' }],
      };
    }
    return {
      state: {
        ...state,
        bankCents: bank,
        profitSinceRestartCents: profit,
        fullNext,
        recovering: false,
      },
      commands: [],
    };
  },
  reset: (state) => ({
    ...state,
    bankCents: 0,
    profitSinceRestartCents: 0,
    fullNext: false,
    recovering: false,
  }),
};

/**
 * Loss recovery as a strategy value.
 * Example: conservative, base 5, p 0.87, f 50 %, G 1, gm 2: LL → bank 15.00; W → stake 8.63, bank 7.49.
 */
export const lossRecovery: MoneyStrategy<LossRecoveryConfig, LossRecoveryState> = {
  name: 'lossRecovery',
  initial: () => ({
    ...initialBase(),
    bankCents: 0,
    profitSinceRestartCents: 0,
    fullNext: false,
    recovering: false,
  }),
  next: (state, event, config) => stepLadder(state, event, config, hooks),
  summarize: (state) => ({ bankCents: state.bankCents, fullNext: state.fullNext }),
};
