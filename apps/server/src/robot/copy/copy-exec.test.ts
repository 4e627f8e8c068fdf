import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { activityAfter } from '../../modules/trading/trading.service.ts';
import { useTestApp } from '../../test/app.ts';
import {
  enableCopyTrader,
  seedFollowers,
  stakesTaken,
  type FollowSettings,
} from '../../test/copy.ts';
import { robotOf } from '../../test/robot.ts';
import {
  command,
  findMinute,
  MINUTE,
  newTrader,
  ordersOf,
  postSignal,
  saveGlobalParams,
  type Me,
  type TestClock,
} from '../../test/trading.ts';
import type { BrokerAdapter } from '../brokers/broker-adapter.ts';
import { cardToRow, defaultCard } from '../../reader/cards.ts';
import { paperBroker } from '../brokers/paper-broker.ts';
import { runSession } from '../run-session.ts';
import type { RuntimeDeps } from '../runtime-deps.ts';
import { dispatchCopies } from './dispatch.ts';

const clock: TestClock = { now: Date.UTC(2026, 0, 6, 9, 0) };
const t = useTestApp({ now: () => clock.now });
const rt = (extra: Parameters<typeof robotOf>[1] = {}): RuntimeDeps => ({
  ...robotOf(t.app, extra),
  // Long enough for a healthy paper call on PostgreSQL under load; a hung call costs this once.
  brokerTimeoutMs: 500,
});

/**
 * The runtime as it is for followers on a remote broker (Deriv): no batch broker, so the fan-out
 * leaves every copy `placed` for the dispatcher instead of placing it in its own transaction.
 */
function remoteFollowers(r: RuntimeDeps = rt()): RuntimeDeps {
  const copy = { ...r };
  delete copy.batchBroker;
  return copy;
}

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

/** A trader on demo (broker 1, no gales), copy trading on, switched on. */
async function copyTrader(over: Parameters<typeof enableCopyTrader>[3] = {}): Promise<Me> {
  const me = await newTrader(t.app);
  await saveGlobalParams(t.app, me, { galenum: 0 });
  await command(t.app, rt(), me, 1);
  await enableCopyTrader(t.app.deps.db, me.botId, clock.now, over);
  return me;
}

/**
 * The trader trades one CALL at a winning minute; returns the minute (its order is open). With
 * `followers: 'remote'` the copies wait in the outbox for the dispatcher (remoteFollowers).
 */
async function traderOrders(
  me: Me,
  asset = 'EURUSD',
  channel?: string,
  followers: 'paper' | 'remote' = 'paper',
): Promise<number> {
  const at = findMinute(asset, 'W', clock.now + 2 * MINUTE);
  clock.now = at - 30_000;
  await postSignal(t.app, me, {
    asset,
    direction: 'CALL',
    atMs: at,
    ...(channel ? { channel } : {}),
  });
  await runSession(rt(), me.botId);
  clock.now = at;
  await runSession(followers === 'remote' ? remoteFollowers() : rt(), me.botId);
  const [order] = (await ordersOf(t.app, me)).slice(-1);
  expect(order).toMatchObject({ state: 'open' });
  return at;
}

async function copiesOf(traderOrderId: number) {
  return t.app.deps.db
    .selectFrom('orders')
    .selectAll()
    .where('copy_of', '=', traderOrderId)
    .orderBy('bot_id')
    .execute();
}

async function paperOrdersOf(botIds: number[]) {
  return t.app.deps.db
    .selectFrom('paper_orders')
    .select(['bot_id', 'client_ref', 'open_at'])
    .where('bot_id', 'in', botIds)
    .execute();
}

/** A follower's feed as the panel reads it (oldest first), messages only. */
async function feedOf(botId: number) {
  return (await activityAfter(t.app.deps.db, botId, '', 0)).map((item) => item.message);
}

async function sessionVersion(botId: number): Promise<number | null> {
  const row = await t.app.deps.db
    .selectFrom('bot_sessions')
    .select('version')
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return row ? Number(row.version) : null;
}

async function lastTraderOrderId(me: Me): Promise<number> {
  const rows = await ordersOf(t.app, me);
  return (rows.at(-1) as { id: number }).id;
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
      params: { asset: 'EURUSD', pnlCents: 174, balanceCents: start + 174, galeLevel: 0 },
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

  it('stores a skip reason per follower the plan does not copy to', async () => {
    const trader = await copyTrader();
    const cases: [string, Partial<FollowSettings>][] = [
      ['order', {}],
      ['disabled', { trader_ena: false }],
      ['expired', { exp_copy: Math.floor(clock.now / 1000) - 10 }],
      ['demo_not_accepted', { acptdemo: false }],
      ['broker_mismatch', { broker_id: 5 }],
      ['signal_type_mismatch', { signal_type: 8 }],
      ['order', { exp_copy: Math.floor(clock.now / 1000) + 86_400 * 30 }],
      ['max_orders_reached', { max_trades: 1 }],
    ];
    const followers = await seedFollowers(t.app.deps.db, trader.botId, cases.length, clock.now, {
      settings: (i) => cases[i]?.[1] ?? {},
    });
    // The last follower already copied one order of this trader today (its limit is 1).
    await t.app.deps.db
      .insertInto('orders')
      .values({
        bot_id: followers.at(-1) as number,
        client_ref: 'copy:0',
        session_ref: 'copy:0',
        gale_level: 0,
        broker_id: 1,
        account_type: 1,
        asset: 'EURUSD',
        direction: 'PUT',
        stake_cents: 200,
        payout_pct: 87,
        state: 'won',
        send_at: clock.now,
        expires_at: clock.now + MINUTE,
        created_at: clock.now,
        copy_of: 0,
        copy_product: 'copy',
        copy_trader_bot_id: trader.botId,
      })
      .execute();
    await traderOrders(trader);
    const traderOrder = await lastTraderOrderId(trader);
    const fanout = await t.app.deps.db
      .selectFrom('copy_fanouts')
      .selectAll()
      .where('trader_order_id', '=', traderOrder)
      .executeTakeFirstOrThrow();
    expect(fanout).toMatchObject({ followers: 8, planned: 2, skipped: 6, product: 'copy' });
    const skips = await t.app.deps.db
      .selectFrom('copy_skips')
      .select(['follower_bot_id', 'reason'])
      .where('fanout_id', '=', fanout.id)
      .execute();
    const reasonOf = new Map(skips.map((s) => [Number(s.follower_bot_id), s.reason]));
    const got = followers.map((id) => reasonOf.get(id) ?? 'order');
    expect(got).toEqual(cases.map(([r]) => r));
  });

  it('copies nothing when the trader’s own filters reject the order, and copies are never re-copied', async () => {
    const trader = await copyTrader({ pares_filter: 'GBPUSD; USDJPY' });
    await seedFollowers(t.app.deps.db, trader.botId, 2, clock.now);
    await traderOrders(trader);
    expect(await copiesOf(await lastTraderOrderId(trader))).toHaveLength(0);
  });

  it('does not let the follower’s own session send or settle a copy', async () => {
    const trader = await copyTrader();
    const [follower] = await seedFollowers(t.app.deps.db, trader.botId, 1, clock.now);
    await traderOrders(trader, 'EURUSD', undefined, 'remote');
    const report = await runSession(rt(), follower as number);
    expect(report.sent).toBe(0);
    expect(await copiesOf(await lastTraderOrderId(trader))).toMatchObject([{ state: 'placed' }]);
  });

  it('fans a MetaCopy order out with the record’s delay and anticipation and the follower’s lote', async () => {
    const trader = await copyTrader();
    await t.app.deps.db
      .deleteFrom('copy_trader_settings')
      .where('bot_id', '=', trader.botId)
      .execute();
    await t.app.deps.db
      .insertInto('meta_trader_records')
      .values({
        bot_id: trader.botId,
        traderid: '5001',
        trader_ena: true,
        max_trades: 0,
        signal_type: 7,
        delaysig: 3,
        broker_id: 0,
        anticipation: 1,
        updated_at: clock.now,
      })
      .execute();
    const followers = await seedFollowers(t.app.deps.db, trader.botId, 2, clock.now, {
      product: 'meta',
      settings: (i) => ({ lote: 5, delaysig: i, signal_type: 0 }),
    });
    const at = await traderOrders(trader);
    const copies = await copiesOf(await lastTraderOrderId(trader));
    expect(copies.map((c) => [c.client_ref, Number(c.stake_cents), c.send_at])).toEqual([
      [`meta:${copies[0]?.copy_of}`, 500, at + 2_000],
      [`meta:${copies[0]?.copy_of}`, 500, at + 3_000],
    ]);
    expect(copies.map((c) => c.state)).toEqual(['placed', 'placed']);
    clock.now = at + 3_000;
    expect(await dispatchCopies(rt())).toMatchObject({ sent: 2 });
    expect((await copiesOf(await lastTraderOrderId(trader))).map((c) => c.state)).toEqual([
      'open',
      'open',
    ]);
    expect(await stakesTaken(t.app.deps.db, followers)).toEqual([500, 500]);
  });

  it('copies only the channels marked “send to trader” once the trader marks any', async () => {
    const trader = await copyTrader();
    await seedFollowers(t.app.deps.db, trader.botId, 2, clock.now);
    await traderOrders(trader, 'EURUSD', 'inbox-a');
    expect(await copiesOf(await lastTraderOrderId(trader))).toHaveLength(2); // none marked: all
    await t.app.deps.db
      .insertInto('channel_cards')
      .values(
        cardToRow(
          trader.botId,
          { ...defaultCard('inbox-b', 'B', trader.userid, 0), send2Trader: true },
          clock.now,
        ),
      )
      .execute();
    await traderOrders(trader, 'EURUSD', 'inbox-a');
    expect(await copiesOf(await lastTraderOrderId(trader))).toHaveLength(0);
    await traderOrders(trader, 'EURUSD', 'inbox-b');
    expect(await copiesOf(await lastTraderOrderId(trader))).toHaveLength(2);
  });
});
