import { describe, expect, it } from 'vitest';
import { cycles, type CyclesConfig } from './cycles.ts';
import { simulatePath } from './simulate.ts';
import { common } from './money.test-helpers.ts';
import type { OrderResult } from './types.ts';

const BASE: CyclesConfig = {
  ...common(200, 0.87),
  cycles: 3,
  cycleMultiplier: 3,
  gales: 2,
  galeMultiplier: 2,
};

/** Sequence P&L list of a path (one entry per closed sequence). */
function sequencePnls(sim: ReturnType<typeof simulatePath>): number[] {
  return sim.rows.flatMap((r) =>
    r.events.flatMap((e) => (e.type === 'sequence_end' ? [e.pnlCents] : [])),
  );
}

describe('cycles', () => {
  it.each([
    {
      name: 'cm 3',
      cfg: BASE,
      path: 'LLL' + 'LW' + 'W',
      stakes: [200, 400, 800, 600, 1200, 200],
      pnls: [-1400, 444, 174],
    },
    {
      name: 'cm auto (0)',
      cfg: { ...BASE, cycleMultiplier: 0 },
      path: 'LLL' + 'LLW',
      stakes: [200, 400, 800, 1810, 3620, 7240],
      pnls: [-1400, 869],
    },
  ])('walks the §4 table when $name', ({ cfg, path, stakes, pnls }) => {
    const sim = simulatePath(cycles, cfg, path.split('') as OrderResult[], 0.87);
    expect(sim.rows.map((r) => r.stakeCents)).toEqual(stakes);
    expect(sequencePnls(sim)).toEqual(pnls);
    expect(sim.state).toMatchObject({ cycle: 1, bankCents: 0 });
  });

  it('accepts the loss and returns to cycle 1 when the last cycle is lost', () => {
    const sim = simulatePath(cycles, BASE, 'LLLLLLLLLW'.split('') as OrderResult[], 0.87);
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([
      200, 400, 800, 600, 1200, 2400, 1800, 3600, 7200, 200,
    ]);
    expect(sim.rows[8]?.events).toContainEqual({ type: 'cycle_end', reason: 'bust' });
  });

  it('covers the bank and the stakes placed in the cycle when cm and gm are 0 (second cycle)', () => {
    // Cycle 1: 2.00 / 4.30 / 9.25 (bank 15.55). Cycle 2 entry ceil((15.55 + 1.74)/0.87) = 19.88;
    // G1 ceil((15.55 + 19.88 + 1.74)/0.87) = 42.73; G2 ceil((15.55 + 19.88 + 42.73 + 1.74)/0.87)
    // = 91.84, whose win (79.90) leaves the whole run at exactly +base·p = +1.74.
    const cfg = { ...BASE, cycleMultiplier: 0, galeMultiplier: 0 };
    const sim = simulatePath(cycles, cfg, 'LLLLLW'.split('') as OrderResult[], 0.87);
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([200, 430, 925, 1988, 4273, 9184]);
    expect(sequencePnls(sim)).toEqual([-1555, 1729]);
    expect(sequencePnls(sim).reduce((a, b) => a + b, 0)).toBe(174);
  });

  it('covers the bank in payout-aware gales with a fixed cycle multiplier', () => {
    // cm 3, gm 0: cycle 2 entry 6.00; its G1 covers bank 15.55 + 6.00 + 1.74 → ceil(/0.87) = 26.78.
    const cfg = { ...BASE, galeMultiplier: 0 };
    const sim = simulatePath(cycles, cfg, 'LLLLW'.split('') as OrderResult[], 0.87);
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([200, 430, 925, 600, 2678]);
  });

  it('chains gales payout-aware when gm is 0', () => {
    const sim = simulatePath(cycles, { ...BASE, galeMultiplier: 0 }, ['L', 'W'], 0.87);
    // ceil((2.00 + 2.00·0.87)/0.87) = 4.30
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([200, 430]);
  });
});
