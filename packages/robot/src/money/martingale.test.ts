import { describe, expect, it } from 'vitest';
import { martingale, planMartingale, type MartingaleConfig } from './martingale.ts';
import { simulatePath } from './simulate.ts';
import { common } from './money.test-helpers.ts';
import type { OrderResult } from './types.ts';

const TABLE = [
  {
    name: 'base 2.00 G3 m2.2 p0.87',
    baseCents: 200,
    gales: 3,
    multiplier: 2.2,
    payout: 0.87,
    stakes: [200, 440, 968, 2130],
    nets: [174, 183, 202, 245],
    allLost: -3738,
  },
  {
    name: 'base 10 G2 m2 p0.80',
    baseCents: 1000,
    gales: 2,
    multiplier: 2,
    payout: 0.8,
    stakes: [1000, 2000, 4000],
    nets: [800, 600, 200],
    allLost: -7000,
  },
];

function config(row: (typeof TABLE)[number]): MartingaleConfig {
  return { ...common(row.baseCents, row.payout), gales: row.gales, multiplier: row.multiplier };
}

describe('planMartingale', () => {
  it.each(TABLE)('plans the ROBOT.md §1 stakes and nets when $name', (row) => {
    const plan = planMartingale({ ...row });
    expect(plan.levels.map((l) => l.stakeCents)).toEqual(row.stakes);
    expect(plan.levels.map((l) => l.netIfWonCents)).toEqual(row.nets);
    expect(plan.allLostCents).toBe(row.allLost);
  });

  it('reports the break-even hit rate when asked for a plan', () => {
    expect(
      planMartingale({ baseCents: 1000, gales: 0, multiplier: 2, payout: 0.8 }).breakEvenHitRate,
    ).toBeCloseTo(0.5556, 4);
  });

  it('nets about base·p at every level when the multiplier is 0 (payout-aware)', () => {
    const plan = planMartingale({ baseCents: 1000, gales: 3, multiplier: 0, payout: 0.8 });
    expect(plan.levels.map((l) => l.stakeCents)).toEqual([1000, 2250, 5063, 11392]);
    for (const level of plan.levels) expect(level.netIfWonCents).toBeGreaterThanOrEqual(800);
  });
});

describe('martingale', () => {
  it.each(TABLE)('sends the §1 stakes and nets when each level of $name wins', (row) => {
    for (let winAt = 0; winAt <= row.gales; winAt++) {
      const path: OrderResult[] = [...Array<OrderResult>(winAt).fill('L'), 'W'];
      const sim = simulatePath(martingale, config(row), path, row.payout);
      expect(sim.rows.map((r) => r.stakeCents)).toEqual(row.stakes.slice(0, winAt + 1));
      const end = sim.rows.at(-1)?.events[0];
      expect(end).toEqual({
        type: 'sequence_end',
        result: 'W',
        pnlCents: row.nets[winAt],
        orders: winAt + 1,
      });
    }
  });

  it.each(TABLE)('accepts the loss and resets when every level of $name loses', (row) => {
    const path: OrderResult[] = [...Array<OrderResult>(row.gales + 1).fill('L'), 'W'];
    const sim = simulatePath(martingale, config(row), path, row.payout);
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([...row.stakes, row.baseCents]);
    expect(sim.rows[row.gales]?.events[0]).toMatchObject({ result: 'L', pnlCents: row.allLost });
  });

  it('sends the same stake again at the same level when an order draws', () => {
    const sim = simulatePath(martingale, config(TABLE[1]!), ['L', 'D', 'W'], 0.8);
    expect(sim.rows.map((r) => [r.stakeCents, r.galeLevel])).toEqual([
      [1000, 0],
      [2000, 1],
      [2000, 1],
    ]);
  });

  it('advances as a loss when an order draws under drawPolicy asLoss', () => {
    const cfg = { ...config(TABLE[1]!), drawPolicy: 'asLoss' as const };
    const sim = simulatePath(martingale, cfg, ['D', 'W'], 0.8);
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([1000, 2000]);
  });

  it('rejects a signal with a typed reason when a sequence is in flight', () => {
    const cfg = config(TABLE[1]!);
    const opened = martingale.next(
      martingale.initial(cfg),
      { type: 'start_sequence', balanceCents: 10_000 },
      cfg,
    );
    const again = martingale.next(
      opened.state,
      { type: 'start_sequence', balanceCents: 10_000 },
      cfg,
    );
    expect(again.commands).toEqual([{ type: 'rejected', reason: 'sequence_in_flight' }]);
    expect(again.state).toBe(opened.state);
  });

  it('raises the stake to the broker minimum and flags it when the base is below it', () => {
    const cfg = {
      ...config(TABLE[1]!),
      entry: { kind: 'fixed' as const, stakeCents: 50 },
      brokerMinCents: 100,
    };
    const opened = martingale.next(
      martingale.initial(cfg),
      { type: 'start_sequence', balanceCents: 10_000 },
      cfg,
    );
    expect(opened.commands).toEqual([
      { type: 'place', stakeCents: 100, galeLevel: 0, minApplied: true, capped: null },
    ]);
  });

  it('caps a gale to the broker maximum and then to the balance when they are lower', () => {
    const cfg = { ...config(TABLE[1]!), brokerMaxCents: 3000 };
    const sim = simulatePath(martingale, cfg, ['L', 'L', 'L'], 0.8, { startBalanceCents: 4500 });
    expect(sim.rows.map((r) => [r.stakeCents, r.capped])).toEqual([
      [1000, null],
      [2000, null],
      [1500, 'balance'],
    ]);
    const capped = simulatePath(martingale, cfg, ['L', 'L', 'L'], 0.8, {
      startBalanceCents: 100_000,
    });
    expect(capped.rows.map((r) => [r.stakeCents, r.capped])).toEqual([
      [1000, null],
      [2000, null],
      [3000, 'brokerMax'],
    ]);
  });

  it('takes the entry as a percent of the session-start balance when balanceRef is start', () => {
    const cfg: MartingaleConfig = {
      ...config(TABLE[1]!),
      entry: { kind: 'percent', pct: 1, balanceRef: 'start' },
    };
    const sim = simulatePath(martingale, cfg, ['W', 'W'], 0.8, { startBalanceCents: 100_000 });
    expect(sim.rows.map((r) => r.stakeCents)).toEqual([1000, 1000]);
    const current = simulatePath(
      martingale,
      { ...cfg, entry: { kind: 'percent', pct: 1, balanceRef: 'current' } },
      ['W', 'W'],
      0.8,
      {
        startBalanceCents: 100_000,
      },
    );
    expect(current.rows.map((r) => r.stakeCents)).toEqual([1000, 1008]);
  });

  it('closes the ladder as a loss when the session aborts it after a stop', () => {
    const cfg = config(TABLE[1]!);
    let step = martingale.next(
      martingale.initial(cfg),
      { type: 'start_sequence', balanceCents: 10_000 },
      cfg,
    );
    step = martingale.next(
      step.state,
      { type: 'order_settled', stakeCents: 1000, pnlCents: -1000 },
      cfg,
    );
    step = martingale.next(step.state, { type: 'abort_sequence' }, cfg);
    expect(step.commands).toEqual([
      { type: 'sequence_end', result: 'L', pnlCents: -1000, orders: 1, aborted: 'abort' },
    ]);
    expect(step.state.ladder).toBeNull();
  });
});
