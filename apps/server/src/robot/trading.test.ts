import { endpoints as api, defaultMasanielloParams, defaultReaderParams } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { callAs, useTestApp } from '../test/app.ts';
import { robotOf } from '../test/robot.ts';
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
import { findStoredSession } from './session-store.ts';

const clock: TestClock = { now: Date.UTC(2026, 0, 5, 12, 0) };
const t = useTestApp({ now: () => clock.now });
const rt = () => robotOf(t.app);

/** A trader whose settings are saved and whose bot is switched on. */
async function readyTrader(over: Record<string, unknown> = {}): Promise<Me> {
  const me = await newTrader(t.app);
  await saveGlobalParams(t.app, me, over);
  const on = await command(t.app, rt(), me, 1);
  expect(on.params).toMatchObject({ running: true });
  return me;
}

async function signalState(id: number) {
  return t.app.deps.db
    .selectFrom('signals')
    .select(['decision', 'decision_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Plays one signal whose orders go L…/W as `pattern` says, from `fromMs`; returns its minute. */
async function playSequence(me: Me, asset: string, pattern: string, fromMs: number) {
  const at = findMinute(asset, pattern, fromMs);
  clock.now = at - 30_000;
  await postSignal(t.app, me, { asset, direction: 'CALL', atMs: at });
  await runSession(rt(), me.botId);
  await runAt(
    clock,
    rt(),
    me,
    Array.from({ length: pattern.length + 1 }, (_, k) => at + k * MINUTE),
  );
  return at;
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
  async function decide(me: Me, asset = 'EURUSD', atMs = clock.now + MINUTE) {
    const id = await postSignal(t.app, me, { asset, direction: 'CALL', atMs });
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

  it('refuses a second signal while a sequence is in flight', async () => {
    const me = await readyTrader();
    const at = Math.ceil((clock.now + MINUTE) / MINUTE) * MINUTE;
    expect(await decide(me, 'EURUSD', at)).toMatchObject({ decision: 'traded' });
    expect(await decide(me, 'GBPUSD', at)).toEqual({
      decision: 'refused',
      decision_reason: 'sequence_in_flight',
    });
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

describe('each strategy through the runtime on the paper broker (ROBOT.md worked paths)', () => {
  async function save(me: Me, e: Parameters<typeof callAs>[2], body: Record<string, unknown>) {
    const res = await callAs(t.app, me.cookie, e, { body: { ...body, userid: me.userid } });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** Plays one signal per pattern (each a sequence), returning every order's stake and P&L. */
  async function play(me: Me, asset: string, patterns: readonly string[]) {
    for (const p of patterns) await playSequence(me, asset, p, clock.now + MINUTE);
    return ordersOf(t.app, me);
  }

  it('soros (§2: base 10, N 2, 100 %, p 0.87): W W W W sends 10.00, 18.70, 34.97, 10.00', async () => {
    const me = await newTrader(t.app);
    await saveGlobalParams(t.app, me, { strategySel: 6, lote: 10, galenum: 0 });
    await save(me, api.saveSoros, { soros: 2, sorosgale: 0, sorosperc: 100, brokerID: 1 });
    await command(t.app, rt(), me, 1);
    const orders = await play(me, 'EURUSD', ['W', 'W', 'W', 'W']);
    expect(orders.map((o) => o.stake_cents)).toEqual([1000, 1870, 3497, 1000]);
    expect(orders.map((o) => o.pnl_cents)).toEqual([870, 1627, 3042, 870]);
  });

  it('masaniello plan A (§3: C 100, N 10, K 4, p 0.80): L W L W L W W ends on 110.58', async () => {
    const me = await newTrader(t.app);
    await saveGlobalParams(t.app, me, { strategySel: 2, galenum: 0 });
    // The contract's default Masaniello is ROBOT.md's plan A.
    await save(me, api.saveMasaniello, { ...defaultMasanielloParams(me.userid) });
    await command(t.app, rt(), me, 1);
    // OTC assets pay 80 % on the paper broker: the plan's payout is the broker's.
    const orders = await play(me, 'EURUSD-OTC', ['L', 'W', 'L', 'W', 'L', 'W', 'W']);
    expect(orders.map((o) => o.stake_cents)).toEqual([682, 1023, 690, 1110, 666, 1199, 539]);
    const capital = 10_000 + orders.reduce((s, o) => s + (o.pnl_cents ?? 0), 0);
    expect(capital).toBe(11_058);
  });

  it('cycles (§4: base 2, p 0.87, G 2, gm 2, C 3, cm 3): LLL, LW, W net −14.00, +4.44, +1.74', async () => {
    const me = await newTrader(t.app);
    await saveGlobalParams(t.app, me, { strategySel: 3, lote: 2 });
    await save(me, api.saveCycles, {
      ciclos: 3,
      ciclosFat: 3,
      ciclosGale: 2,
      ciclosGaleFat: 2,
      brokerID: 1,
    });
    await command(t.app, rt(), me, 1);
    const orders = await play(me, 'EURUSD', ['LLL', 'LW', 'W']);
    expect(orders.map((o) => o.stake_cents)).toEqual([200, 400, 800, 600, 1200, 200]);
    const bySignal = new Map<number, number>();
    for (const o of orders) {
      const key = Number(o.signal_id);
      bySignal.set(key, (bySignal.get(key) ?? 0) + (o.pnl_cents ?? 0));
    }
    expect([...bySignal.values()]).toEqual([-1400, 444, 174]);
  });

  /** Each signal's net P&L in cents, in the order the signals were played. */
  function netBySignal(orders: Awaited<ReturnType<typeof ordersOf>>): number[] {
    const bySignal = new Map<number, number>();
    for (const o of orders) {
      const key = Number(o.signal_id);
      bySignal.set(key, (bySignal.get(key) ?? 0) + (o.pnl_cents ?? 0));
    }
    return [...bySignal.values()];
  }

  it('custom cycles (§5: C1 2/4/8, C2 5/10/20, C3 12/25/50, p 0.87): the table walk to the cent', async () => {
    const me = await newTrader(t.app);
    await saveGlobalParams(t.app, me, { strategySel: 5, lote: 2 });
    const row = (cycle: number, stakes: readonly number[]) => ({
      cycle,
      entrada: stakes[0] ?? null,
      mg1: stakes[1] ?? null,
      mg2: stakes[2] ?? null,
      mg3: null,
      mg4: null,
      mg5: null,
      mg6: null,
      mg7: null,
    });
    const saved = await callAs(t.app, me.cookie, api.saveCustomCycles, {
      query: { userid: me.userid },
      body: [row(1, [2, 4, 8]), row(2, [5, 10, 20]), row(3, [12, 25, 50])],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await command(t.app, rt(), me, 1);
    // LLL (→ C2), LW (→ C1), W, then LLL on C1, C2 and C3 (table exhausted → C1), then W on C1.
    const orders = await play(me, 'EURUSD', ['LLL', 'LW', 'W', 'LLL', 'LLL', 'LLL', 'W']);
    expect(orders.map((o) => o.stake_cents)).toEqual([
      200, 400, 800, 500, 1000, 200, 200, 400, 800, 500, 1000, 2000, 1200, 2500, 5000, 200,
    ]);
    expect(orders.map((o) => o.gale_level)).toEqual([
      0, 1, 2, 0, 1, 0, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0,
    ]);
    expect(netBySignal(orders)).toEqual([-1400, 370, 174, -1400, -3500, -8700, 174]);
  });

  it('loss recovery (§6: conservative, base 5, p 0.87, f 50 %, G 1, gm 2): LL, W, W, W repays the bank', async () => {
    const me = await newTrader(t.app);
    await saveGlobalParams(t.app, me, { strategySel: 4, lote: 5 });
    await save(me, api.saveLossRecovery, {
      recoverPerc: 2,
      mode: 1,
      recoverGale: 1,
      recoverGaleFat: 2,
      recoverProfit: 0,
      brokerID: 1,
    });
    await command(t.app, rt(), me, 1);
    // After LL the bank is 15.00; R 7.50 → 8.63 (+7.51, bank 7.49); R 3.75 → 5.00 (+4.35,
    // bank 3.14); R 1.57 → 5.00 (+4.35, bank 0.00); an empty bank goes back to the base.
    const orders = await play(me, 'EURUSD', ['LL', 'W', 'W', 'W', 'W']);
    expect(orders.map((o) => o.stake_cents)).toEqual([500, 1000, 863, 500, 500, 500]);
    expect(orders.map((o) => o.pnl_cents)).toEqual([-500, -1000, 751, 435, 435, 435]);
    expect(netBySignal(orders)).toEqual([-1500, 751, 435, 435, 435]);
    const session = await findStoredSession(t.app.deps.db, me.botId);
    expect(session?.money).toMatchObject({ bankCents: 0 });
  });
});
