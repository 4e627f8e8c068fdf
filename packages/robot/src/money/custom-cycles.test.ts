import { describe, expect, it } from 'vitest';
import {
  compileCustomCycles,
  customCycles,
  dedupeCustomCycles,
  type CustomCyclesConfig,
  type CustomCycleTableRow,
} from './custom-cycles.ts';
import { simulatePath } from './simulate.ts';
import { common } from './money.test-helpers.ts';
import type { OrderResult } from './types.ts';

const TABLE: CustomCycleTableRow[] = [
  { cycle: 1, entrada: 2, mg1: 4, mg2: 8 },
  { cycle: 2, entrada: 5, mg1: 10, mg2: 20 },
  { cycle: 3, entrada: 12, mg1: 25, mg2: 50 },
];
const CFG: CustomCyclesConfig = { ...common(200, 0.87), rows: TABLE, gales: 1, multiplier: 2 };

function run(path: string, config = CFG) {
  return simulatePath(customCycles, config, path.split('') as OrderResult[], 0.87);
}

describe('customCycles', () => {
  it('walks the §5 example C1..C3 when LLL, LW, W, LLL, LLL, LLL', () => {
    const sim = run('LLL' + 'LW' + 'W' + 'LLL' + 'LLL' + 'LLL');
    const pnls = sim.rows.flatMap((r) =>
      r.events.flatMap((e) => (e.type === 'sequence_end' ? [e.pnlCents] : [])),
    );
    expect(pnls).toEqual([-1400, 370, 174, -1400, -3500, -8700]);
    expect(sim.rows.map((r) => r.stakeCents).slice(0, 6)).toEqual([200, 400, 800, 500, 1000, 200]);
    expect(sim.rows.at(-1)?.events).toContainEqual({ type: 'cycle_end', reason: 'bust' });
    expect(sim.state).toMatchObject({ cycle: 1, bankCents: 0 });
  });

  it('counts only non-empty MG cells and skips rows without an entry', () => {
    const rows: CustomCycleTableRow[] = [
      { cycle: 2, entrada: '5,50', mg1: null, mg2: '11', mg3: '' },
      { cycle: 1, entrada: null, mg1: 4 },
      { cycle: 3, entrada: 1 },
    ];
    expect(compileCustomCycles(rows)).toEqual([
      { cycle: 2, stakesCents: [550, 1100] },
      { cycle: 3, stakesCents: [100] },
    ]);
  });

  it('plays plain martingale when no row is filled', () => {
    const sim = run('LLW', { ...CFG, rows: [{ cycle: 1, entrada: null }] });
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([200, 400, 200]);
  });
});

describe('dedupeCustomCycles', () => {
  it('keeps the first row of each cycle number when numbers repeat', () => {
    const rows = [
      { cycle: 1, entrada: 2 },
      { cycle: 2, entrada: 5 },
      { cycle: 1, entrada: 9 },
    ];
    expect(dedupeCustomCycles(rows)).toEqual([rows[0], rows[1]]);
  });
});
