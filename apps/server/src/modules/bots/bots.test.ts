import { endpoints as api, virtualBotIdCandidates } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, lastCodeSentTo, registerAndLogin, useTestApp } from '../../test/app.ts';
import { markPaid } from '../../test/purchases.ts';

let clock = 1_700_000_000_000;
const nowSec = () => Math.floor(clock / 1000);
const t = useTestApp({ now: () => clock });
type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
let other: Trader;
beforeAll(async () => {
  other = await registerAndLogin(t.app);
  // A proven id: only a pending claim gives way to another account (bot-verification.test.ts).
  await callAs(t.app, other.cookie, api.verifyBot, {
    body: { userid: other.userid, code: lastCodeSentTo(other.userid) },
  });
});

const list = (who: Trader) =>
  callAs(t.app, who.cookie, api.getBots, { query: { userid: who.userid } });
const add = (who: Trader, body: Record<string, unknown>) =>
  callAs(t.app, who.cookie, api.addBot, { body: { userid: who.userid, ...body } });
const remove = (who: Trader, userid: string) =>
  callAs(t.app, who.cookie, api.removeBot, { query: { userid } });
const session = (who: Trader) => callAs(t.app, who.cookie, api.session);
const ids = async (who: Trader) =>
  ((await list(who)).json() as { userid: string }[]).map((b) => b.userid);
const TRIAL_SEC = 7 * 86_400;
/** A paid expiry: the bot's expiry set and a paid purchase covering it (not a trial any more). */
const setPaidExpiry = (userid: string, botexp: number) => markPaid(t.app, userid, botexp);

/** A messaging id no other test uses: the account's own id with its last digit bumped twice. */
let extra = 0;
const freshId = (who: Trader) => `${who.userid}${++extra}`;
/** The `n`-th virtual id derived from `source` (docs/decisions/2026-11-26-bot-claims.md). */
const virtualOf = (source: string, n = 0) => virtualBotIdCandidates(source)[n] ?? '';
/** Proves the bot's id with the code sent to it: only a verified bot is a virtual bot's source. */
const prove = async (who: Trader, userid = who.userid) => {
  const res = await callAs(t.app, who.cookie, api.verifyBot, {
    body: { userid, code: lastCodeSentTo(userid) },
  });
  if (res.statusCode !== 200) throw new Error(`verify: ${res.statusCode} ${res.body}`);
};

describe('GET /api/getbots', () => {
  it("lists every bot of the caller's account with its e-mail, expiry and type", async () => {
    const me = await registerAndLogin(t.app);
    const res = await list(me);
    expect(res.statusCode).toBe(200);
    // A new account's bot starts on its free trial (TRIAL_DAYS, default 7).
    expect(res.json()).toEqual([
      {
        email: me.email,
        userid: me.userid,
        botexp: nowSec() + TRIAL_SEC,
        virtual: false,
        verified: false,
        trial: true,
      },
    ]);
  });
});

describe('POST /api/addnewbot', () => {
  it("creates a messaging-app bot with the account's e-mail, a trial and traderid = botid", async () => {
    const me = await registerAndLogin(t.app);
    const botid = freshId(me);
    const res = await add(me, { botid, virtual: false, email: 'ignored@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const trial = { botexp: nowSec() + TRIAL_SEC, virtual: false, verified: false, trial: true };
    expect((await list(me)).json()).toEqual([
      { email: me.email, userid: me.userid, ...trial },
      { email: me.email, userid: botid, ...trial },
    ]);
    expect((await session(me)).json().botIDs).toEqual([
      { userid: me.userid, traderid: me.userid },
      { userid: botid, traderid: botid },
    ]);
  });

  it('answers 409 botExist for its own id and a proven id of another account, and creates nothing', async () => {
    const me = await registerAndLogin(t.app);
    for (const botid of [me.userid, other.userid]) {
      const res = await add(me, { botid, virtual: false });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('register.errors.botExist');
    }
    expect(await ids(me)).toEqual([me.userid]);
  });

  it("answers 400 'bots.errors.useridShort' for a 1-character id, and invalidInput for letters", async () => {
    const me = await registerAndLogin(t.app);
    const short = await add(me, { botid: '7', virtual: false });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({
      code: 'bots.errors.useridShort',
      fields: { botid: 'bots.errors.useridShort' },
    });
    const letters = await add(me, { botid: 'abc', virtual: false });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().error.fields).toEqual({ botid: 'errors.invalidBotId' });
    expect(await ids(me)).toEqual([me.userid]);
  });

  it("creates a virtual bot whose id is a derivation of one of the account's own bots", async () => {
    const me = await registerAndLogin(t.app);
    await prove(me);
    const prefixed = virtualOf(me.userid);
    expect((await add(me, { botid: prefixed, virtual: true })).statusCode).toBe(200);
    expect((await list(me)).json()).toContainEqual({
      email: me.email,
      userid: prefixed,
      botexp: nowSec() + TRIAL_SEC,
      virtual: true,
      verified: true,
      trial: true,
    });
    // Another verified messaging-app bot of the account is a source too.
    const second = freshId(me);
    await add(me, { botid: second, virtual: false });
    await prove(me, second);
    const fromSecond = virtualOf(second, 1);
    expect((await add(me, { botid: fromSecond, virtual: true })).statusCode).toBe(200);
    expect(await ids(me)).toEqual([me.userid, prefixed, second, fromSecond]);
  });

  it.each([
    ['an id that is no derivation', (me: Trader) => `${virtualOf(me.userid)}0`],
    ['the old same-length derivation', (me: Trader) => `1${me.userid}`],
    ["a derivation of another account's bot", () => virtualOf(other.userid)],
    ['a derivation of a virtual bot', (me: Trader) => virtualOf(virtualOf(me.userid)) || '1'],
  ])("answers 400 'Parametros invalidos' for %s", async (_name, botid) => {
    const me = await registerAndLogin(t.app);
    await prove(me);
    await add(me, { botid: virtualOf(me.userid), virtual: true });
    const res = await add(me, { botid: botid(me), virtual: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'errors.invalidParams',
      fields: { botid: 'errors.invalidParams' },
    });
    expect(await ids(me)).toEqual([me.userid, virtualOf(me.userid)]);
  });

  it('answers 409 botExist for a derivation that is already taken', async () => {
    const me = await registerAndLogin(t.app);
    await prove(me);
    await add(me, { botid: virtualOf(me.userid, 1), virtual: true });
    const res = await add(me, { botid: virtualOf(me.userid, 1), virtual: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('register.errors.botExist');
  });
});

describe('GET /api/botremove', () => {
  it('removes a virtual bot; the session stays valid and lists the bots left', async () => {
    const me = await registerAndLogin(t.app);
    await prove(me);
    await add(me, { botid: virtualOf(me.userid), virtual: true });
    const res = await remove(me, virtualOf(me.userid));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await ids(me)).toEqual([me.userid]);
    const s = await session(me);
    expect(s.statusCode).toBe(200);
    expect(s.json().botIDs).toEqual([{ userid: me.userid, traderid: me.userid }]);
  });

  it('removes a messaging-app bot whose expiry has passed, with its rows in other tables', async () => {
    const me = await registerAndLogin(t.app);
    const botid = freshId(me);
    await add(me, { botid, virtual: false });
    await setPaidExpiry(botid, nowSec() - 60);
    await callAs(t.app, me.cookie, api.sendBotCommand, { body: { userid: botid, botCmd: 1 } });
    const botRow = await t.app.deps.db
      .selectFrom('bots')
      .select('id')
      .where('userid', '=', botid)
      .executeTakeFirstOrThrow();

    expect((await remove(me, botid)).statusCode).toBe(200);
    expect(await ids(me)).toEqual([me.userid]);
    const commands = await t.app.deps.db
      .selectFrom('bot_commands')
      .select('id')
      .where('bot_id', '=', botRow.id)
      .execute();
    expect(commands).toEqual([]);
  });

  it("answers 409 'bots.errors.cannotRemove' for a messaging-app bot with a paid expiry ahead", async () => {
    const me = await registerAndLogin(t.app);
    const botid = freshId(me);
    await add(me, { botid, virtual: false });
    await setPaidExpiry(botid, nowSec() + 86_400);
    const res = await remove(me, botid);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('bots.errors.cannotRemove');
    expect(await ids(me)).toEqual([me.userid, botid]);

    // The same bot once the paid period is over.
    clock += 2 * 86_400_000;
    expect((await remove(me, botid)).statusCode).toBe(200);
  });

  it("answers 409 'bots.errors.cannotRemove' for the account's last bot", async () => {
    const me = await registerAndLogin(t.app);
    const res = await remove(me, me.userid);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('bots.errors.cannotRemove');
    expect(await ids(me)).toEqual([me.userid]);
  });

  it("answers 403 for another account's bot and leaves it", async () => {
    const me = await registerAndLogin(t.app);
    await prove(me);
    await add(me, { botid: virtualOf(me.userid), virtual: true });
    const res = await remove(me, other.userid);
    expect(res.statusCode).toBe(403);
    expect(await ids(other)).toEqual([other.userid]);
  });
});
