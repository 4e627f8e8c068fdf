import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { activityAfter } from '../modules/trading/trading.service.ts';
import { runSession } from '../robot/run-session.ts';
import type { RuntimeDeps } from '../robot/runtime-deps.ts';
import { enableCopyTrader } from './copy.ts';
import { robotOf } from './robot.ts';
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
} from './trading.ts';

/**
 * A copy trader and its orders on a test app, as the copy execution tests drive them: the
 * runtime (its broker calls short enough for a test), a trader switched on with copy trading
 * on, one winning order of the trader, and what its copies and followers' feeds became.
 */
export function copyScenario(t: { readonly app: FastifyInstance }, clock: TestClock) {
  const rt = (extra: Parameters<typeof robotOf>[1] = {}): RuntimeDeps => ({
    ...robotOf(t.app, extra),
    // Long enough for a healthy paper call on PostgreSQL under load; a hung call costs this once.
    brokerTimeoutMs: 500,
  });

  /**
   * The runtime as it is for followers on a remote broker (Deriv): no batch broker, so the
   * fan-out leaves every copy `placed` for the dispatcher instead of placing it at once.
   */
  function remoteFollowers(r: RuntimeDeps = rt()): RuntimeDeps {
    const copy = { ...r };
    delete copy.batchBroker;
    return copy;
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

  /** A follower's feed as the panel reads it (oldest first), messages only. */
  async function feedOf(botId: number) {
    return (await activityAfter(t.app.deps.db, botId, '', 0)).map((item) => item.message);
  }

  async function lastTraderOrderId(me: Me): Promise<number> {
    const rows = await ordersOf(t.app, me);
    return (rows.at(-1) as { id: number }).id;
  }

  return { rt, remoteFollowers, copyTrader, traderOrders, copiesOf, feedOf, lastTraderOrderId };
}
