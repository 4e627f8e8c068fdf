import { endpoints as api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { fromDbJson } from '../../db/dialect.ts';
import { runSession } from '../../robot/run-session.ts';
import { callAs, createTestApp, newAccount, registerAndLogin, useTestApp } from '../../test/app.ts';
import { robotOf } from '../../test/robot.ts';
import { command, MINUTE, newTrader, postSignal, saveGlobalParams } from '../../test/trading.ts';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 3, 6, 12, 0);
const clock = { now: START };
const t = useTestApp({ now: () => clock.now, payments: { local: true } });

type Trader = Awaited<ReturnType<typeof newTrader>>;

/** A signal 20 s ahead, read by the bot's session: what the robot decided and why. */
async function decide(app: FastifyInstance, me: Trader, now: number) {
  const rt = robotOf(app);
  // Due within the decision lead (30 s): a pending entry is decided when it is due.
  const atMs = now + 20_000;
  const id = await postSignal(app, me, { asset: 'EURUSD', direction: 'CALL', atMs });
  await runSession(rt, me.botId);
  return app.deps.db
    .selectFrom('signals')
    .select(['decision', 'decision_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function feedKeys(app: FastifyInstance, me: Trader): Promise<string[]> {
  const feed = await app.deps.db
    .selectFrom('activity')
    .select('message')
    .where('bot_id', '=', me.botId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  return feed.map((f) => fromDbJson<{ key: string }>(f.message).key);
}

async function switchedOn(app: FastifyInstance): Promise<Trader> {
  const me = await newTrader(app);
  await saveGlobalParams(app, me);
  expect((await command(app, robotOf(app), me, 1)).params).toMatchObject({ running: true });
  return me;
}

async function botOf(app: FastifyInstance, me: Trader) {
  const res = await callAs(app, me.cookie, api.getBots, { query: { userid: me.userid } });
  return (res.json() as { userid: string; botexp: number; trial?: boolean }[]).find(
    (b) => b.userid === me.userid,
  );
}

describe('the free trial of a new bot (TRIAL_DAYS, default 7)', () => {
  it('a new account trades during its trial and stops, saying why, once the trial ends', async () => {
    clock.now = START;
    const me = await switchedOn(t.app);
    const trialEnd = START + 7 * DAY_MS;
    expect(await botOf(t.app, me)).toMatchObject({ botexp: trialEnd / 1000, trial: true });

    clock.now = trialEnd - DAY_MS;
    expect(await decide(t.app, me, clock.now)).toEqual({
      decision: 'traded',
      decision_reason: null,
    });

    clock.now = trialEnd + MINUTE;
    expect(await decide(t.app, me, clock.now)).toEqual({
      decision: 'refused',
      decision_reason: 'expired',
    });
    expect(await feedKeys(t.app, me)).toContain('robot.refusal.expired');
  });

  it('buying during the trial adds the paid days to the trial end; the bot is no longer on trial', async () => {
    clock.now = START;
    const me = await newTrader(t.app);
    const trialEndSec = START / 1000 + 7 * 86_400;
    clock.now = START + 2 * DAY_MS;
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
    // Not paid yet: still the trial.
    expect(await botOf(t.app, me)).toMatchObject({ botexp: trialEndSec, trial: true });
    const paid = await t.app.inject({
      method: 'POST',
      url: `/pay/local/${purchase}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: me.cookie },
      payload: 'outcome=paid',
    });
    expect(paid.statusCode).toBe(303);
    expect(await botOf(t.app, me)).toMatchObject({
      botexp: trialEndSec + 30 * 86_400,
      trial: false,
    });
  });
});

describe('no fresh trial by removing and re-creating a bot', () => {
  it('a removed id created again, in the same account or a new one, keeps the expiry it had', async () => {
    clock.now = START;
    const me = await newTrader(t.app);
    const other = `${me.userid}7`;
    const add = () =>
      callAs(t.app, me.cookie, api.addBot, {
        body: { userid: me.userid, botid: other, virtual: false },
      });
    const remove = () => callAs(t.app, me.cookie, api.removeBot, { query: { userid: other } });
    const expiryOf = async (userid: string) =>
      Number(
        (
          await t.app.deps.db
            .selectFrom('bots')
            .select('botexp')
            .where('userid', '=', userid)
            .executeTakeFirstOrThrow()
        ).botexp,
      );
    const trialEndSec = START / 1000 + 7 * 86_400;
    expect((await add()).statusCode).toBe(200);
    expect(await expiryOf(other)).toBe(trialEndSec);

    // Ten days on, the trial is over: removed and added again, it is still over.
    clock.now = START + 10 * DAY_MS;
    expect((await remove()).statusCode).toBe(200);
    expect((await add()).statusCode).toBe(200);
    expect(await expiryOf(other)).toBe(trialEndSec);

    // Nor does a new account registered with that id get a trial.
    expect((await remove()).statusCode).toBe(200);
    await registerAndLogin(t.app, { ...newAccount(), userid: other });
    expect(await expiryOf(other)).toBe(trialEndSec);
  });
});

describe('TRIAL_DAYS=0: no trial', () => {
  it('a new bot is refused with `expired`, the reason in its feed, until it is bought', async () => {
    const now = START;
    const { app, close } = await createTestApp({ now: () => now, trialDays: 0 });
    try {
      const me = await switchedOn(app);
      expect(await botOf(app, me)).toMatchObject({ botexp: START / 1000, trial: true });
      expect(await decide(app, me, now)).toEqual({
        decision: 'refused',
        decision_reason: 'expired',
      });
      expect(await feedKeys(app, me)).toContain('robot.refusal.expired');
    } finally {
      await close();
    }
  });
});

describe('TRIAL_DAYS from the environment', () => {
  const before = process.env.TRIAL_DAYS;
  afterEach(() => {
    if (before === undefined) delete process.env.TRIAL_DAYS;
    else process.env.TRIAL_DAYS = before;
  });

  it('is read when the build option is not given; the option wins; a bad value stops the start', async () => {
    process.env.TRIAL_DAYS = '3';
    const fromEnv = await createTestApp();
    expect(fromEnv.app.deps.trialDays).toBe(3);
    await fromEnv.close();
    const option = await createTestApp({ trialDays: 30 });
    expect(option.app.deps.trialDays).toBe(30);
    await option.close();
    delete process.env.TRIAL_DAYS;
    const byDefault = await createTestApp();
    expect(byDefault.app.deps.trialDays).toBe(7);
    await byDefault.close();
    for (const bad of ['-1', 'seven', '1.5']) {
      process.env.TRIAL_DAYS = bad;
      await expect(createTestApp()).rejects.toThrow(/TRIAL_DAYS/);
    }
  });
});
