import { endpoints as api, defaultTraderInfo, AccountType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { cardToRow, defaultCard } from '../../reader/cards.ts';
import { callAs, useTestApp } from '../../test/app.ts';
import { seedFollowers, stakesTaken, type FollowSettings } from '../../test/copy.ts';
import { copyScenario } from '../../test/copy-scenario.ts';
import { command, MINUTE, newTrader, type Me, type TestClock } from '../../test/trading.ts';
import { runSession } from '../run-session.ts';
import { dispatchCopies } from './dispatch.ts';

// Which of a trader's orders are copied, to whom, and with what (the fan-out).
const clock: TestClock = { now: Date.UTC(2026, 0, 6, 9, 0) };
const t = useTestApp({ now: () => clock.now });
const { rt, copyTrader, traderOrders, copiesOf, lastTraderOrderId } = copyScenario(t, clock);

describe('copy fan-out', () => {
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
        account_type: AccountType.demo,
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

describe('the copy switches of the trader’s bot (commands 9 and 15)', () => {
  const traderInfo = async (me: Me) =>
    (await callAs(t.app, me.cookie, api.getTraderInfo, { query: { userid: me.userid } })).json();
  const globalParams = async (me: Me) =>
    (
      await callAs(t.app, me.cookie, api.getGlobalParams, {
        query: { userid: me.userid, brokerid: 1 },
      })
    ).json();

  it('copies nothing while the bot is in follower mode, and copies again back in trader mode', async () => {
    const trader = await copyTrader();
    await seedFollowers(t.app.deps.db, trader.botId, 2, clock.now);
    expect(await command(t.app, rt(), trader, 9)).toMatchObject({ params: { copyMode: 2 } });
    expect(await globalParams(trader)).toMatchObject({ traderMode: 2 });
    expect(await traderInfo(trader)).toMatchObject({ copyTraderEn: true });
    await traderOrders(trader);
    expect(await copiesOf(await lastTraderOrderId(trader))).toHaveLength(0);

    expect(await command(t.app, rt(), trader, 9)).toMatchObject({ params: { copyMode: 1 } });
    await traderOrders(trader);
    expect(await copiesOf(await lastTraderOrderId(trader))).toHaveLength(2);
  });

  it('switches copying off and on with command 15, as the trader configuration shows it', async () => {
    const trader = await copyTrader({ pares_filter: 'EURUSD' });
    await seedFollowers(t.app.deps.db, trader.botId, 2, clock.now);
    expect(await command(t.app, rt(), trader, 15)).toMatchObject({
      params: { copyEnabled: false },
    });
    // The switch only: the trader's filters stay as saved.
    expect(await traderInfo(trader)).toMatchObject({ copyTraderEn: false, paresFilter: 'EURUSD' });
    await traderOrders(trader);
    expect(await copiesOf(await lastTraderOrderId(trader))).toHaveLength(0);

    expect(await command(t.app, rt(), trader, 15)).toMatchObject({
      params: { copyEnabled: true },
    });
    expect(await traderInfo(trader)).toMatchObject({ copyTraderEn: true, paresFilter: 'EURUSD' });
    await traderOrders(trader);
    expect(await copiesOf(await lastTraderOrderId(trader))).toHaveLength(2);
    expect(await command(t.app, rt(), trader, 6)).toMatchObject({
      params: { copyMode: 1, copyEnabled: true },
    });
  });

  it('turns copying on for a trader who never saved the trader configuration, with its defaults', async () => {
    const me = await newTrader(t.app);
    expect(await traderInfo(me)).toMatchObject({ copyTraderEn: false });
    // The mode is kept in the global params, never saved yet: command 9 says so.
    expect(await command(t.app, rt(), me, 9)).toEqual({
      key: 'robot.reply.copyMode',
      params: { ok: false, reason: 'not_configured', copyMode: 1 },
    });
    expect(await command(t.app, rt(), me, 15)).toMatchObject({ params: { copyEnabled: true } });
    expect(await traderInfo(me)).toEqual({ ...defaultTraderInfo(me.userid), copyTraderEn: true });
  });
});
