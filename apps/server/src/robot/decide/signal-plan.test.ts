import { endpoints as api, type ChannelSettings } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { callAs, useTestApp } from '../../test/app.ts';
import { createChannel, post, signalsOf, subscribe } from '../../test/reader.ts';
import { tradingScenario } from '../../test/trading-scenario.ts';
import {
  command,
  findMinute,
  MINUTE,
  ordersOf,
  runAt,
  type Me,
  type TestClock,
} from '../../test/trading.ts';
import { clockTime } from '../../reader/read-message.ts';
import { runSession } from '../run-session.ts';

const clock: TestClock = { now: Date.UTC(2026, 0, 5, 12, 0) };
const t = useTestApp({ now: () => clock.now });
const { rt, readyTrader } = tradingScenario(t, clock);

/** A local channel whose card is saved with `over` (full minute, 1 ms delay: gales on the minute). */
async function channelWithCard(me: Me, over: Partial<ChannelSettings>): Promise<string> {
  const idNum = await createChannel(t.app, me, 'VIP Gale');
  await subscribe(t.app, me, [{ idNum, name: 'VIP Gale' }]);
  const res = await callAs(t.app, me.cookie, api.getGroups, {
    query: { userid: me.userid, traderid: me.userid },
  });
  const [card] = res.json() as ChannelSettings[];
  const saved = await callAs(t.app, me.cookie, api.saveGroup, {
    body: { ...card, signaltype: 2, delaysig: 0.001, ...over },
  });
  expect(saved.json()).toEqual({ ok: true });
  return idNum;
}

/** Posts `text(HH:MM)` for the minute `at`, lets the reader read it and the robot trade it out. */
async function playMessage(me: Me, idNum: string, at: number, text: (hhmm: string) => string) {
  clock.now = at - 30_000;
  await post(t.app, me, idNum, text(clockTime(at, -3)));
  await t.app.reader.runOnce();
  await runSession(rt(), me.botId);
  await runAt(clock, rt(), me, [at + 1, ...[1, 2, 3, 4].map((k) => at + k * MINUTE)]);
}

describe('one plan per signal (docs/trader.md): the gales a message states are obeyed', () => {
  it('never places a G2 for "(gale 1)" with the card and the globals set to 2 gales', async () => {
    const me = await readyTrader({ galenum: 2, galefat: 2.2 });
    const idNum = await channelWithCard(me, { galenum: 2 });
    const at = findMinute('EURUSD', 'LLL', clock.now + 5 * MINUTE);
    await playMessage(me, idNum, at, (hhmm) => `🔔 EUR/USD - ${hhmm} - CALL - M1 (gale 1)`);

    const orders = await ordersOf(t.app, me);
    // 2.00 then 4.40, both lost: −6.40, never the 9.68 of a G2.
    expect(orders.map((o) => [o.gale_level, o.stake_cents, o.state])).toEqual([
      [0, 200, 'lost'],
      [1, 440, 'lost'],
    ]);
    const [signal] = await signalsOf(t.app, me, idNum);
    expect(signal).toMatchObject({
      gales: 1,
      decision: 'traded',
      outcomes: [{ userid: me.userid, state: 'sent', reason: null, gales: 1 }],
    });
    // The tester, given the same line before its time, says 1 gale and what the robot did.
    clock.now = at - 10_000;
    const tested = await callAs(t.app, me.cookie, api.testSignal, {
      body: {
        userid: me.userid,
        idNum,
        text: `🔔 EUR/USD - ${clockTime(at, -3)} - CALL - M1 (gale 1)`,
      },
    });
    expect(tested.json().lines).toMatchObject([
      { reason: 'duplicate', gales: 1, outcomes: [{ state: 'sent', gales: 1 }] },
    ]);
  });

  it('shows 1 gale on the dashboard for a pending "(gale 1)", and 2 for a line that says none', async () => {
    const me = await readyTrader({ galenum: 3 });
    const idNum = await channelWithCard(me, { galenum: 2 });
    const at = Math.ceil(clock.now / MINUTE) * MINUTE + 10 * MINUTE;
    const hhmm = (ms: number) => clockTime(ms, -3);
    await post(
      t.app,
      me,
      idNum,
      `EUR/USD - ${hhmm(at)} - CALL - M1 (gale 1)\nGBPUSD;${hhmm(at + 5 * MINUTE)};PUT;M1`,
    );
    await t.app.reader.runOnce();
    const res = await callAs(t.app, me.cookie, api.tradingDashboard, {
      query: { userid: me.userid },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json().nextEntries as { asset: string; gales: number }[]).map((e) => [e.asset, e.gales]),
    ).toEqual([
      ['EURUSD', 1],
      ['GBPUSD', 2],
    ]);
  });

  it("takes the card's galenum, lote and galefat when the message states no gale", async () => {
    const me = await readyTrader({ galenum: 3, galefat: 2.2 });
    const idNum = await channelWithCard(me, { galenum: 1, lote: 5, galefat: 2 });
    const at = findMinute('EURUSD', 'LLL', clock.now + 5 * MINUTE);
    await playMessage(me, idNum, at, (hhmm) => `EURUSD;${hhmm};CALL;M1`);

    const orders = await ordersOf(t.app, me);
    expect(orders.map((o) => [o.gale_level, o.stake_cents])).toEqual([
      [0, 500],
      [1, 1000],
    ]);
    const [signal] = await signalsOf(t.app, me, idNum);
    expect(signal).toMatchObject({ gales: 1 });
  });
});

describe('the truth in every view: what the robot did with each line', () => {
  it('says refused with its reason (never taken) for a line the robot refused', async () => {
    const me = await readyTrader();
    const idNum = await channelWithCard(me, {});
    await command(t.app, rt(), me, 2);
    const at = Math.ceil(clock.now / MINUTE) * MINUTE + 10 * MINUTE;
    await post(t.app, me, idNum, `EURUSD;${clockTime(at, -3)};CALL;M1`);
    await t.app.reader.runOnce();
    let [signal] = await signalsOf(t.app, me, idNum);
    expect(signal?.outcomes).toEqual([
      { userid: me.userid, state: 'pending', reason: null, gales: 3 },
    ]);
    // A pending entry is decided from 30 s before its send instant (docs/trader.md).
    clock.now = at - 20_000;
    await runSession(rt(), me.botId);
    [signal] = await signalsOf(t.app, me, idNum);
    expect(signal).toMatchObject({
      status: 'accepted',
      outcomes: [
        {
          userid: me.userid,
          state: 'refused',
          reason: { key: 'robot.refusal.bot_off', params: { asset: 'EURUSD' } },
        },
      ],
    });
    // A new line in the tester: what the bot would do now, with its reason.
    const tested = await callAs(t.app, me.cookie, api.testSignal, {
      body: { userid: me.userid, idNum, text: `GBPUSD;${clockTime(at, -3)};PUT;M1` },
    });
    expect(tested.json().lines).toMatchObject([
      {
        status: 'accepted',
        gales: 3,
        outcomes: [{ state: 'wouldRefuse', reason: { key: 'robot.refusal.bot_off' } }],
      },
    ]);
  });
});
