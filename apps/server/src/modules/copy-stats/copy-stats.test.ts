import { endpoints as api } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { dispatchCopies } from '../../robot/copy/dispatch.ts';
import { runSession } from '../../robot/run-session.ts';
import { callAs, useTestApp } from '../../test/app.ts';
import { enableCopyTrader, seedFollowers } from '../../test/copy.ts';
import { robotOf } from '../../test/robot.ts';
import {
  command,
  findMinute,
  MINUTE,
  newTrader,
  postSignal,
  saveGlobalParams,
  type TestClock,
} from '../../test/trading.ts';

const clock: TestClock = { now: Date.UTC(2026, 0, 7, 9, 0) };
const t = useTestApp({ now: () => clock.now });

describe('copy stats', () => {
  it('shows the trader its fan-out counts and the follower its copies beside the trader’s order', async () => {
    const trader = await newTrader(t.app);
    await saveGlobalParams(t.app, trader, { galenum: 0 });
    await command(t.app, robotOf(t.app), trader, 1);
    await enableCopyTrader(t.app.deps.db, trader.botId, clock.now);
    const follower = await newTrader(t.app);
    await t.app.deps.db
      .insertInto('copy_follows')
      .values({
        product: 'copy',
        follower_bot_id: follower.botId,
        trader_bot_id: trader.botId,
        state: 'accepted',
        follower_name: 'me',
        requested_at: clock.now,
        decided_at: clock.now,
        updated_at: clock.now,
        trader_ena: true,
        acptdemo: true,
        lote: 3,
        lote_type: 1,
        // One second after the trader: sent by the dispatcher (the other copy goes with the
        // trader's own order).
        delaysig: 1,
      } as never)
      .execute();
    // Two more followers: one skipped (disabled), one copying.
    await seedFollowers(t.app.deps.db, trader.botId, 2, clock.now, {
      settings: (i) => (i === 0 ? { trader_ena: false } : {}),
    });
    const at = findMinute('EURUSD', 'W', clock.now + MINUTE);
    clock.now = at - 20_000;
    await postSignal(t.app, trader, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(robotOf(t.app), trader.botId);
    clock.now = at;
    await runSession(robotOf(t.app), trader.botId);
    clock.now = at + 1_000;
    await dispatchCopies(robotOf(t.app));
    clock.now = at + MINUTE + 1_000;
    await runSession(robotOf(t.app), trader.botId);
    await dispatchCopies(robotOf(t.app));

    const mine = await callAs(t.app, trader.cookie, api.copyStatsTrader, {
      query: { userid: trader.userid },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      fanouts: [
        {
          product: 'copy',
          asset: 'EURUSD',
          direction: 'CALL',
          followers: 3,
          placed: 2,
          skipped: 1,
          failed: 0,
          pending: 0,
          reasons: { disabled: 1 },
          lastFollowerMs: 1_000,
        },
      ],
    });

    const theirs = await callAs(t.app, follower.cookie, api.copyStatsFollower, {
      query: { userid: follower.userid, days: 1 },
    });
    expect(theirs.statusCode).toBe(200);
    const body = theirs.json();
    expect(body.copies).toEqual([
      {
        product: 'copy',
        trader: trader.userid,
        traderOrder: {
          asset: 'EURUSD',
          direction: 'CALL',
          stakeCents: 200,
          state: 'won',
          orderAt: at,
        },
        state: 'won',
        reason: null,
        stakeCents: 300,
        pnlCents: 261,
        delayMs: 1_000,
      },
    ]);
    expect(body.divergence).toEqual({
      days: 1,
      copies: 1,
      missed: 0,
      differentResults: 0,
      stakeDiffCents: 100,
      avgDelayMs: 1_000,
    });
    // Only the caller's own bots: the follower cannot read the trader's figures.
    const other = await callAs(t.app, follower.cookie, api.copyStatsTrader, {
      query: { userid: trader.userid },
    });
    expect(other.statusCode).toBe(403);
    const bad = await callAs(t.app, follower.cookie, api.copyStatsFollower, {
      query: { userid: follower.userid, days: 0 },
    });
    expect(bad.statusCode).toBe(400);
  });
});
