import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { fromDbJson } from '../db/dialect.ts';
import { crashHarness } from '../test/crash.ts';
import { robotOf } from '../test/robot.ts';
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
} from '../test/trading.ts';
import { runSession } from './run-session.ts';

// The crash is real: a child process runs the runtime on the same SQLite file and dies by
// SIGKILL at the fault point; the next run (a restart) must neither lose nor repeat the order.
const clock: TestClock = { now: Date.UTC(2026, 0, 7, 10, 0) };
const { open, killedAt } = crashHarness('robot-crash-', clock);

async function paperOrders(app: FastifyInstance, me: Me): Promise<number> {
  const rows = await app.deps.db
    .selectFrom('paper_orders')
    .select('id')
    .where('bot_id', '=', me.botId)
    .execute();
  return rows.length;
}

describe.each(['before_broker_call', 'after_broker_call'] as const)('kill -9 at %s', (point) => {
  it('places the order exactly once after the restart, and settles it', async () => {
    let app = await open();
    const me = await newTrader(app);
    await saveGlobalParams(app, me, { galenum: 0 });
    await command(app, robotOf(app), me, 1);
    const at = findMinute('EURUSD', 'W', clock.now + MINUTE);
    clock.now = at - 10_000;
    await postSignal(app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(robotOf(app), me.botId); // decided: the order is in the ledger, due at `at`
    expect(await ordersOf(app, me)).toMatchObject([{ state: 'placed', attempted_at: null }]);
    await app.close();

    killedAt('session', [me.botId, at, point]);

    clock.now = at + 1_000;
    app = await open();
    try {
      expect(await paperOrders(app, me)).toBe(point === 'before_broker_call' ? 0 : 1);
      await runSession(robotOf(app), me.botId);
      expect(await paperOrders(app, me)).toBe(1);
      expect(await ordersOf(app, me)).toMatchObject([{ state: 'open' }]);
      clock.now = at + MINUTE;
      await runSession(robotOf(app), me.botId);
      expect(await ordersOf(app, me)).toMatchObject([{ state: 'won', pnl_cents: 174 }]);
      expect(await paperOrders(app, me)).toBe(1);
    } finally {
      await app.close();
    }
  }, 90_000);
});

// A signal due at once is decided, written and claimed in one commit, then sent in the same run:
// a kill before or after the broker call leaves a claimed order the restart reconciles.
describe.each(['before_broker_call', 'after_broker_call'] as const)(
  'kill -9 at %s of an order decided and claimed in the same run',
  (point) => {
    it('places it exactly once after the restart', async () => {
      let app = await open();
      const me = await newTrader(app);
      await saveGlobalParams(app, me, { galenum: 0 });
      await command(app, robotOf(app), me, 1);
      const at = findMinute('EURUSD', 'W', clock.now + MINUTE);
      clock.now = at;
      await postSignal(app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
      await app.close();

      killedAt('session', [me.botId, at, point]);

      clock.now = at + 1_000;
      app = await open();
      try {
        const [written] = await ordersOf(app, me);
        expect(written).toMatchObject({ state: 'placed', attempted_at: at });
        await runSession(robotOf(app), me.botId);
        expect(await paperOrders(app, me)).toBe(1);
        expect(await ordersOf(app, me)).toMatchObject([{ state: 'open' }]);
        clock.now = at + MINUTE;
        await runSession(robotOf(app), me.botId);
        // Sent late (at the restart) it opened on a later price: settled once, whatever it paid.
        const [settled] = await ordersOf(app, me);
        expect(['won', 'lost', 'draw']).toContain(settled?.state);
        expect(await paperOrders(app, me)).toBe(1);
      } finally {
        await app.close();
      }
    }, 90_000);
  },
);

// An order written ahead, the process killed 20 s before its send and kept down 90 s
// (longer than the entry's expiry). The restart must never send it late: `missed`, no gale.
describe('kill -9 while idle, down past the entry expiry', () => {
  it('marks the order written ahead missed: never sent, no gale, the feed says so', async () => {
    let app = await open();
    const me = await newTrader(app);
    await saveGlobalParams(app, me, { galenum: 2 });
    await command(app, robotOf(app), me, 1);
    const at = findMinute('EURUSD', 'LLL', clock.now + 2 * MINUTE);
    clock.now = at - 25_000;
    await postSignal(app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await app.close();

    // The process decides the signal (its order written ahead, due at `at`) and dies idle.
    killedAt('session', [me.botId, at - 20_000, 'run_end']);

    clock.now = at + 70_000; // 90 s of downtime: past the send (at) and the expiry (at + 60 s)
    app = await open();
    try {
      expect(await ordersOf(app, me)).toMatchObject([
        { state: 'placed', attempted_at: null, send_at: at },
      ]);
      await runSession(robotOf(app), me.botId);
      // And again later: a missed entry starts no gale, whatever time it is.
      clock.now = at + 3 * MINUTE;
      await runSession(robotOf(app), me.botId);
      expect(await paperOrders(app, me)).toBe(0);
      expect(await ordersOf(app, me)).toMatchObject([{ state: 'failed', fail_reason: 'missed' }]);
      const feed = await app.deps.db
        .selectFrom('activity')
        .select('message')
        .where('bot_id', '=', me.botId)
        .where('kind', '=', 'order')
        .execute();
      expect(feed.map((f) => fromDbJson(f.message))).toEqual([
        { key: 'robot.activity.orderFailed', params: { asset: 'EURUSD', reason: 'missed' } },
      ]);
      const session = await app.deps.db
        .selectFrom('bot_sessions')
        .select('state')
        .where('bot_id', '=', me.botId)
        .executeTakeFirstOrThrow();
      expect(fromDbJson(session.state)).toMatchObject({ sequence: null, openOrder: null });
    } finally {
      await app.close();
    }
  }, 90_000);

  it('still sends an order the restart reaches within its tolerance', async () => {
    let app = await open();
    const me = await newTrader(app);
    await saveGlobalParams(app, me, { galenum: 0 });
    await command(app, robotOf(app), me, 1);
    const at = findMinute('EURUSD', 'W', clock.now + 2 * MINUTE);
    clock.now = at - 25_000;
    await postSignal(app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await app.close();

    killedAt('session', [me.botId, at - 20_000, 'run_end']);

    clock.now = at + 4_000; // back within the 5 s tolerance
    app = await open();
    try {
      await runSession(robotOf(app), me.botId);
      expect(await paperOrders(app, me)).toBe(1);
      expect(await ordersOf(app, me)).toMatchObject([{ state: 'open' }]);
    } finally {
      await app.close();
    }
  }, 90_000);
});
