import { describe, expect, it } from 'vitest';
import { simulatePath } from './simulate.ts';
import { soros, type SorosConfig } from './soros.ts';
import { common } from './money.test-helpers.ts';
import type { OrderResult } from './types.ts';

const CFG: SorosConfig = {
  ...common(1000, 0.87),
  levels: 2,
  pct: 100,
  gales: 1,
  galeMultiplier: 2,
};

function stakes(results: string, config = CFG): number[] {
  return simulatePath(soros, config, results.split('') as OrderResult[], config.payout).rows.map(
    (r) => r.stakeCents,
  );
}

describe('soros', () => {
  it.each([
    {
      path: 'WWWW',
      stakes: [1000, 1870, 3497, 1000],
      why: 'the 3rd win completes the chain (§2 vector)',
    },
    {
      path: 'WLLW',
      stakes: [1000, 1870, 3740, 1000],
      why: 'a lost level-1 ladder resets to the base',
    },
    { path: 'LWW', stakes: [1000, 2000, 1000], why: 'a win obtained by a gale ends the chain' },
  ])('stakes $stakes when $path ($why)', ({ path, stakes: expected }) => {
    expect(stakes(path)).toEqual(expected);
  });

  it('reinvests only pct % of the accumulated profit when pct is 50', () => {
    expect(stakes('WW', { ...CFG, pct: 50 })).toEqual([1000, 1435]);
  });

  it('logs a banked chain as cycle_end target when level N wins', () => {
    const sim = simulatePath(soros, CFG, ['W', 'W', 'W'], 0.87);
    expect(sim.rows[2]?.events).toContainEqual({ type: 'cycle_end', reason: 'target' });
    expect(sim.state.level).toBe(0);
  });

  it('returns to level 0 when reset', () => {
    const sim = simulatePath(soros, CFG, ['W'], 0.87);
    expect(soros.next(sim.state, { type: 'reset' }, CFG).state).toMatchObject({
      level: 0,
      accCents: 0,
    });
  });
});
