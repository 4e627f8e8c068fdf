import { describe, expect, it } from 'vitest';
import { scoreOf } from './score.ts';
import {
  signalOutcome,
  signalResultOf,
  signalScoreOf,
  type SignalScoredOrder,
} from './signal-score.ts';

let nextId = 1;
/** One order of signal `signalId` at `galeLevel` (stake 2,00 at 80 % unless told). */
const o = (
  signalId: number | null,
  galeLevel: number,
  state: string,
  pnlCents: number | null,
  payoutPct = 80,
): SignalScoredOrder => ({ id: nextId++, signalId, galeLevel, state, pnlCents, payoutPct });

/** Entry 2,00 lost, G1 4,00 lost, G2 8,00 won at 80 %: −2,00 − 4,00 + 6,40 = +0,40. */
const winAtG2 = (s: number) => [o(s, 0, 'lost', -200), o(s, 1, 'lost', -400), o(s, 2, 'won', 640)];

describe('signalResultOf', () => {
  it('nets a win at G2 with the losses before it: +0,40, not the G2 order’s +6,40', () => {
    expect(signalResultOf(winAtG2(9))).toEqual({
      outcome: { kind: 'won', step: 2 },
      pnlCents: 40,
      entryPayoutPct: 80,
    });
  });

  it('nets a lost ladder with every stake of it', () => {
    const lost = [o(8, 0, 'lost', -200), o(8, 1, 'lost', -400)];
    expect(signalResultOf(lost)).toMatchObject({ outcome: { kind: 'lost' }, pnlCents: -600 });
  });
});

describe('signalScoreOf', () => {
  it('counts four signals won, one at G2, as 4 × 0 at 100 % (the orders score said 4 × 2)', () => {
    const orders = [o(1, 0, 'won', 160), o(2, 0, 'won', 160), ...winAtG2(3), o(4, 0, 'won', 160)];
    expect(signalScoreOf(orders)).toEqual({
      signals: 4,
      wins: 4,
      winsByStep: [3, 0, 1],
      losses: 0,
      draws: 0,
      open: 0,
      hitRatePct: 100,
      breakEvenRatePct: 55.6,
      pnlCents: 520,
    });
    expect(scoreOf(orders)).toMatchObject({ wins: 4, losses: 2, hitRatePct: 66.7 });
  });

  it('adds a signal lost at G2: 4 × 1, 80 %, break-even 14 / 15,545 (docs/trader.md)', () => {
    const won = [o(1, 0, 'won', 174), o(2, 0, 'won', 174), o(3, 0, 'won', 174)];
    const g2 = [o(4, 0, 'lost', -200), o(4, 1, 'lost', -400), o(4, 2, 'won', 696)];
    const lost = [o(5, 0, 'lost', -200), o(5, 1, 'lost', -400), o(5, 2, 'lost', -800)];
    expect(signalScoreOf([...won, ...g2, ...lost])).toMatchObject({
      wins: 4,
      losses: 1,
      winsByStep: [3, 0, 1],
      hitRatePct: 80,
      breakEvenRatePct: 90.1,
      pnlCents: 3 * 174 + 96 - 1400,
    });
  });

  it('breaks even at the average lost signal over the average won plus lost', () => {
    // Won at entry +1,60; won at G1 −2,00 + 6,40 = +4,40; lost at G1 −2,00 − 4,00 = −6,00.
    const orders = [
      o(1, 0, 'won', 160),
      o(2, 0, 'lost', -200),
      o(2, 1, 'won', 640),
      o(3, 0, 'lost', -200),
      o(3, 1, 'lost', -400),
    ];
    // Average won 3,00, average lost 6,00: 6 / (3 + 6) = 66,7 % — and 2 of 3 is exactly that.
    expect(signalScoreOf(orders)).toMatchObject({
      signals: 3,
      wins: 2,
      winsByStep: [1, 1],
      losses: 1,
      hitRatePct: 66.7,
      breakEvenRatePct: 66.7,
      pnlCents: 0,
    });
  });

  it('leaves open signals and signals whose orders all failed out of the rates', () => {
    const orders = [
      o(1, 0, 'lost', -200),
      o(1, 1, 'open', null),
      o(2, 0, 'failed', null),
      o(3, 0, 'draw', 0, 90),
    ];
    expect(signalScoreOf(orders)).toEqual({
      signals: 1,
      wins: 0,
      winsByStep: [],
      losses: 0,
      draws: 1,
      open: 1,
      hitRatePct: null,
      breakEvenRatePct: 52.6,
      pnlCents: 0,
    });
  });

  it('counts each order without a signal as a signal of its own', () => {
    const orders = [o(null, 0, 'won', 160), o(null, 0, 'lost', -200)];
    expect(signalScoreOf(orders)).toMatchObject({ signals: 2, wins: 1, losses: 1, hitRatePct: 50 });
  });

  it('has no rates without orders', () => {
    expect(signalScoreOf([])).toMatchObject({
      signals: 0,
      hitRatePct: null,
      breakEvenRatePct: null,
    });
  });
});

describe('signalOutcome', () => {
  it.each([
    ['won at entry', [{ galeLevel: 0, state: 'won' }], { kind: 'won', step: 0 }],
    [
      'a gale that failed after a lost entry is a loss',
      [
        { galeLevel: 0, state: 'lost' },
        { galeLevel: 1, state: 'failed' },
      ],
      { kind: 'lost' },
    ],
    [
      'a draw at G1',
      [
        { galeLevel: 1, state: 'draw' },
        { galeLevel: 0, state: 'lost' },
      ],
      { kind: 'draw' },
    ],
    ['placed is open', [{ galeLevel: 0, state: 'placed' }], { kind: 'open' }],
    ['nothing reached the broker', [{ galeLevel: 0, state: 'failed' }], { kind: 'failed' }],
  ])('%s', (_, orders, expected) => {
    expect(signalOutcome(orders)).toEqual(expected);
  });
});
