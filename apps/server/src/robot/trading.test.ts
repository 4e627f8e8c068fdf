import { endpoints as api, defaultReaderParams } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { fromDbJson } from '../db/dialect.ts';
import { callAs, useTestApp } from '../test/app.ts';
import { tradingScenario } from '../test/trading-scenario.ts';
import {
  command,
  findMinute,
  MINUTE,
  newTrader,
  ordersOf,
  postSignal,
  runAt,
  saveGlobalParams,
  type Me,
  type TestClock,
} from '../test/trading.ts';
import { runSession } from './run-session.ts';

const clock: TestClock = { now: Date.UTC(2026, 0, 5, 12, 0) };
const t = useTestApp({ now: () => clock.now });
const { rt, readyTrader, playSequence } = tradingScenario(t, clock);

async function signalState(id: number) {
  return t.app.deps.db
    .selectFrom('signals')
    .select(['decision', 'decision_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('a new bot', () => {
  it('starts off and cannot be switched on before its settings are saved', async () => {
    const me = await newTrader(t.app);
    const on = await command(t.app, rt(), me, 1);
    expect(on).toEqual({
      key: 'robot.reply.on',
      params: { ok: false, reason: 'not_configured', missing: 'globalParams' },
    });
    const status = await command(t.app, rt(), me, 3);
    expect(status.params).toMatchObject({ running: false });
  });

  it('refuses a signal while off, with the reason stored', async () => {
    const me = await newTrader(t.app);
    await saveGlobalParams(t.app, me);
    const id = await postSignal(t.app, me, {
      asset: 'EURUSD',
      direction: 'CALL',
      atMs: clock.now + MINUTE,
    });
    clock.now += MINUTE - 10_000; // decided when due (a pending entry until then)
    await runSession(rt(), me.botId);
    expect(await signalState(id)).toEqual({ decision: 'refused', decision_reason: 'bot_off' });
    expect(await ordersOf(t.app, me)).toEqual([]);
  });
});

describe('martingale on the paper broker (ROBOT.md §1: base 2.00, G 3, m 2.2, p 0.87)', () => {
  it('sends 2.00, 4.40, 9.68, 21.30 and nets +2.45 when the third gale wins', async () => {
    const me = await readyTrader();
    const at = await playSequence(me, 'EURUSD', 'LLLW', clock.now + MINUTE);
    const orders = await ordersOf(t.app, me);
    expect(orders.map((o) => o.stake_cents)).toEqual([200, 440, 968, 2130]);
    expect(orders.map((o) => o.state)).toEqual(['lost', 'lost', 'lost', 'won']);
    expect(orders.map((o) => o.gale_level)).toEqual([0, 1, 2, 3]);
    expect(orders.map((o) => o.send_at)).toEqual([0, 1, 2, 3].map((k) => at + k * MINUTE));
    expect(orders.reduce((sum, o) => sum + (o.pnl_cents ?? 0), 0)).toBe(245);
    expect(orders.at(-1)?.balance_after_cents).toBe(1_000_000 + 245);
  });

  it('loses 37.38 when every gale loses, and the next signal starts again at 2.00', async () => {
    const me = await readyTrader();
    await playSequence(me, 'EURUSD', 'LLLL', clock.now + MINUTE);
    let orders = await ordersOf(t.app, me);
    expect(orders.reduce((sum, o) => sum + (o.pnl_cents ?? 0), 0)).toBe(-3738);
    await playSequence(me, 'EURUSD', 'W', clock.now + MINUTE);
    orders = await ordersOf(t.app, me);
    expect(orders.at(-1)).toMatchObject({ stake_cents: 200, state: 'won', pnl_cents: 174 });
  });
});

describe('decisions: every refusal is stored with its reason', () => {
  /** Posts a signal a minute ahead, lets the runtime decide, returns the stored decision. */
  /** Posts a signal for `atMs` and runs the bot when it is due (10 s before its entry). */
  async function decide(me: Me, asset = 'EURUSD', atMs = clock.now + MINUTE) {
    const id = await postSignal(t.app, me, { asset, direction: 'CALL', atMs });
    clock.now = Math.max(clock.now, atMs - 10_000);
    await runSession(rt(), me.botId);
    return signalState(id);
  }

  const readerParams = (over: Record<string, unknown>) => ({ ...defaultReaderParams(), ...over });

  it('refuses a bot whose expiry passed', async () => {
    const me = await readyTrader();
    await t.app.deps.db
      .updateTable('bots')
      .set({ botexp: Math.floor(clock.now / 1000) - 60 })
      .where('id', '=', me.botId)
      .execute();
    expect(await decide(me)).toEqual({ decision: 'refused', decision_reason: 'expired' });
  });

  // A messaging-app id that was never proven is a pending claim (anyone may type any id), not a
  // trader.
  it('refuses a pending bot whose id was never proven, and trades it once verified', async () => {
    const me = await readyTrader();
    await t.app.deps.db
      .updateTable('bots')
      .set({ verified: false })
      .where('id', '=', me.botId)
      .execute();
    expect(await decide(me)).toEqual({ decision: 'refused', decision_reason: 'not_verified' });
    await t.app.deps.db
      .updateTable('bots')
      .set({ verified: true })
      .where('id', '=', me.botId)
      .execute();
    expect(await decide(me, 'EURUSD', Math.ceil(clock.now / MINUTE) * MINUTE + MINUTE)).toEqual({
      decision: 'traded',
      decision_reason: null,
    });
  });

  it('refuses a signal outside the reader windows, and trades one inside', async () => {
    const me = await readyTrader();
    const base = Math.ceil(clock.now / MINUTE) * MINUTE;
    const local = new Date(base + MINUTE - 3 * 3_600_000);
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    // A window that starts an hour after the next minute (reader clock UTC−3).
    const saved = await callAs(t.app, me.cookie, api.saveReaderParams, {
      query: { userid: me.userid },
      body: readerParams({
        hourStart: hh(local.getUTCHours() + 1),
        hourEnd: hh(local.getUTCHours() + 3),
      }),
    });
    expect(saved.statusCode).toBe(200);
    expect(await decide(me, 'EURUSD', base + MINUTE)).toEqual({
      decision: 'refused',
      decision_reason: 'outside_windows',
    });
    clock.now = base + 61 * MINUTE;
    expect(await decide(me, 'EURUSD', clock.now + MINUTE)).toMatchObject({ decision: 'traded' });
  });

  it('keeps a second entry due at the same instant pending up to its deadline, then refuses it', async () => {
    const me = await readyTrader();
    const at = Math.ceil((clock.now + MINUTE) / MINUTE) * MINUTE;
    expect(await decide(me, 'EURUSD', at)).toMatchObject({ decision: 'traded' });
    // One sequence at a time: the second waits for the first up to its own send deadline …
    expect(await decide(me, 'GBPUSD', at)).toEqual({ decision: null, decision_reason: null });
    await runAt(clock, rt(), me, [at, at + 5_000]);
    const [second] = await t.app.deps.db
      .selectFrom('signals')
      .select(['id', 'decision', 'decision_reason'])
      .where('bot_id', '=', me.botId)
      .where('asset', '=', 'GBPUSD')
      .execute();
    expect(second).toMatchObject({ decision: null });
    // … and is refused, with its reason in the feed, once that deadline has passed.
    await runAt(clock, rt(), me, [at + 5_001]);
    expect(await signalState(second?.id ?? 0)).toEqual({
      decision: 'refused',
      decision_reason: 'sequence_in_flight',
    });
    const feed = await t.app.deps.db
      .selectFrom('activity')
      .select('message')
      .where('signal_id', '=', second?.id ?? 0)
      .execute();
    expect(feed.map((f) => fromDbJson(f.message))).toEqual([
      {
        key: 'robot.refusal.sequence_in_flight',
        params: { asset: 'GBPUSD', direction: 'CALL' },
      },
    ]);
  });

  it('refuses over the daily order limit', async () => {
    const me = await readyTrader({ galenum: 0 });
    await callAs(t.app, me.cookie, api.saveReaderParams, {
      query: { userid: me.userid },
      body: readerParams({ maxtrades: 1 }),
    });
    await playSequence(me, 'EURUSD', 'W', clock.now + MINUTE);
    expect(await decide(me)).toEqual({
      decision: 'refused',
      decision_reason: 'max_orders_reached',
    });
  });

  it('stops after the settlement that hits the stop loss, and refuses the next signal', async () => {
    const me = await readyTrader({ galenum: 0, stopLoss: 2 });
    await playSequence(me, 'EURUSD', 'L', clock.now + MINUTE);
    expect(await decide(me)).toEqual({ decision: 'refused', decision_reason: 'stopped' });
  });

  it('refuses an entry that could take the session past the stop loss (pre-stop)', async () => {
    const me = await readyTrader({ galenum: 0, stopLoss: 1 });
    expect(await decide(me)).toEqual({ decision: 'refused', decision_reason: 'pre_stop' });
  });

  it("refuses when the broker's payout is below the global params' minimum", async () => {
    const me = await readyTrader({ payout: 90 });
    expect(await decide(me)).toEqual({ decision: 'refused', decision_reason: 'payout_below_min' });
  });
});

describe('restart', () => {
  it('settles on start an order whose expiry passed while the process was down', async () => {
    const me = await readyTrader({ galenum: 0 });
    const at = findMinute('EURUSD', 'W', clock.now + MINUTE);
    clock.now = at - 10_000;
    await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runAt(clock, rt(), me, [clock.now, at]);
    // Down from before the expiry until an hour later: the next run settles it at once.
    clock.now = at + 60 * MINUTE;
    await runSession(rt(), me.botId);
    expect(await ordersOf(t.app, me)).toMatchObject([{ state: 'won', pnl_cents: 174 }]);
  });
});
