import { AccountType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { createPaperBroker, outcomeOf, paperPricePoints, type PaperBroker } from './paper.ts';
import { hashString, mixKeys, mulberry32 } from './prng.ts';
import type { OrderRequest } from './types.ts';

const T0 = 1_700_000_000_000;
const order = (over: Partial<OrderRequest> = {}): OrderRequest => ({
  asset: 'EURUSD',
  direction: 'CALL',
  stakeCents: 200,
  account: AccountType.demo,
  openAtMs: T0,
  expiresAtMs: T0 + 60_000,
  ...over,
});

/** Places and settles `n` one-minute orders on a few assets; returns every answer. */
function script(broker: PaperBroker, n: number): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < n; i += 1) {
    const placed = broker.placeOrder(
      order({
        asset: ['EURUSD', 'GBP/JPY', 'EURUSD-OTC'][i % 3] ?? 'EURUSD',
        direction: i % 2 ? 'PUT' : 'CALL',
        openAtMs: T0 + i * 60_000,
        expiresAtMs: T0 + (i + 1) * 60_000,
      }),
    );
    out.push(placed);
    if (placed.ok) out.push(broker.settle(placed.order.id, placed.order.expiresAtMs));
  }
  out.push(broker.balance(AccountType.demo));
  return out;
}

describe('mulberry32', () => {
  it('repeats the same sequence when given the same seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seqA = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(seqA);
    expect(seqA.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('differs when the seed differs', () => {
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
  });
});

describe('hashString and mixKeys', () => {
  it.each([
    ['EURUSD', 'EURUSD', true],
    ['EURUSD', 'GBPUSD', false],
  ])('hash %s vs %s equal is %s', (a, b, same) => {
    expect(hashString(a) === hashString(b)).toBe(same);
  });

  it('separates instants beyond 32 bits when mixing', () => {
    expect(mixKeys(1, 2 ** 32)).not.toBe(mixKeys(1, 0));
  });
});

describe('paperPricePoints', () => {
  it('returns the same integer price when asked twice for the same seed, asset and instant', () => {
    const p = paperPricePoints(7, 'EURUSD', T0);
    expect(Number.isInteger(p)).toBe(true);
    expect(paperPricePoints(7, 'EUR/USD', T0)).toBe(p);
  });

  it('differs between assets and seeds', () => {
    const p = paperPricePoints(7, 'EURUSD', T0);
    expect(paperPricePoints(8, 'EURUSD', T0)).not.toBe(p);
    expect(paperPricePoints(7, 'GBPUSD', T0)).not.toBe(p);
  });

  it('moves continuously when instants are close', () => {
    const a = paperPricePoints(3, 'EURUSD', T0);
    const b = paperPricePoints(3, 'EURUSD', T0 + 10);
    expect(Math.abs(a - b)).toBeLessThan(5);
  });
});

describe('outcomeOf', () => {
  it.each([
    ['CALL', 100, 101, 'WIN'],
    ['CALL', 100, 99, 'LOSS'],
    ['PUT', 100, 99, 'WIN'],
    ['PUT', 100, 101, 'LOSS'],
    ['CALL', 100, 100, 'DRAW'],
    ['PUT', 100, 100, 'DRAW'],
  ] as const)('%s from %i to %i is %s', (direction, from, to, expected) => {
    expect(outcomeOf(direction, from, to)).toBe(expected);
  });
});

describe('createPaperBroker', () => {
  it('gives identical results when the seed and calls are the same', () => {
    expect(script(createPaperBroker({ seed: 11 }), 50)).toEqual(
      script(createPaperBroker({ seed: 11 }), 50),
    );
  });

  it('gives different results when the seed differs', () => {
    expect(script(createPaperBroker({ seed: 11 }), 50)).not.toEqual(
      script(createPaperBroker({ seed: 12 }), 50),
    );
  });

  it('produces wins, losses and draws over many orders', () => {
    const broker = createPaperBroker({ seed: 5, balances: { [AccountType.demo]: 100_000_000 } });
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i += 1) {
      const placed = broker.placeOrder(
        order({ openAtMs: T0 + i * 60_000, expiresAtMs: T0 + (i + 1) * 60_000 }),
      );
      if (!placed.ok) throw new Error(placed.error);
      const settled = broker.settle(placed.order.id, placed.order.expiresAtMs);
      if (settled.ok) seen.add(settled.settlement.outcome);
    }
    expect([...seen].sort()).toEqual(['DRAW', 'LOSS', 'WIN']);
  });

  it('pays stake·payout half up when the order wins, refunds on a draw, keeps the stake on a loss', () => {
    const broker = createPaperBroker({
      seed: 5,
      payouts: { EURUSD: 0.87 },
      balances: { [AccountType.demo]: 100_000 },
    });
    for (let i = 0; i < 200; i += 1) {
      const before = broker.balance(AccountType.demo);
      const placed = broker.placeOrder(
        order({ stakeCents: 215, openAtMs: T0 + i * 60_000, expiresAtMs: T0 + (i + 1) * 60_000 }),
      );
      if (!placed.ok) throw new Error(placed.error);
      expect(placed.balanceCents).toBe(before - 215);
      const s = broker.settle(placed.order.id, placed.order.expiresAtMs + 5);
      if (!s.ok) throw new Error(s.error);
      const expected = { WIN: 187, DRAW: 0, LOSS: -215 }[s.settlement.outcome];
      expect(s.settlement.pnlCents).toBe(expected);
      expect(broker.balance(AccountType.demo)).toBe(before + expected);
      expect(s.settlement.balanceCents).toBe(before + expected);
    }
  });

  it.each([
    [{ stakeCents: 0 }, 'invalid_stake'],
    [{ stakeCents: 1.5 }, 'invalid_stake'],
    [{ stakeCents: 99 }, 'stake_below_min'],
    [{ stakeCents: 500_001 }, 'stake_above_max'],
    [{ account: AccountType.real }, 'insufficient_balance'],
    [{ expiresAtMs: T0 }, 'invalid_times'],
    [{ openAtMs: Number.NaN }, 'invalid_times'],
  ])('refuses the order when %o', (over, error) => {
    expect(createPaperBroker({ seed: 1 }).placeOrder(order(over))).toEqual({ ok: false, error });
  });

  it('refuses to settle when the order is unknown, not expired or already settled', () => {
    const broker = createPaperBroker({ seed: 1 });
    expect(broker.settle('nope', T0)).toEqual({ ok: false, error: 'unknown_order' });
    const placed = broker.placeOrder(order());
    if (!placed.ok) throw new Error(placed.error);
    expect(broker.openOrders()).toHaveLength(1);
    expect(broker.settle(placed.order.id, T0 + 59_999)).toEqual({
      ok: false,
      error: 'not_expired',
    });
    expect(broker.settle(placed.order.id, T0 + 60_000).ok).toBe(true);
    expect(broker.settle(placed.order.id, T0 + 60_000)).toEqual({
      ok: false,
      error: 'already_settled',
    });
    expect(broker.openOrders()).toHaveLength(0);
  });

  it.each([
    ['EURUSD', 0.87],
    ['EUR/USD-OTC', 0.8],
    ['gbpjpy', 0.9],
  ])('quotes payout of %s as %f when configured by default or per asset', (asset, expected) => {
    expect(createPaperBroker({ seed: 1, payouts: { GBPJPY: 0.9 } }).payout(asset)).toBe(expected);
  });

  it('keeps demo and real balances apart when both are funded', () => {
    const broker = createPaperBroker({
      seed: 1,
      balances: { [AccountType.demo]: 1_000, [AccountType.real]: 5_000 },
    });
    broker.placeOrder(order({ account: AccountType.real, stakeCents: 300 }));
    expect([
      broker.balance(AccountType.demo),
      broker.balance(AccountType.real),
      broker.balance(AccountType.tournament),
    ]).toEqual([1_000, 4_700, 0]);
  });
});
