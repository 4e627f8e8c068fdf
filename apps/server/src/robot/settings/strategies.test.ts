import { endpoints as api, defaultMasanielloParams } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { callAs, useTestApp } from '../../test/app.ts';
import { tradingScenario } from '../../test/trading-scenario.ts';
import {
  command,
  MINUTE,
  newTrader,
  ordersOf,
  saveGlobalParams,
  type Me,
  type TestClock,
} from '../../test/trading.ts';
import { findStoredSession } from '../session-store.ts';

// Each strategy's worked path of ROBOT.md, played through the runtime on the paper broker.
const clock: TestClock = { now: Date.UTC(2026, 0, 5, 12, 0) };
const t = useTestApp({ now: () => clock.now });
const { rt, playSequence } = tradingScenario(t, clock);

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
