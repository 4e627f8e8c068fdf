import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { seedFollowers, stakesTaken } from '../../test/copy.ts';
import { copyScenario } from '../../test/copy-scenario.ts';
import { MINUTE, ordersOf, type TestClock } from '../../test/trading.ts';
import type { BrokerAdapter } from '../brokers/broker-adapter.ts';
import { paperBroker } from '../brokers/paper-broker.ts';
import { runSession } from '../run-session.ts';
import { dispatchCopies } from './dispatch.ts';

// The copy dispatcher: sends, reconciles and settles the copies a fan-out left in the outbox.
const clock: TestClock = { now: Date.UTC(2026, 0, 6, 9, 0) };
const t = useTestApp({ now: () => clock.now });
const { rt, copyTrader, traderOrders, copiesOf, feedOf, lastTraderOrderId } = copyScenario(
  t,
  clock,
);

type Fault = 'hang' | 'lost' | 'throw' | null;

/**
 * The paper broker of each follower, wrapped: `hang` never answers and never places (request
 * lost), `lost` places and never answers (answer lost), `throw` fails the call (connection reset).
 */
function flakyBrokers(app: FastifyInstance, faultOf: (botId: number) => Fault) {
  return (botId: number): Promise<BrokerAdapter> => {
    const inner = paperBroker(app.deps.db, botId);
    const fault = faultOf(botId);
    return Promise.resolve({
      ...inner,
      async placeOrder(req) {
        if (fault === 'hang') return new Promise<never>(() => undefined);
        if (fault === 'lost') {
          await inner.placeOrder(req);
          return new Promise<never>(() => undefined);
        }
        if (fault === 'throw') throw new Error('connection reset');
        return inner.placeOrder(req);
      },
    });
  };
}

async function paperOrdersOf(botIds: number[]) {
  return t.app.deps.db
    .selectFrom('paper_orders')
    .select(['bot_id', 'client_ref', 'open_at'])
    .where('bot_id', 'in', botIds)
    .execute();
}

async function sessionVersion(botId: number): Promise<number | null> {
  const row = await t.app.deps.db
    .selectFrom('bot_sessions')
    .select('version')
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return row ? Number(row.version) : null;
}

describe('copy fan-out execution', () => {
  it('places every follower once when 20 % of broker calls fail or time out, none after the deadline', async () => {
    const trader = await copyTrader();
    const followers = await seedFollowers(t.app.deps.db, trader.botId, 50, clock.now);
    const faults = new Map<number, Fault>();
    followers.forEach((id, i) => {
      faults.set(id, i % 10 === 0 ? 'hang' : i % 10 === 3 ? 'lost' : null);
    });
    faults.set(followers[1] as number, 'throw');
    faults.set(followers[11] as number, 'throw');
    // 12 of 50 (24 %) faulty: 5 requests lost, 5 answers lost (the broker placed them), 2 thrown.
    const at = await traderOrders(trader, 'EURUSD', undefined, 'remote');
    const traderOrder = await lastTraderOrderId(trader);
    const version = await sessionVersion(trader.botId);
    expect(await copiesOf(traderOrder)).toHaveLength(50);
    expect((await copiesOf(traderOrder)).every((c) => c.state === 'placed')).toBe(true);

    const flaky = rt({ brokerFor: flakyBrokers(t.app, (id) => faults.get(id) ?? null) });
    const first = await dispatchCopies(flaky);
    expect(first).toMatchObject({ sent: 38, failed: 0 });
    // A second pass at once neither re-sends the claimed ones nor places anything twice.
    expect(await dispatchCopies(flaky)).toMatchObject({ sent: 0, reconciled: 0 });

    // Past the entry deadline (5 s): the lost answers are found at the broker, the lost
    // requests and the thrown calls are failed as missed, never sent.
    clock.now = at + 6_000;
    const healthy = rt();
    const second = await dispatchCopies(healthy);
    expect(second).toMatchObject({ sent: 0, reconciled: 12 });
    const copies = await copiesOf(traderOrder);
    const byState = (s: string) => copies.filter((c) => c.state === s).length;
    expect(byState('open')).toBe(43);
    expect(byState('failed')).toBe(7);
    expect(
      copies.filter((c) => c.state === 'failed').every((c) => c.fail_reason === 'missed'),
    ).toBe(true);

    // Each placed follower paid its stake once; the others nothing.
    const stakes = await stakesTaken(t.app.deps.db, followers);
    expect(stakes.filter((c) => c === 200)).toHaveLength(43);
    expect(stakes.filter((c) => c === 0)).toHaveLength(7);
    const paper = await paperOrdersOf(followers);
    expect(paper).toHaveLength(43);
    expect(new Set(paper.map((p) => p.bot_id)).size).toBe(43);
    expect(paper.every((p) => p.client_ref === `copy:${traderOrder}`)).toBe(true);
    expect(paper.every((p) => p.open_at <= at + 5_000)).toBe(true);

    // Settled by the dispatcher; the trader's session never moved for its followers.
    clock.now = at + MINUTE + 1_000;
    const settled = await dispatchCopies(healthy);
    expect(settled.settled).toBe(43);
    expect(await sessionVersion(trader.botId)).toBe(version);
    for (const id of followers.slice(0, 3)) expect(await sessionVersion(id)).toBeNull();
    await runSession(rt(), trader.botId);
    expect((await ordersOf(t.app, trader)).at(-1)).toMatchObject({ state: 'won', pnl_cents: 174 });
    const results = await copiesOf(traderOrder);
    expect(results.filter((c) => c.state === 'won')).toHaveLength(43);

    // The follower's feed says whose order it copies.
    expect(await feedOf(followers[2] as number)).toMatchObject([
      { key: 'robot.activity.copyOpen', params: { trader: trader.userid, asset: 'EURUSD' } },
      { key: 'robot.activity.won' },
    ]);
  }, 30_000);

  it('places copies due now on the paper broker with the trader’s order, and settles them from the ledger', async () => {
    const trader = await copyTrader();
    const followers = await seedFollowers(t.app.deps.db, trader.botId, 3, clock.now, {
      // The third follower's stake (lote 20 000 = 20,000.00) is above the paper broker's largest.
      settings: (i) => (i === 2 ? { lote: 20_000 } : {}),
    });
    const at = await traderOrders(trader);
    const traderOrder = await lastTraderOrderId(trader);
    // No dispatcher ran: the copies were placed in the transaction that confirmed the order.
    const copies = await copiesOf(traderOrder);
    expect(copies.map((c) => [c.state, c.fail_reason, c.confirmed_at])).toEqual([
      ['open', null, at],
      ['open', null, at],
      ['failed', 'stakeAboveMax', null],
    ]);
    expect(copies.every((c) => c.attempted_at === at)).toBe(true);
    expect(await paperOrdersOf(followers)).toHaveLength(0); // the ledger row is the paper order
    expect(await stakesTaken(t.app.deps.db, followers)).toEqual([200, 200, 0]);
    expect(await dispatchCopies(rt())).toMatchObject({ sent: 0, late: 0, reconciled: 0 });
    expect(await feedOf(followers[0] as number)).toEqual([
      {
        key: 'robot.activity.copyOpen',
        params: {
          trader: trader.userid,
          asset: 'EURUSD',
          direction: 'CALL',
          stakeCents: 200,
          expiresAt: at + MINUTE,
        },
      },
    ]);
    expect(await feedOf(followers[2] as number)).toEqual([
      {
        key: 'robot.activity.copyFailed',
        params: { trader: trader.userid, asset: 'EURUSD', reason: 'stakeAboveMax' },
      },
    ]);

    // At expiry the dispatcher settles them from the ledger: a win pays stake and profit back.
    clock.now = at + MINUTE + 1_000;
    expect(await dispatchCopies(rt())).toMatchObject({ settled: 2 });
    expect(await dispatchCopies(rt())).toMatchObject({ settled: 0 }); // once
    const settled = await copiesOf(traderOrder);
    const start = 1_000_000;
    expect(settled.slice(0, 2).map((c) => [c.state, Number(c.pnl_cents)])).toEqual([
      ['won', 174],
      ['won', 174],
    ]);
    expect(settled.slice(0, 2).map((c) => Number(c.balance_after_cents))).toEqual([
      start + 174,
      start + 174,
    ]);
    expect(await stakesTaken(t.app.deps.db, followers)).toEqual([-174, -174, 0]);
    expect((await feedOf(followers[1] as number)).at(-1)).toEqual({
      key: 'robot.activity.won',
      params: {
        asset: 'EURUSD',
        pnlCents: 174,
        balanceCents: start + 174,
        galeLevel: 0,
        priceSource: 'simulated',
      },
    });
  });

  it('releases a lost request still inside its deadline and sends it once', async () => {
    const trader = await copyTrader();
    const followers = await seedFollowers(t.app.deps.db, trader.botId, 4, clock.now);
    const at = await traderOrders(trader, 'EURUSD', undefined, 'remote');
    const flaky = rt({
      brokerFor: flakyBrokers(t.app, (id) =>
        id === followers[0] ? 'hang' : id === followers[1] ? 'lost' : null,
      ),
    });
    expect(await dispatchCopies(flaky)).toMatchObject({ sent: 2 });
    clock.now = at + 1_000;
    expect(await dispatchCopies(rt())).toMatchObject({ reconciled: 2, sent: 1 });
    const copies = await copiesOf(await lastTraderOrderId(trader));
    expect(copies.map((c) => c.state)).toEqual(['open', 'open', 'open', 'open']);
    // Each follower paid one 2.00 stake: the released request was placed once.
    expect(await stakesTaken(t.app.deps.db, followers)).toEqual([200, 200, 200, 200]);
  }, 30_000);

  it('fails a copy whose send instant passed the deadline before any dispatcher ran', async () => {
    const trader = await copyTrader();
    const followers = await seedFollowers(t.app.deps.db, trader.botId, 3, clock.now);
    const at = await traderOrders(trader, 'EURUSD', undefined, 'remote');
    clock.now = at + 5_001;
    expect(await dispatchCopies(rt())).toMatchObject({ late: 3, sent: 0 });
    expect(await paperOrdersOf(followers)).toHaveLength(0);
    expect(await stakesTaken(t.app.deps.db, followers)).toEqual([0, 0, 0]);
    const copies = await copiesOf(await lastTraderOrderId(trader));
    expect(copies.map((c) => c.fail_reason)).toEqual(['late', 'late', 'late']);
  });
});
