import { describe, expect, it } from 'vitest';
import { scoreOf, type ScoredOrder } from './score.ts';

const o = (state: string, pnlCents: number | null = null, payoutPct = 80): ScoredOrder => ({
  state,
  payoutPct,
  pnlCents,
});

describe('scoreOf', () => {
  it('has no rates before the first settled order', () => {
    expect(scoreOf([])).toEqual({
      wins: 0,
      losses: 0,
      draws: 0,
      hitRatePct: null,
      breakEvenRatePct: null,
      pnlCents: 0,
      orders: 0,
    });
  });

  it.each<[string, ScoredOrder[], Partial<ReturnType<typeof scoreOf>>]>([
    [
      'two wins and a loss at 80 %',
      [o('won', 160), o('won', 160), o('lost', -200)],
      { wins: 2, losses: 1, hitRatePct: 66.7, breakEvenRatePct: 55.6, pnlCents: 120, orders: 3 },
    ],
    [
      'a draw counts as settled but not as decided',
      [o('won', 87, 87), o('draw', 0, 87)],
      { wins: 1, draws: 1, hitRatePct: 100, breakEvenRatePct: 53.5, pnlCents: 87, orders: 2 },
    ],
    [
      'only draws: no hit rate, a break-even rate',
      [o('draw', 0)],
      { draws: 1, hitRatePct: null, breakEvenRatePct: 55.6, orders: 1 },
    ],
    [
      'open and placed orders count as orders, not in the rates',
      [o('open'), o('placed'), o('lost', -200)],
      { losses: 1, hitRatePct: 0, pnlCents: -200, orders: 3 },
    ],
    [
      'failed orders count nowhere',
      [o('failed'), o('failed')],
      { wins: 0, losses: 0, hitRatePct: null, breakEvenRatePct: null, orders: 0 },
    ],
    [
      'the break-even rate is at the average payout of the settled orders',
      [o('won', 70, 70), o('lost', -100, 90), o('open', null, 10)],
      { hitRatePct: 50, breakEvenRatePct: 55.6, pnlCents: -30, orders: 3 },
    ],
  ])('%s', (_, orders, expected) => {
    expect(scoreOf(orders)).toMatchObject(expected);
  });
});
