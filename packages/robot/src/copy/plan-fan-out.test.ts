import { AccountType } from '@app/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyStakeCents, planFanOut, planMetaFanOut } from './plan-fan-out.ts';
import {
  COPY_SKIP_REASONS,
  type CopyFollower,
  type MetaFollower,
  type MetaOrder,
  type TraderOrder,
} from './types.ts';

const AT_MS = 1_700_000_000_000;
const order: TraderOrder = {
  traderId: 't1',
  asset: 'EURUSD',
  direction: 'CALL',
  stakeCents: 1_000,
  account: AccountType.real,
  brokerId: 5,
  signalType: 7,
  atMs: AT_MS,
};
const follower = (over: Partial<CopyFollower> = {}): CopyFollower => ({
  id: 'f1',
  expCopy: 0,
  ordersToday: 0,
  traderEna: true,
  acptdemo: false,
  maxTrades: 0,
  signalType: 0,
  delaysig: 0,
  brokerID: 0,
  minStake: 0,
  maxStake: 0,
  lote: 2,
  loteType: 1,
  ...over,
});

describe('planFanOut', () => {
  it.each<[string, Partial<CopyFollower>, Partial<TraderOrder>, string]>([
    ['disabled', { traderEna: false }, {}, 'disabled'],
    ['expired at the order second', { expCopy: AT_MS / 1000 }, {}, 'expired'],
    ['expired before', { expCopy: AT_MS / 1000 - 1 }, {}, 'expired'],
    ['demo order not accepted', {}, { account: AccountType.demo }, 'demo_not_accepted'],
    ['daily limit reached', { maxTrades: 3, ordersToday: 3 }, {}, 'max_orders_reached'],
    ['another broker', { brokerID: 6 }, {}, 'broker_mismatch'],
    ['another signal type', { signalType: 8 }, {}, 'signal_type_mismatch'],
    ['lote rounds to 0 cents', { lote: 0.001 }, {}, 'stake_too_small'],
    ['lote is not positive', { lote: 0 }, {}, 'invalid_follower'],
    ['min above max', { minStake: 10, maxStake: 5 }, {}, 'invalid_follower'],
    ['unknown loteType', { loteType: 3 }, {}, 'invalid_follower'],
    ['NaN delay', { delaysig: Number.NaN }, {}, 'invalid_follower'],
  ])('skips with the reason when %s', (_, over, orderOver, reason) => {
    const [decision] = planFanOut({ ...order, ...orderOver }, [follower(over)]);
    expect(decision).toEqual({ kind: 'skip', index: 0, followerId: 'f1', reason });
  });

  it.each<[string, Partial<CopyFollower>, Partial<TraderOrder>, number, string | null]>([
    ['fixed entry', { lote: 2.5 }, {}, 250, null],
    ['copy lot half', { loteType: 2, lote: 0.5 }, {}, 500, null],
    ['copy lot double', { loteType: 2, lote: 2 }, {}, 2_000, null],
    ['copy lot rounds half up', { loteType: 2, lote: 0.3333 }, { stakeCents: 215 }, 72, null],
    ['raised to minStake', { minStake: 5 }, {}, 500, 'min'],
    ['cut to maxStake', { loteType: 2, lote: 3, maxStake: 20 }, {}, 2_000, 'max'],
    ['expiry still ahead', { expCopy: AT_MS / 1000 + 1 }, {}, 200, null],
    ['demo accepted', { acptdemo: true }, { account: AccountType.demo }, 200, null],
    ['under the daily limit', { maxTrades: 3, ordersToday: 2 }, {}, 200, null],
    ['same broker and signal type', { brokerID: 5, signalType: 7 }, {}, 200, null],
  ])('plans an order when %s', (_, over, orderOver, stakeCents, clamped) => {
    const [decision] = planFanOut({ ...order, ...orderOver }, [follower(over)]);
    expect(decision).toMatchObject({ kind: 'order', clamped, order: { stakeCents } });
  });

  it('sends after the follower delay when delaysig is set, never before the trader', () => {
    const [late, early] = planFanOut(order, [
      follower({ delaysig: 1.5 }),
      follower({ delaysig: -3 }),
    ]);
    expect(late).toMatchObject({ order: { sendAtMs: AT_MS + 1_500 } });
    expect(early).toMatchObject({ order: { sendAtMs: AT_MS } });
  });

  it('copies the asset, direction, broker and signal type when planning an order', () => {
    expect(planFanOut(order, [follower()])[0]).toEqual({
      kind: 'order',
      index: 0,
      followerId: 'f1',
      clamped: null,
      order: {
        asset: 'EURUSD',
        direction: 'CALL',
        stakeCents: 200,
        brokerId: 5,
        signalType: 7,
        sendAtMs: AT_MS,
      },
    });
  });

  it('keeps planning the others when a follower is malformed or hostile', () => {
    const hostile = Object.defineProperty({ ...follower({ id: 'h' }) }, 'lote', {
      get() {
        throw new Error('boom');
      },
    });
    const input = [follower({ id: 'a' }), null, hostile, { id: 'x' }, follower({ id: 'b' })];
    const decisions = planFanOut(order, input as unknown as CopyFollower[]);
    expect(decisions.map((d) => [d.followerId, d.kind === 'skip' ? d.reason : 'order'])).toEqual([
      ['a', 'order'],
      ['', 'invalid_follower'],
      ['h', 'invalid_follower'],
      ['x', 'invalid_follower'],
      ['b', 'order'],
    ]);
  });

  it('returns an empty plan when there are no followers', () => {
    expect(planFanOut(order, [])).toEqual([]);
  });

  const anyNumber = fc.oneof(
    fc.integer({ min: -5, max: 20 }),
    fc.double({ min: -10, max: 100, noNaN: false }),
    fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 0),
  );
  const anyFollower = fc.oneof(
    fc.record({
      id: fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), fc.constant('')),
      expCopy: fc.oneof(fc.constant(0), fc.integer({ min: 1_699_999_000, max: 1_700_001_000 })),
      ordersToday: fc.integer({ min: -1, max: 10 }),
      traderEna: fc.oneof(fc.boolean(), fc.constantFrom(0, 1, 'yes')),
      acptdemo: fc.boolean(),
      maxTrades: fc.integer({ min: -1, max: 10 }),
      signalType: fc.constantFrom(0, 4, 7, 8),
      delaysig: anyNumber,
      brokerID: fc.constantFrom(0, 5, 6),
      minStake: anyNumber,
      maxStake: anyNumber,
      lote: anyNumber,
      loteType: fc.constantFrom(1, 2, 3),
    }),
    fc.constantFrom(null, undefined, 42, 'follower', {}),
  );
  const anyOrder = fc.record({
    traderId: fc.constant('t'),
    asset: fc.constant('EURUSD'),
    direction: fc.constantFrom('CALL' as const, 'PUT' as const),
    stakeCents: fc.integer({ min: 1, max: 100_000 }),
    account: fc.constantFrom(1 as const, 2 as const, 3 as const),
    brokerId: fc.constantFrom(5 as const, 6 as const),
    signalType: fc.constantFrom(7 as const, 8 as const),
    atMs: fc.constant(AT_MS),
  });

  it('gives exactly one decision per follower, every skip with a known reason, stakes in bounds', () => {
    fc.assert(
      fc.property(anyOrder, fc.array(anyFollower, { maxLength: 30 }), (o, fs) => {
        const decisions = planFanOut(o, fs as unknown as CopyFollower[]);
        expect(decisions).toHaveLength(fs.length);
        decisions.forEach((d, i) => {
          expect(d.index).toBe(i);
          if (d.kind === 'skip') {
            expect(COPY_SKIP_REASONS).toContain(d.reason);
            return;
          }
          const f = fs[i] as CopyFollower;
          expect(Number.isInteger(d.order.stakeCents)).toBe(true);
          expect(d.order.stakeCents).toBeGreaterThanOrEqual(1);
          if (f.minStake > 0)
            expect(d.order.stakeCents).toBeGreaterThanOrEqual(Math.round(f.minStake * 100));
          if (f.maxStake > 0)
            expect(d.order.stakeCents).toBeLessThanOrEqual(Math.round(f.maxStake * 100));
          expect(d.order.sendAtMs).toBeGreaterThanOrEqual(o.atMs);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('copyStakeCents', () => {
  it.each([
    [1, 2, 0, 0, 999, 200, null],
    [2, 1.1, 0, 0, 999, 1_099, null],
    [2, 0.1, 1, 0, 500, 100, 'min'],
    [2, 10, 0, 50, 999, 5_000, 'max'],
  ] as const)(
    'gives the stake when loteType %i lote %f min %f max %f on a %i-cent trader stake',
    (loteType, lote, minStake, maxStake, trader, stakeCents, clamped) => {
      expect(copyStakeCents({ loteType, lote, minStake, maxStake }, trader)).toEqual({
        stakeCents,
        clamped,
      });
    },
  );
});

describe('planMetaFanOut', () => {
  const metaOrder: MetaOrder = {
    traderId: 't1',
    asset: 'GBPUSD',
    direction: 'PUT',
    brokerId: 1,
    signalType: 4,
    atMs: AT_MS,
  };
  const meta = (over: Partial<MetaFollower> = {}): MetaFollower => ({
    id: 'm1',
    expCopy: 0,
    ordersToday: 0,
    traderEna: true,
    maxTrades: 0,
    signalType: 0,
    delaysig: 0,
    anticipation: 0,
    brokerID: 0,
    lote: 3,
    ...over,
  });

  it.each<[string, Partial<MetaFollower>, string]>([
    ['disabled', { traderEna: false }, 'disabled'],
    ['expired', { expCopy: 1 }, 'expired'],
    ['daily limit reached', { maxTrades: 1, ordersToday: 1 }, 'max_orders_reached'],
    ['another broker', { brokerID: 2 }, 'broker_mismatch'],
    ['another signal type', { signalType: 7 }, 'signal_type_mismatch'],
    ['anticipation is not a number', { anticipation: Number.NaN }, 'invalid_follower'],
  ])('skips with the reason when %s', (_, over, reason) => {
    expect(planMetaFanOut(metaOrder, [meta(over)])[0]).toMatchObject({ kind: 'skip', reason });
  });

  it.each([
    [0, 0, AT_MS],
    [5, 0, AT_MS + 5_000],
    [5, 2, AT_MS + 3_000],
    [1, 4, AT_MS],
  ])(
    'sends at the order instant + delay %i − anticipation %i when planning',
    (delaysig, anticipation, sendAtMs) => {
      expect(planMetaFanOut(metaOrder, [meta({ delaysig, anticipation })])[0]).toMatchObject({
        kind: 'order',
        order: { stakeCents: 300, sendAtMs, asset: 'GBPUSD', direction: 'PUT' },
      });
    },
  );
});
