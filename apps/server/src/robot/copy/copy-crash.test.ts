import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { seedFollowers, enableCopyTrader, stakesTaken } from '../../test/copy.ts';
import { crashHarness } from '../../test/crash.ts';
import { robotOf } from '../../test/robot.ts';
import {
  command,
  findMinute,
  MINUTE,
  newTrader,
  ordersOf,
  postSignal,
  saveGlobalParams,
  type TestClock,
} from '../../test/trading.ts';
import { runSession } from '../run-session.ts';
import { dispatchCopies } from './dispatch.ts';

// The crash is real: a child process dispatches the copies on the same SQLite file and dies by
// SIGKILL at the fault point, in the middle of the fan-out's broker calls; the restarted
// dispatcher must give every follower exactly one order, and none after the deadline. The trader
// copies with a 2 s delay, so the copies wait in the outbox for the dispatcher (copies due at
// once are placed in the fan-out's own transaction, which a crash cannot split).
const DELAY_MS = 2_000;
const clock: TestClock = { now: Date.UTC(2026, 0, 8, 10, 0) };
// On SQLite, and on PostgreSQL with TEST_DATABASE_URL (a schema of its own).
const { open, killedAt } = crashHarness('copy-crash-', clock);
// A broker budget no database round trip meets: the paper copies a killed dispatcher left claimed
// are answered from the ledger, never raced against it. (Asked at the paper broker one by one
// through PostgreSQL's pool, they outlasted a 100 ms budget on a loaded machine, stayed claimed at
// the test's frozen instant and were never failed `missed`.)
const BROKER_TIMEOUT_MS = 1;

async function copies(app: FastifyInstance, followers: number[]) {
  const ledger = await app.deps.db
    .selectFrom('orders')
    .select(['bot_id', 'state', 'fail_reason', 'confirmed_at'])
    .where('bot_id', 'in', followers)
    .execute();
  return { ledger, stakes: await stakesTaken(app.deps.db, followers) };
}

describe.each([
  ['before_broker_call', 1_000],
  ['after_broker_call', 1_000],
  ['before_broker_call', 7_000],
] as const)('kill -9 at %s, restarted %i ms after the trader’s order', (point, restartAfter) => {
  it('gives every follower at most one order, none after the deadline', async () => {
    let app = await open();
    const trader = await newTrader(app);
    await saveGlobalParams(app, trader, { galenum: 0 });
    await command(app, robotOf(app), trader, 1);
    await enableCopyTrader(app.deps.db, trader.botId, clock.now, {
      delaysig: String(DELAY_MS / 1000),
    });
    const followers = await seedFollowers(app.deps.db, trader.botId, 30, clock.now);
    const at = findMinute('EURUSD', 'W', clock.now + MINUTE);
    clock.now = at - 10_000;
    await postSignal(app, trader, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(robotOf(app), trader.botId);
    clock.now = at;
    await runSession(robotOf(app), trader.botId); // confirmed: 30 copies in the outbox
    const outbox = (await copies(app, followers)).ledger;
    expect(outbox.map((o) => o.state)).toEqual(Array.from({ length: 30 }, () => 'placed'));
    await app.close();

    const sendAt = at + DELAY_MS;
    killedAt('dispatcher', [sendAt, point]);

    clock.now = sendAt + restartAfter;
    app = await open();
    try {
      const before = await copies(app, followers);
      const placedBefore = point === 'before_broker_call' ? 0 : 30;
      expect(before.stakes.filter((c) => c === 200)).toHaveLength(placedBefore);
      const rt = { ...robotOf(app), brokerTimeoutMs: BROKER_TIMEOUT_MS };
      await dispatchCopies(rt);
      await dispatchCopies(rt); // a second pass changes nothing
      const after = await copies(app, followers);
      // Every follower paid at most one stake: never two orders for one trader order.
      expect(after.stakes.every((c) => c === 0 || c === 200)).toBe(true);
      expect(
        after.ledger.every((o) => o.confirmed_at === null || o.confirmed_at <= sendAt + 5_000),
      ).toBe(true);
      if (restartAfter > 5_000 && point === 'before_broker_call') {
        expect(after.stakes.every((c) => c === 0)).toBe(true);
        expect(after.ledger.every((o) => o.state === 'failed' && o.fail_reason === 'missed')).toBe(
          true,
        );
      } else {
        expect(after.stakes.every((c) => c === 200)).toBe(true);
        expect(after.ledger.every((o) => o.state === 'open')).toBe(true);
      }
    } finally {
      await app.close();
    }
  }, 90_000);
});

// Copies due at once are placed in the fan-out's own transaction, right after the trader's order
// is confirmed: a kill in the middle of that fan-out (the followers' stakes taken, their ledger
// rows not yet written) rolls all of it back and leaves the trader's order open and not fanned
// out; the restarted session fans it out, once.
describe('kill -9 in the middle of a fan-out placing copies with the trader’s order', () => {
  it('gives every follower exactly one copy after the restart', async () => {
    let app = await open();
    const trader = await newTrader(app);
    await saveGlobalParams(app, trader, { galenum: 0 });
    await command(app, robotOf(app), trader, 1);
    await enableCopyTrader(app.deps.db, trader.botId, clock.now);
    const followers = await seedFollowers(app.deps.db, trader.botId, 30, clock.now);
    const at = findMinute('EURUSD', 'W', clock.now + MINUTE);
    clock.now = at - 10_000;
    await postSignal(app, trader, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(robotOf(app), trader.botId); // decided: the trader's order is due at `at`
    await app.close();

    killedAt('session', [trader.botId, at, 'mid_fan_out']);

    clock.now = at + 1_000;
    app = await open();
    try {
      // Nothing of the fan-out survived the kill: no copy, no stake taken.
      const before = await copies(app, followers);
      expect(before.ledger).toHaveLength(0);
      expect(before.stakes.every((c) => c === 0)).toBe(true);
      expect(await ordersOf(app, trader)).toMatchObject([{ state: 'open', fanned_out_at: null }]);
      await runSession(robotOf(app), trader.botId);
      await runSession(robotOf(app), trader.botId); // a second run changes nothing
      const after = await copies(app, followers);
      expect(after.ledger.map((o) => o.state)).toEqual(Array.from({ length: 30 }, () => 'open'));
      expect(after.stakes).toEqual(Array.from({ length: 30 }, () => 200));
    } finally {
      await app.close();
    }
  }, 90_000);
});
