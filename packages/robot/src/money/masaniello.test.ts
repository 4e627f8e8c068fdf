import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isMasanielloActive,
  masaniello,
  masanielloFraction,
  masanielloMultiplier,
  masanielloPlan,
  masanielloProgress,
  type MasanielloConfig,
} from './masaniello.ts';
import { simulatePath } from './simulate.ts';
import { LIMITS } from './money.test-helpers.ts';
import type { OrderResult } from './types.ts';

const PLAN_A: MasanielloConfig = {
  ...LIMITS,
  capitalCents: 10_000,
  totalOper: 10,
  totalWin: 4,
  payout: 0.8,
  gales: 0,
  type: 1,
  profitTargetCents: 0,
  hitsRestart: 0,
  restartOnBust: false,
};

/**
 * How far a K-win path may land from the target: each order moves the capital by about a cent of
 * rounding (stake and payout, half a cent each; we allow two for margin), and the rest of the plan
 * scales that error by target / capital-after-the-order. LLLLLLWWWW ends 6 cents short this way: the last four
 * stakes are the whole capital, so a rounded cent compounds by q per win.
 */
/** A plan whose ladders stay far above the broker minimum: C 1000.00, N 5, K 3. */
const PLAN_B: MasanielloConfig = { ...PLAN_A, capitalCents: 100_000, totalOper: 5, totalWin: 3 };

function roundingTolerance(
  rows: readonly { summary: Record<string, unknown> }[],
  targetCents: number,
): number {
  // + 1: the target itself is rounded to the cent.
  return rows.reduce(
    (sum, row) => sum + (2 * targetCents) / Math.max(1, Number(row.summary.capitalCents)),
    1,
  );
}

function path(results: string, config = PLAN_A) {
  return simulatePath(masaniello, config, results.split('') as OrderResult[], config.payout, {
    startBalanceCents: 1_000_000_000,
  });
}

describe('masanielloPlan', () => {
  it('gives Plan A multiplier, target and first stake when C 100, N 10, K 4, p 0.80', () => {
    const plan = masanielloPlan(PLAN_A);
    expect(plan.multiplier.toFixed(7)).toBe('1.1058132');
    expect(plan.targetCents).toBe(11_058);
    expect(plan.firstStakeCents).toBe(682);
    expect(plan.errors).toEqual([]);
    expect(plan.warnings).toEqual([]);
  });

  it.each([
    { totalOper: 10, totalWin: 0, error: 'k_out_of_range' },
    { totalOper: 10, totalWin: 10, error: 'k_out_of_range' },
    { totalOper: 101, totalWin: 4, error: 'n_out_of_range' },
    { totalOper: 1, totalWin: 1, error: 'n_out_of_range' },
  ])(
    'rejects N $totalOper K $totalWin when 1 ≤ K < N ≤ 100 is broken',
    ({ totalOper, totalWin, error }) => {
      expect(masanielloPlan({ ...PLAN_A, totalOper, totalWin }).errors).toContain(error);
    },
  );

  it('warns no_profit when the target does not exceed the capital after rounding', () => {
    const plan = masanielloPlan({ ...PLAN_A, totalOper: 100, totalWin: 1 });
    expect(plan.targetCents).toBe(PLAN_A.capitalCents);
    expect(plan.warnings).toEqual(['no_profit']);
  });

  it('plans the ladder as one composite bet when gale > 0', () => {
    const plan = masanielloPlan({ ...PLAN_B, gales: 2 });
    // r = (1 + 1/0.8)^3 − 1 = 10.390625; R = 1000.00·f(5, 3) unrounded; the first order stakes
    // P/p with P = R/r, rounded half up only when placed.
    expect(plan.firstStakeCents).toBe(425);
  });
});

describe('masanielloMultiplier', () => {
  it.each([
    { n: 5, k: 0, q: 1.8, m: 1 },
    { n: 3, k: 3, q: 1.8, m: 1.8 ** 3 },
  ])('returns the closed forms when k is 0 or n (n $n, k $k)', ({ n, k, q, m }) => {
    expect(masanielloMultiplier(n, k, q)).toBeCloseTo(m, 10);
    expect(masanielloFraction(n, n, q)).toBe(1);
  });
});

describe('masaniello', () => {
  it('walks Plan A stakes and capitals when the path is L W L W L W W', () => {
    const sim = path('LWLWLWW');
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([682, 1023, 690, 1110, 666, 1199, 539]);
    expect(sim.rows.map((r) => r.summary.capitalCents)).toEqual([
      9318, 10_136, 9446, 10_334, 9668, 10_627, 11_058,
    ]);
    expect(sim.rows.at(-1)?.events).toEqual([
      { type: 'sequence_end', result: 'W', pnlCents: 431, orders: 1 },
      { type: 'cycle_end', reason: 'target', trigger: 'plan', capitalCents: 11_058, then: 'halt' },
      { type: 'halt', reason: 'plan_complete' },
    ]);
    expect(isMasanielloActive(sim.state)).toBe(false);
  });

  it('summarizes events left, wins needed and the target after each event (the dashboard step)', () => {
    const sim = path('LWLWLWW');
    expect(
      sim.rows.map((r) => [r.summary.eventsLeft, r.summary.winsNeeded, r.summary.targetCents]),
    ).toEqual([
      [9, 4, 11_058],
      [8, 3, 11_058],
      [7, 3, 11_058],
      [6, 2, 11_058],
      [5, 2, 11_058],
      [4, 1, 11_058],
      [3, 0, 11_058],
    ]);
    expect(masanielloProgress({ won: 0, lost: 0, planStartCapitalCents: 10_000 }, PLAN_A)).toEqual({
      eventsLeft: 10,
      winsNeeded: 4,
      targetCents: 11_058,
    });
    // A progressive plan's next target starts from the capital the last one ended on.
    expect(
      masanielloProgress({ won: 0, lost: 0, planStartCapitalCents: 11_058 }, PLAN_A).targetCents,
    ).toBe(Math.round(11_058 * masanielloMultiplier(10, 4, 1.8)));
  });

  it('busts to exactly 0.00 when Plan A loses 7 in a row', () => {
    const sim = path('LLLLLLL');
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([682, 1023, 1439, 1849, 2081, 1873, 1053]);
    expect(sim.state.capitalCents).toBe(0);
    expect(sim.rows.at(-1)?.events[1]).toMatchObject({
      type: 'cycle_end',
      reason: 'bust',
      then: 'halt',
    });
  });

  it('refuses further signals with reason halted when a normal plan ended', () => {
    const sim = path('LLLLLLLW');
    expect(sim.rows).toHaveLength(7);
    expect(sim.stoppedBy).toBe('halted');
  });

  it('does not count a draw as an event and re-sends the same stake', () => {
    const sim = path('DL');
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([682, 682]);
    expect(sim.rows[0]?.summary).toMatchObject({ won: 0, lost: 0 });
  });

  it('opens the next plan with the final capital when the type is progressive', () => {
    const sim = path('WWWWW', { ...PLAN_A, type: 2 });
    const fourth = sim.rows[3];
    expect(fourth?.events[1]).toMatchObject({
      type: 'cycle_end',
      reason: 'target',
      then: 'new_cycle',
    });
    expect(sim.state.plan).toBe(2);
    expect(sim.state.planStartCapitalCents).toBe(fourth?.summary.capitalCents);
  });

  it('restarts once with the initial capital after a bust when restart is set', () => {
    const sim = path('LLLLLLL' + 'LLLLLLL' + 'L', { ...PLAN_A, restartOnBust: true });
    expect(sim.rows[6]?.events[1]).toMatchObject({ reason: 'bust', then: 'restart' });
    expect(sim.rows[7]?.stakeCents).toBe(682);
    expect(sim.rows[13]?.events[1]).toMatchObject({ reason: 'bust', then: 'halt' });
    expect(sim.stoppedBy).toBe('halted');
  });

  it.each([
    {
      name: 'profit target 5.00',
      cfg: { profitTargetCents: 500 },
      trigger: 'profitTarget',
      orders: 6,
    },
    { name: 'hitsRestart 2', cfg: { hitsRestart: 2 }, trigger: 'hitsRestart', orders: 4 },
  ])('closes the plan early as a hit when $name is reached', ({ cfg, trigger, orders }) => {
    const sim = path('LWLWLW', { ...PLAN_A, ...cfg });
    expect(sim.rows).toHaveLength(orders);
    expect(sim.rows.at(-1)?.events[1]).toMatchObject({ reason: 'target', trigger });
  });

  it('ends the plan for lack of capital when the capital falls below the broker minimum', () => {
    const sim = path('LLLL', { ...PLAN_A, capitalCents: 3000, brokerMinCents: 1000 });
    expect(sim.rows.map((r) => [r.stakeCents, r.minApplied])).toEqual([
      [1000, true],
      [1000, true],
      [1000, true],
    ]);
    expect(sim.rows.at(-1)?.events).toContainEqual(
      expect.objectContaining({ reason: 'no_capital', then: 'halt' }),
    );
    expect(sim.stoppedBy).toBe('halted');
  });

  // Test vectors from ROBOT.md §3 computed in exact rationals: R, P and each s_j from the
  // unrounded values before them, capital as settled in cents, each stake half up when placed.
  it.each([
    {
      name: 'G1, p 0.87: win at G1, ladder lost, win at entry, win at G1',
      cfg: { ...PLAN_B, payout: 0.87, gales: 1 },
      path: 'LW' + 'LL' + 'W' + 'LW',
      stakes: [4624, 9938, 2950, 6342, 9087, 5799, 12464],
      capitals: [104_022, 94_730, 102_636, 107_681],
    },
    {
      name: 'G2, p 0.80: win at G2, ladder lost, win at G1',
      cfg: { ...PLAN_B, gales: 2 },
      path: 'LLW' + 'LLL' + 'LW',
      stakes: [425, 956, 2151, 233, 524, 1179, 1768, 3978],
      capitals: [100_340, 98_404, 99_818],
    },
  ])(
    'places the exact ladder over several events when $name',
    ({ cfg, path: p, stakes, capitals }) => {
      const sim = path(p, cfg);
      expect(sim.rows.map((r) => r.stakeCents)).toEqual(stakes);
      const afterEvents = sim.rows.flatMap((r) =>
        r.events.some((e) => e.type === 'sequence_end') ? [r.summary.capitalCents] : [],
      );
      expect(afterEvents).toEqual(capitals);
    },
  );

  it('nets the planned profit at any level when a gale ladder wins', () => {
    const cfg = { ...PLAN_A, gales: 2 };
    const winFirst = path('W', cfg).rows[0]!;
    const winLast = path('LLW', cfg).rows.map((r) => r.pnlCents);
    const ladderNet = winLast.reduce((a, b) => a + b, 0);
    expect(Math.abs(ladderNet - winFirst.pnlCents)).toBeLessThanOrEqual(2);
  });

  it('ends on the same capital within cent rounding for any order of K wins (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 29 }),
        fc.double({ min: 0.5, max: 0.95, noNaN: true }),
        fc.integer({ min: 10_000, max: 1_000_000 }),
        fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
        (n, kRaw, payout, capitalCents, coins) => {
          const k = Math.min(kRaw, n - 1);
          const cfg = { ...PLAN_A, totalOper: n, totalWin: k, payout, capitalCents };
          const target = masanielloPlan(cfg).targetCents;
          fc.pre(target < LIMITS.brokerMaxCents); // a capped stake leaves the plan by design
          let wins = 0;
          const results = Array.from({ length: n }, (_, i) => {
            const win = k - wins === n - i || (wins < k && coins[i] === true);
            if (win) wins += 1;
            return win ? 'W' : 'L';
          }).join('');
          const sim = path(results, cfg);
          expect(sim.state.won).toBe(k);
          expect(Math.abs(sim.state.capitalCents - target)).toBeLessThanOrEqual(
            roundingTolerance(sim.rows, target),
          );
        },
      ),
    );
  });

  it('ends every Plan A path with 4 wins on 110.58 within compounded cent rounding', () => {
    for (let mask = 0; mask < 1 << 10; mask++) {
      const results = Array.from({ length: 10 }, (_, i) => ((mask >> i) & 1 ? 'W' : 'L'));
      if (results.filter((r) => r === 'W').length !== 4) continue;
      const sim = path(results.join(''));
      expect(Math.abs(sim.state.capitalCents - 11_058)).toBeLessThanOrEqual(
        roundingTolerance(sim.rows, 11_058),
      );
    }
  });

  it('ends at exactly 0 for any path with N−K+1 losses (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 29 }),
        fc.double({ min: 0.5, max: 0.95, noNaN: true }),
        fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
        (n, kRaw, payout, coins) => {
          const k = Math.min(kRaw, n - 1);
          const cfg = { ...PLAN_A, totalOper: n, totalWin: k, payout, capitalCents: 100_000 };
          fc.pre(masanielloPlan(cfg).targetCents < LIMITS.brokerMaxCents);
          // Play wins from the coins until K−1 wins, then only losses: the plan must bust at 0.
          let wins = 0;
          const results = coins.map((c) => (c && wins < k - 1 ? (wins++, 'W') : 'L')).join('');
          const sim = path(results, cfg);
          const bust = sim.rows.find((r) => r.events.some((e) => e.type === 'cycle_end'));
          expect(bust?.summary.capitalCents).toBe(0);
        },
      ),
    );
  });
});
