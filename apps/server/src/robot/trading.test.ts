import { endpoints as api } from '@app/contract';
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

describe('the dashboard figures', () => {
  it('shows the real score and balance after a settled order', async () => {
    const me = await readyTrader();
    await playSequence(me, 'EURUSD', 'W', clock.now + MINUTE);
    const res = await callAs(t.app, me.cookie, api.tradingDashboard, {
      query: { userid: me.userid },
    });
    expect(res.statusCode).toBe(200);
  });
});
