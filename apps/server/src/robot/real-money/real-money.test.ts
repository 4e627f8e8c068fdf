import { endpoints as api, Broker, AccountType } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { fromDbJson } from '../../db/dialect.ts';
import { callAs, useTestApp } from '../../test/app.ts';
import { useFakeDeriv } from '../../test/fake-deriv-scenario.ts';
import {
  command,
  MINUTE,
  newTrader,
  ordersOf,
  postSignal,
  saveGlobalParams,
  type Me,
  type TestClock,
} from '../../test/trading.ts';
import { runSession } from '../run-session.ts';

/** Real orders in the feed with the broker's reference, the daily cap. */
const clock: TestClock = { now: Date.UTC(2026, 0, 6, 12, 0) };
const t = useTestApp({ now: () => clock.now });
const REAL = 'real-Tok3n-for-the-fake';

// Deriv's new API: the token reaches the account, traded through OTP sockets.
const deriv = useFakeDeriv(t, clock, {
  [REAL]: [{ accountId: 'CR9000123', type: 'real', balance: 1000 }],
});
const { rt } = deriv;

/** A trader on Deriv's real account (password typed again for the switch), switched on. */
async function realTrader(over: Record<string, unknown> = {}): Promise<Me> {
  const me = await newTrader(t.app);
  await callAs(t.app, me.cookie, api.saveDerivTokens, {
    body: { tokenDemo: '', tokenReal: REAL, userid: me.userid },
  });
  await saveGlobalParams(t.app, me, {
    brokerID: Broker.deriv,
    payout: 0,
    accType: AccountType.real,
    ...over,
  });
  expect((await command(t.app, rt(), me, 1)).params).toMatchObject({ running: true });
  return me;
}

const nextMinute = () => Math.ceil((clock.now + 1) / MINUTE) * MINUTE + MINUTE;

async function feedOf(me: Me): Promise<{ key: string; params: Record<string, unknown> }[]> {
  const rows = await t.app.deps.db
    .selectFrom('activity')
    .select('message')
    .where('bot_id', '=', me.botId)
    .orderBy('id')
    .execute();
  return rows.map((r) => fromDbJson(r.message));
}

/** Posts a signal for the next minute and runs the bot to its send (and settles it as a win). */
async function tradeOne(me: Me, asset: string): Promise<void> {
  const at = nextMinute();
  clock.now = at - 30_000;
  await postSignal(t.app, me, { asset, direction: 'CALL', atMs: at });
  await runSession(rt(), me.botId);
  clock.now = at;
  await runSession(rt(), me.botId);
  const contract = [...deriv.fake.contracts.values()].at(-1);
  const [latest] = (await ordersOf(t.app, me)).slice(-1);
  if (latest?.state === 'open' && contract) {
    clock.now = at + MINUTE;
    deriv.fake.settle(contract.contractId, 'won');
    await runSession(rt(), me.botId);
  }
}

describe('real money at a real broker', () => {
  it("puts the broker's own reference of a real order in the feed", async () => {
    const me = await realTrader();
    await tradeOne(me, 'EURUSD');
    const [order] = await ordersOf(t.app, me);
    expect(order).toMatchObject({ account_type: AccountType.real, state: 'won' });
    expect(await feedOf(me)).toContainEqual({
      key: 'robot.activity.orderOpenReal',
      params: expect.objectContaining({ asset: 'EURUSD', brokerRef: order?.broker_order_id }),
    });
  });

  it('refuses the order that would pass the daily real-money cap and stops the robot', async () => {
    // 2.00 per entry, cap 3.00: the first entry goes, the second would make 4.00.
    const me = await realTrader({ realCap: 3 });
    await tradeOne(me, 'EURUSD');
    const buys = deriv.fake.sent('buy').length;
    await tradeOne(me, 'GBPUSD');
    expect(deriv.fake.sent('buy')).toHaveLength(buys);
    expect((await ordersOf(t.app, me)).map((o) => [o.state, o.fail_reason])).toEqual([
      ['won', null],
      ['failed', 'realCapReached'],
    ]);
    const feed = await feedOf(me);
    expect(feed).toContainEqual({
      key: 'robot.activity.orderFailedReal',
      params: { asset: 'GBPUSD', reason: 'realCapReached', brokerRef: null },
    });
    expect(feed).toContainEqual({
      key: 'robot.activity.stopped',
      params: { reason: 'real_cap' },
    });
    // Stopped: the next signal is refused before any order.
    const at = nextMinute();
    clock.now = at - 30_000;
    await postSignal(t.app, me, { asset: 'USDJPY', direction: 'PUT', atMs: at });
    await runSession(rt(), me.botId);
    expect(await ordersOf(t.app, me)).toHaveLength(2);
  });

  it('a Real bot whose real login was removed is refused, never traded on the simulator', async () => {
    const me = await realTrader();
    await callAs(t.app, me.cookie, api.saveDerivTokens, {
      body: { tokenDemo: '', tokenReal: '', userid: me.userid, remove: ['tokenReal'] },
    });
    expect((await deriv.brokers.brokerFor(me.botId, Broker.deriv)).name).toBe('paper');
    const at = nextMinute();
    clock.now = at - 30_000;
    const id = await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(rt(), me.botId);
    const signal = await t.app.deps.db
      .selectFrom('signals')
      .select(['decision', 'decision_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(signal).toEqual({ decision: 'refused', decision_reason: 'real_on_simulator' });
    expect(await ordersOf(t.app, me)).toEqual([]);
  });

  it('a bot command cannot switch to Real (the panel asks the password); back to Demo it can', async () => {
    const demo = await newTrader(t.app);
    await saveGlobalParams(t.app, demo, { brokerID: Broker.deriv });
    expect(await command(t.app, rt(), demo, 8)).toMatchObject({
      params: { ok: false, reason: 'real_needs_panel', accountType: AccountType.demo },
    });
    const real = await realTrader();
    expect(await command(t.app, rt(), real, 8)).toMatchObject({
      params: { ok: true, accountType: AccountType.demo },
    });
  });
});
