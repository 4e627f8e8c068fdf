/**
 * Cycles (ROBOT.md §4): C cycles, each an entry plus G gales. Cycle c's entry is
 * `base·cm^(c−1)`, or with `cm = 0` (auto) the stake that wins back the bank plus `base·p`.
 * A win anywhere returns to cycle 1; a cycle lost entirely adds its loss to the bank and the next
 * signal plays the next cycle; losing the last cycle accepts the loss and returns to cycle 1.
 */
import { ceilCents, roundCents, type Cents } from './cents.ts';
import {
  entryBaseCents,
  galeStakeCents,
  initialBase,
  stepLadder,
  type LadderHooks,
} from './ladder.ts';
import type {
  BaseState,
  CommonConfig,
  MoneyCommand,
  MoneyStrategy,
  SequenceResult,
  Step,
} from './types.ts';

/** Cycles settings: `cycles` = ciclos (C), `cycleMultiplier` = ciclosfat (cm, 0 = auto), gales. */
export interface CyclesConfig extends CommonConfig {
  cycles: number;
  cycleMultiplier: number;
  /** ciclosgale (G). */
  gales: number;
  /** ciclosgalefat (gm); 0 = payout-aware. */
  galeMultiplier: number;
}

/** Position in a cycles walk: the 1-based cycle and the loss of the cycles lost since a win. */
export interface CycleWalk {
  cycle: number;
  bankCents: Cents;
}

/** Cycles state. */
export type CyclesState = BaseState & CycleWalk;

/**
 * Advances a cycles walk after a sequence of `cycles` total: shared with custom cycles.
 * Example: `advanceCycleWalk({ cycle: 1, bankCents: 0 }, 'L', -1400, 3)` → cycle 2, bank 1400.
 */
export function advanceCycleWalk(
  walk: CycleWalk,
  result: SequenceResult,
  pnlCents: Cents,
  cycles: number,
): { walk: CycleWalk; commands: MoneyCommand[] } {
  if (result === 'W')
    return {
      walk: { cycle: 1, bankCents: 0 },
      commands: [{ type: 'cycle_end', reason: 'target' }],
    };
  if (walk.cycle >= cycles) {
    return { walk: { cycle: 1, bankCents: 0 }, commands: [{ type: 'cycle_end', reason: 'bust' }] };
  }
  return { walk: { cycle: walk.cycle + 1, bankCents: walk.bankCents - pnlCents }, commands: [] };
}

/** Entry of cycle `c` (cents): `base·cm^(c−1)` half up, or auto `ceil((bank + base·p)/p)`. */
export function cycleEntryCents(
  baseCents: Cents,
  walk: CycleWalk,
  cycleMultiplier: number,
  payout: number,
): Cents {
  if (cycleMultiplier > 0) return roundCents(baseCents * cycleMultiplier ** (walk.cycle - 1));
  return ceilCents((walk.bankCents + baseCents * payout) / payout);
}

const hooks: LadderHooks<CyclesState, CyclesConfig> = {
  open(state, config) {
    const baseCents = entryBaseCents(config.entry, state);
    const stake = cycleEntryCents(baseCents, state, config.cycleMultiplier, config.payout);
    return {
      kind: 'open',
      state,
      stake: { rawCents: stake },
      maxGales: config.gales,
      // A payout-aware gale covers the bank, this cycle's placed stakes and base·p, from these
      // exact sums: the rounded-up entry's own profit would overshoot by a cent (ROBOT.md §4).
      targetNetCents: state.bankCents + baseCents * config.payout,
    };
  },
  gale: (_state, config, ladder) => ({
    rawCents: galeStakeCents(ladder, config.galeMultiplier, config.payout),
  }),
  close(state, config, { result, pnlCents }): Step<CyclesState> {
    const { walk, commands } = advanceCycleWalk(
      state,
      result,
      pnlCents,
      Math.max(1, config.cycles),
    );
    return { state: { ...state, ...walk }, commands };
  },
  reset: (state) => ({ ...state, cycle: 1, bankCents: 0 }),
};

/**
 * Cycles as a strategy value.
 * Example: base 2, p 0.87, G 2, gm 2, C 3, cm 3: LLL then LW then W → 2/4/8, 6/12, 2.
 */
export const cycles: MoneyStrategy<CyclesConfig, CyclesState> = {
  name: 'cycles',
  initial: () => ({ ...initialBase(), cycle: 1, bankCents: 0 }),
  next: (state, event, config) => stepLadder(state, event, config, hooks),
  summarize: (state) => ({ cycle: state.cycle, bankCents: state.bankCents }),
};
