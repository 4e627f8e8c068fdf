/**
 * Custom cycles (ROBOT.md §5): the cycles walk of §4 with every stake read from a 10-row table
 * (entry + MG1..MG7). A row's gale count is its number of non-empty MG cells; rows without an
 * entry are skipped; with no filled row the strategy is plain martingale (gales × multiplier).
 */
import { toCents, type Cents } from './cents.ts';
import { advanceCycleWalk, type CycleWalk } from './cycles.ts';
import {
  entryBaseCents,
  galeStakeCents,
  initialBase,
  stepLadder,
  type LadderHooks,
} from './ladder.ts';
import type { BaseState, CommonConfig, MoneyStrategy } from './types.ts';

/** A table cell in currency units as the panel stores it; `null`, `undefined` or `''` is empty. */
export type CustomCycleCell = number | string | null | undefined;

/** One table row, wire shape (SPEC §3 "Custom cycle row"): amounts in currency units. */
export interface CustomCycleTableRow {
  cycle: number;
  entrada: CustomCycleCell;
  mg1?: CustomCycleCell;
  mg2?: CustomCycleCell;
  mg3?: CustomCycleCell;
  mg4?: CustomCycleCell;
  mg5?: CustomCycleCell;
  mg6?: CustomCycleCell;
  mg7?: CustomCycleCell;
}

/** A filled row ready to trade: its cycle number and the stakes of entry and gales (cents). */
export interface CustomCycleStakes {
  cycle: number;
  stakesCents: Cents[];
}

/** Custom cycles settings; `gales`/`multiplier` (galenum/galefat) drive the martingale fallback. */
export interface CustomCyclesConfig extends CommonConfig {
  rows: CustomCycleTableRow[];
  gales: number;
  multiplier: number;
}

/** Custom cycles state: `cycle` is the 1-based position among the filled rows. */
export type CustomCyclesState = BaseState & CycleWalk;

const MG_KEYS = ['mg1', 'mg2', 'mg3', 'mg4', 'mg5', 'mg6', 'mg7'] as const;

/** Cell → cents, or `null` when empty or not a positive number; a decimal comma is accepted. */
function cellCents(cell: CustomCycleCell): Cents | null {
  if (cell === null || cell === undefined) return null;
  const value = typeof cell === 'number' ? cell : Number(cell.trim().replace(',', '.'));
  if (typeof cell === 'string' && cell.trim() === '') return null;
  return Number.isFinite(value) && value > 0 ? toCents(value) : null;
}

/**
 * Drops rows whose cycle number already appeared (first one wins), as the panel does before
 * saving (SPEC §4). Example: cycles [1, 2, 1] → the rows of cycles [1, 2].
 */
export function dedupeCustomCycles<R extends { cycle: number }>(rows: readonly R[]): R[] {
  const seen = new Set<number>();
  return rows.filter((row) => (seen.has(row.cycle) ? false : (seen.add(row.cycle), true)));
}

/**
 * Compiles the table into the rows the walk plays, by cycle number: deduplicated, empty rows
 * skipped, empty MG cells ignored. Example: `{ cycle: 1, entrada: 2, mg1: 4, mg2: 8 }` →
 * `{ cycle: 1, stakesCents: [200, 400, 800] }`.
 */
export function compileCustomCycles(rows: readonly CustomCycleTableRow[]): CustomCycleStakes[] {
  const compiled: CustomCycleStakes[] = [];
  for (const row of dedupeCustomCycles(rows)) {
    const entry = cellCents(row.entrada);
    if (entry === null) continue;
    const gales = MG_KEYS.map((key) => cellCents(row[key])).filter((c): c is Cents => c !== null);
    compiled.push({ cycle: row.cycle, stakesCents: [entry, ...gales] });
  }
  return compiled.sort((a, b) => a.cycle - b.cycle);
}

function rowAt(config: CustomCyclesConfig, state: CycleWalk): CustomCycleStakes | undefined {
  return compileCustomCycles(config.rows)[state.cycle - 1];
}

const hooks: LadderHooks<CustomCyclesState, CustomCyclesConfig> = {
  open(state, config) {
    const row = rowAt(config, state);
    const stake = row?.stakesCents[0] ?? entryBaseCents(config.entry, state);
    return {
      kind: 'open',
      state,
      stake: { rawCents: stake },
      maxGales: row ? row.stakesCents.length - 1 : config.gales,
      targetNetCents: stake * config.payout,
    };
  },
  gale(state, config, ladder) {
    const row = rowAt(config, state);
    const tableStake = row?.stakesCents[ladder.galeLevel + 1];
    return { rawCents: tableStake ?? galeStakeCents(ladder, config.multiplier, config.payout) };
  },
  close(state, config, { result, pnlCents }) {
    const filled = compileCustomCycles(config.rows).length;
    const { walk, commands } = advanceCycleWalk(state, result, pnlCents, Math.max(1, filled));
    return { state: { ...state, ...walk }, commands: filled > 0 ? commands : [] };
  },
  reset: (state) => ({ ...state, cycle: 1, bankCents: 0 }),
};

/**
 * Custom cycles as a strategy value.
 * Example: C1 2/4/8, C2 5/10/20, C3 12/25/50: LLL (−14.00) then LW (+3.70, back to C1).
 */
export const customCycles: MoneyStrategy<CustomCyclesConfig, CustomCyclesState> = {
  name: 'customCycles',
  initial: () => ({ ...initialBase(), cycle: 1, bankCents: 0 }),
  next: (state, event, config) => stepLadder(state, event, config, hooks),
  summarize: (state) => ({ cycle: state.cycle, bankCents: state.bankCents }),
};
