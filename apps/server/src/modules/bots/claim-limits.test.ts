import { endpoints as api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestApp, newAccount, registerAndLogin } from '../../test/app.ts';
import { startFakeBotApi, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { ID_LIMITS } from './id-limits.ts';

// Claims on a messaging-app id buy no more guesses and no more messages to its owner: the
// limits count per id across every claim (id-limits.ts), and every code goes through the
// operator bot's paced queue (a fake Bot API with Telegram's limits enforced answers 429 to any
// message beyond 1 a second per chat or 30 a second).

let clock = Date.UTC(2026, 11, 2, 9);
let fake: FakeBotApi;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeBotApi({ now: () => clock, enforceLimits: true, startedChats: 'any' });
  ({ app, close } = await createTestApp({
    now: () => clock,
    telegramBot: { token: fake.token, apiRoot: fake.url, run: false },
    messenger: undefined,
  }));
  await app.telegramBot!.ready();
});
afterAll(async () => {
  await close();
  await fake.close();
});

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
const addBot = (who: Trader, botid: string) =>
  callAs(app, who.cookie, api.addBot, { body: { userid: who.userid, botid, virtual: false } });
const verify = (who: Trader, userid: string, code: string) =>
  callAs(app, who.cookie, api.verifyBot, { body: { userid, code } });

/** Drains the queue on the virtual clock, 250 ms a step (the drain loop's), until empty. */
async function drainAll(): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    await app.telegramBot!.drainOnce();
    const left = await app.deps.db
      .selectFrom('tg_outbox')
      .select('id')
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (!left) return;
    clock += 250;
  }
}

describe('claims on one id', () => {
  it('20 claims: at most 5 guesses evaluated per 15 minutes for the id, and 3 claims kept', async () => {
    const id = newAccount().userid;
    const claimants: Trader[] = [];
    for (let i = 0; i < 20; i++) {
      const who = await registerAndLogin(app);
      expect((await addBot(who, id)).statusCode).toBe(200);
      claimants.push(who);
    }
    const pending = await app.deps.db
      .selectFrom('bots')
      .select('account_id')
      .where('userid', '=', id)
      .execute();
    // The newest three claims stay; the older ones were dropped (their accounts stay).
    expect(pending).toHaveLength(ID_LIMITS.pendingPerId);
    let evaluated = 0;
    for (const who of claimants) {
      for (let g = 0; g < 10; g++) {
        const res = await verify(who, id, String(100000 + g));
        if (res.statusCode === 400) evaluated += 1;
        else expect([403, 429]).toContain(res.statusCode);
      }
    }
    expect(evaluated).toBe(ID_LIMITS.guessesPerWindow);
    // The next window allows 5 more, and no claim or account brings more.
    clock += ID_LIMITS.guessWindowMs;
    let next = 0;
    for (const who of claimants.slice(-3)) {
      for (let g = 0; g < 5; g++) {
        if ((await verify(who, id, String(200000 + g))).statusCode === 400) next += 1;
      }
    }
    expect(next).toBe(ID_LIMITS.guessesPerWindow);
  });

  it('codes to one id: one a minute across every claim, whatever the resends', async () => {
    const id = newAccount().userid;
    const claimants: Trader[] = [];
    for (let i = 0; i < 3; i++) {
      const who = await registerAndLogin(app);
      await addBot(who, id);
      claimants.push(who);
    }
    const before = fake.textsTo(Number(id)).length;
    for (let second = 0; second < 62; second++) {
      for (const who of claimants) {
        await callAs(app, who.cookie, api.resendBotCode, { body: { userid: id } });
      }
      clock += 1000;
    }
    await drainAll();
    // The first claim's code, and one more after the minute.
    expect(fake.textsTo(Number(id)).length - before).toBeLessThanOrEqual(2);
  });
});

describe("an id's day", () => {
  const codeTo = (id: string) =>
    /\d{6}/.exec(
      fake
        .textsTo(Number(id))
        .filter((t) => /\d{6}/.test(t))
        .at(-1) ?? '',
    )?.[0] ?? '';
  /** A six-digit code that is not `code`. */
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('20 guesses a day for an id, whatever the windows and codes; the next day brings 5 more', async () => {
    const me = await registerAndLogin(app);
    const statuses: number[] = [];
    for (let window = 0; window < 6; window++) {
      // A fresh code each window (the first is the registration's), so every guess is a real one.
      if (window > 0) {
        expect(
          (await callAs(app, me.cookie, api.resendBotCode, { body: { userid: me.userid } }))
            .statusCode,
        ).toBe(200);
      }
      await drainAll();
      const code = codeTo(me.userid);
      expect(code).not.toBe('');
      for (let g = 0; g < ID_LIMITS.guessesPerWindow; g++) {
        const res = await verify(me, me.userid, wrong(code));
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error.code).toBe('bots.errors.verifyLimited');
        else expect(res.json().error.code).toBe('bots.errors.badCode');
      }
      clock += ID_LIMITS.guessWindowMs;
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(ID_LIMITS.guessesPerDay);
    expect(statuses.filter((s) => s === 429)).toHaveLength(
      6 * ID_LIMITS.guessesPerWindow - ID_LIMITS.guessesPerDay,
    );
    clock += 24 * 60 * 60_000;
    await callAs(app, me.cookie, api.resendBotCode, { body: { userid: me.userid } });
    await drainAll();
    let next = 0;
    for (let g = 0; g < 10; g++) {
      if ((await verify(me, me.userid, wrong(codeTo(me.userid)))).statusCode === 400) next += 1;
    }
    expect(next).toBe(ID_LIMITS.guessesPerWindow);
  });

  it('10 codes a day to one id: "Reenviar" every minute gets 429 past them', async () => {
    const me = await registerAndLogin(app);
    await drainAll();
    const before = fake.textsTo(Number(me.userid)).length;
    const statuses: number[] = [];
    for (let minute = 0; minute < 15; minute++) {
      clock += 61_000;
      const res = await callAs(app, me.cookie, api.resendBotCode, { body: { userid: me.userid } });
      statuses.push(res.statusCode);
      // Sent before the next one (a newer code replaces one still queued).
      await drainAll();
    }
    // The registration's code was the day's first.
    expect(statuses.filter((s) => s === 200)).toHaveLength(ID_LIMITS.codesPerDay - 1);
    expect(statuses.slice(ID_LIMITS.codesPerDay - 1).every((s) => s === 429)).toBe(true);
    expect(fake.textsTo(Number(me.userid)).length - before).toBe(ID_LIMITS.codesPerDay - 1);
  });

  it('an account creates at most 20 bots an hour, removed ones included', async () => {
    const me = await registerAndLogin(app);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const id = newAccount().userid;
      const res = await addBot(me, id);
      statuses.push(res.statusCode);
      if (res.statusCode === 200) {
        const removed = await callAs(app, me.cookie, api.removeBot, { query: { userid: id } });
        expect(removed.statusCode).toBe(200);
      }
    }
    expect(statuses.slice(0, ID_LIMITS.botsAddedPerHour).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(ID_LIMITS.botsAddedPerHour).every((s) => s === 429)).toBe(true);
    clock += 60 * 60_000;
    expect((await addBot(me, newAccount().userid)).statusCode).toBe(200);
  });
});

describe('one session adding bots', () => {
  it('500 addnewbot: at most the cap created; the bot never exceeds 1/s per chat or 30/s', async () => {
    const me = await registerAndLogin(app);
    const sentBefore = fake.sent.length;
    let created = 0;
    for (let i = 0; i < 500; i++) {
      const res = await addBot(me, newAccount().userid);
      if (res.statusCode === 200) created += 1;
      else expect([409, 429]).toContain(res.statusCode);
    }
    // The registration's own pending bot counts toward the account's ten.
    expect(created).toBe(ID_LIMITS.pendingPerAccount - 1);
    await drainAll();
    const sent = fake.sent.slice(sentBefore);
    expect(sent.length).toBeGreaterThanOrEqual(created);
    const perSecond = new Map<number, number>();
    const lastPerChat = new Map<number, number>();
    for (const m of sent) {
      const second = Math.floor(m.at / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
      const last = lastPerChat.get(m.chat_id);
      if (last !== undefined) expect(m.at - last).toBeGreaterThanOrEqual(1000);
      lastPerChat.set(m.chat_id, m.at);
    }
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(30);
    // No 429 was earned: the queue stayed within the limits.
    expect(app.telegramBot!.status().sendingPausedUntil).toBe(0);
  });
});
