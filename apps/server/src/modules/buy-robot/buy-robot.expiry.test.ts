import { endpoints as api } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { fromDbJson } from '../../db/dialect.ts';
import { runSession } from '../../robot/run-session.ts';
import { callAs, useTestApp } from '../../test/app.ts';
import { robotOf } from '../../test/robot.ts';
import { command, MINUTE, newTrader, postSignal, saveGlobalParams } from '../../test/trading.ts';

const DAY_MS = 86_400_000;
const clock = { now: Date.UTC(2026, 3, 6, 12, 0) };
const t = useTestApp({ now: () => clock.now, payments: { local: true } });

describe('a paid period, then the robot stops', () => {
  it('trades while the 30 paid days last, and refuses with the reason once they pass', async () => {
    // A new trader is on its 7-day free trial; buying during it adds the 30 days to its end.
    const me = await newTrader(t.app);
    const trialEnd = clock.now + 7 * DAY_MS;
    await saveGlobalParams(t.app, me);
    const rt = robotOf(t.app);
    expect((await command(t.app, rt, me, 1)).params).toMatchObject({ running: true });

    const bought = await callAs(t.app, me.cookie, api.buyBot, {
      body: {
        userid: me.userid,
        subid: 'brl-1-30',
        coin: 'brl',
        quantity: 0,
        paymethod: 'regional',
        cpf: '52998224725',
      },
    });
    const { purchase } = api.buyBot.response.parse(bought.json());
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/local/${purchase}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: me.cookie },
      payload: 'outcome=paid',
    });
    expect(paid.statusCode).toBe(303);
    const paidAt = clock.now;

    async function decide() {
      // Due within the decision lead (30 s): a pending entry is decided when it is due.
      const atMs = clock.now + 20_000;
      const id = await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs });
      await runSession(rt, me.botId);
      return t.app.deps.db
        .selectFrom('signals')
        .select(['decision', 'decision_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    }

    expect(paidAt).toBeLessThan(trialEnd);

    // Day 29 of the paid period (after the trial's 7): still paid.
    clock.now = trialEnd + 29 * DAY_MS;
    expect(await decide()).toEqual({ decision: 'traded', decision_reason: null });

    // Day 30 and a minute after the trial: the paid period is over.
    clock.now = trialEnd + 30 * DAY_MS + MINUTE;
    expect(await decide()).toEqual({ decision: 'refused', decision_reason: 'expired' });
    const feed = await t.app.deps.db
      .selectFrom('activity')
      .select('message')
      .where('bot_id', '=', me.botId)
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    expect(feed.map((f) => fromDbJson<{ key: string }>(f.message).key)).toContain(
      'robot.refusal.expired',
    );
  });
});
