import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customCycles } from './custom-cycles.ts';
import { cycles } from './cycles.ts';
import { lossRecovery } from './loss-recovery.ts';
import { martingale } from './martingale.ts';
import { masaniello } from './masaniello.ts';
import { simulatePath } from './simulate.ts';
import { soros } from './soros.ts';
import type { BaseState, CommonConfig, MoneyStrategy, OrderResult } from './types.ts';

const limits = fc.record({
  brokerMinCents: fc.integer({ min: 1, max: 500 }),
  span: fc.integer({ min: 0, max: 50_000 }),
});
const results = fc.array(fc.constantFrom<OrderResult>('W', 'L', 'D'), {
  minLength: 1,
  maxLength: 60,
});

function common(
  base: number,
  payout: number,
  min: number,
  max: number,
  drawAsLoss: boolean,
): CommonConfig {
  return {
    brokerMinCents: min,
    brokerMaxCents: max,
    entry: { kind: 'fixed', stakeCents: base },
    payout,
    drawPolicy: drawAsLoss ? 'asLoss' : 'refund',
  };
}

/** Every strategy with a config built from the same random knobs. */
function strategiesFor(
  c: CommonConfig,
  gales: number,
  multiplier: number,
): [string, MoneyStrategy<never, BaseState>, unknown][] {
  return [
    ['martingale', martingale as never, { ...c, gales, multiplier }],
    ['soros', soros as never, { ...c, levels: 3, pct: 100, gales, galeMultiplier: multiplier }],
    [
      'cycles',
      cycles as never,
      { ...c, cycles: 3, cycleMultiplier: multiplier, gales, galeMultiplier: multiplier },
    ],
    [
      'customCycles',
      customCycles as never,
      {
        ...c,
        gales,
        multiplier,
        rows: [
          { cycle: 1, entrada: 2, mg1: 4 },
          { cycle: 2, entrada: 50, mg1: 900 },
        ],
      },
    ],
    [
      'lossRecovery',
      lossRecovery as never,
      { ...c, factor: 1, mode: 3, gales, galeMultiplier: multiplier, recoverProfitCents: 0 },
    ],
    [
      'masaniello',
      masaniello as never,
      {
        brokerMinCents: c.brokerMinCents,
        brokerMaxCents: c.brokerMaxCents,
        capitalCents: 20_000,
        totalOper: 10,
        totalWin: 4,
        payout: c.payout,
        gales: Math.min(gales, 2),
        type: 2,
        profitTargetCents: 0,
        hitsRestart: 0,
        restartOnBust: true,
      },
    ],
  ];
}

describe('stake limits (every strategy)', () => {
  it('never stakes above the balance or the broker maximum nor below the minimum (property)', () => {
    fc.assert(
      fc.property(
        limits,
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 0, max: 5 }),
        fc.constantFrom(0, 1.5, 2, 2.2, 3),
        fc.double({ min: 0.5, max: 0.95, noNaN: true }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.boolean(),
        results,
        (
          { brokerMinCents, span },
          base,
          gales,
          multiplier,
          payout,
          startBalanceCents,
          drawAsLoss,
          path,
        ) => {
          const c = common(base, payout, brokerMinCents, brokerMinCents + span, drawAsLoss);
          for (const [, strategy, config] of strategiesFor(c, gales, multiplier)) {
            const sim = simulatePath(strategy, config as never, path, payout, {
              startBalanceCents,
            });
            let balance = startBalanceCents;
            for (const row of sim.rows) {
              expect(row.stakeCents).toBeGreaterThanOrEqual(brokerMinCents);
              expect(row.stakeCents).toBeLessThanOrEqual(brokerMinCents + span);
              expect(row.stakeCents).toBeLessThanOrEqual(balance);
              balance = row.balanceCents;
            }
          }
        },
      ),
    );
  });

  it('nets at least base·p on every win of a payout-aware martingale ladder (property)', () => {
    fc.assert(
      fc.property(
        // From one currency unit: below it a 1-cent win can round to 0 and read as a draw.
        fc.integer({ min: 100, max: 10_000 }),
        fc.integer({ min: 0, max: 6 }),
        fc.double({ min: 0.3, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        (base, gales, payout, winAt) => {
          const level = Math.min(winAt, gales);
          const config = { ...common(base, payout, 1, 1e12, false), gales, multiplier: 0 };
          const path: OrderResult[] = [...Array<OrderResult>(level).fill('L'), 'W'];
          const sim = simulatePath(martingale, config, path, payout, { startBalanceCents: 1e13 });
          const end = sim.rows.at(-1)?.events[0];
          expect(end?.type === 'sequence_end' && end.result).toBe('W');
          // Profits are rounded half up to the cent, so "at least" holds to within that half cent.
          expect(end?.type === 'sequence_end' ? end.pnlCents : 0).toBeGreaterThanOrEqual(
            roundHalfUp(base * payout),
          );
        },
      ),
    );
  });
});

function roundHalfUp(cents: number): number {
  return Math.floor(cents + 0.5);
}
