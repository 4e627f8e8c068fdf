/**
 * Soros (ROBOT.md §2): after each win, reinvest `pct` % of the chain's accumulated profit on top
 * of the base; N reinvestments (N+1 orders) bank the chain. A loss — or a win that needed a gale —
 * ends the chain and the next signal starts again from the base.
 */
import { roundCents, type Cents } from './cents.ts';
import {
  entryBaseCents,
  galeStakeCents,
  initialBase,
  stepLadder,
  type LadderHooks,
} from './ladder.ts';
import type { BaseState, CommonConfig, MoneyCommand, MoneyStrategy } from './types.ts';

/** Soros settings: `levels` = soros (N), `pct` = sorosperc (1–100), `gales` = sorosgale. */
export interface SorosConfig extends CommonConfig {
  levels: number;
  pct: number;
  gales: number;
  /** Gale multiplier inside a level (galefat); 0 = payout-aware. */
  galeMultiplier: number;
}

/** Soros state: the chain level `l` and the profit accumulated in the chain (cents). */
export interface SorosState extends BaseState {
  level: number;
  accCents: Cents;
}

const hooks: LadderHooks<SorosState, SorosConfig> = {
  open(state, config) {
    const base = entryBaseCents(config.entry, state);
    const stake = state.level === 0 ? base : roundCents(base + (config.pct / 100) * state.accCents);
    return {
      kind: 'open',
      state,
      stake: { rawCents: stake },
      maxGales: config.gales,
      targetNetCents: stake * config.payout,
    };
  },
  gale: (_state, config, ladder) => ({
    rawCents: galeStakeCents(ladder, config.galeMultiplier, config.payout),
  }),
  close(state, config, { result, pnlCents, ladder }) {
    const wonFirstTime = result === 'W' && ladder.galeLevel === 0;
    if (wonFirstTime && state.level < config.levels) {
      return {
        state: { ...state, level: state.level + 1, accCents: state.accCents + pnlCents },
        commands: [],
      };
    }
    // Chain over: banked at level N, or broken by a loss / a gale win. Only a chain that had
    // started (level > 0 or a banked single) is worth a cycle_end line in the log.
    const commands: MoneyCommand[] = [];
    if (wonFirstTime) commands.push({ type: 'cycle_end', reason: 'target' });
    else if (state.level > 0) commands.push({ type: 'cycle_end', reason: 'bust' });
    return { state: { ...state, level: 0, accCents: 0 }, commands };
  },
  reset: (state) => ({ ...state, level: 0, accCents: 0 }),
};

/**
 * Soros as a strategy value.
 * Example: base 10.00, N 2, pct 100, p 0.87, results W W W W → stakes 10.00, 18.70, 34.97, 10.00.
 */
export const soros: MoneyStrategy<SorosConfig, SorosState> = {
  name: 'soros',
  initial: () => ({ ...initialBase(), level: 0, accCents: 0 }),
  next: (state, event, config) => stepLadder(state, event, config, hooks),
  summarize: (state) => ({ level: state.level, accCents: state.accCents }),
};
