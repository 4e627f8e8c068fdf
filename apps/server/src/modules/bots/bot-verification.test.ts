import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { endpoints as api, virtualBotIdCandidates } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { build } from '../../app.ts';
import { OUTBOX_FILE } from '../../lib/messenger.ts';
import {
  callAs,
  lastCodeSentTo,
  newAccount,
  registerAndLogin,
  sameOriginByDefault,
  useTestApp,
} from '../../test/app.ts';
import { markPaid } from '../../test/purchases.ts';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, RESEND_INTERVAL_MS } from './bot-verification.ts';
import { ID_LIMITS } from './id-limits.ts';

// A messaging-app bot id is claimed only once proven by the code sent to it.

let clock = Date.UTC(2025, 8, 1);
const t = useTestApp({ now: () => clock });
type Trader = Awaited<ReturnType<typeof registerAndLogin>>;

const bots = async (who: Trader) =>
  (await callAs(t.app, who.cookie, api.getBots, { query: { userid: who.userid } })).json() as {
    userid: string;
    verified: boolean;
  }[];
const verify = (who: Trader, userid: string, code: string | undefined) =>
  callAs(t.app, who.cookie, api.verifyBot, { body: { userid, code } });
const resend = (who: Trader, userid: string) =>
  callAs(t.app, who.cookie, api.resendBotCode, { body: { userid } });
const addBot = (who: Trader, botid: string) =>
  callAs(t.app, who.cookie, api.addBot, { body: { userid: who.userid, botid, virtual: false } });
const login = (who: Trader) =>
  t.app.inject({
    method: 'POST',
    url: '/api/botlogin',
    payload: { email: who.email, password: who.password },
  });

describe('pending bots', () => {
  it('registers a pending bot that can be configured; the code sent to its id verifies it', async () => {
    const me = await registerAndLogin(t.app);
    expect(await bots(me)).toMatchObject([{ userid: me.userid, verified: false }]);
    // Pending blocks only trading: configuring works.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/brokerid',
      payload: { userid: me.userid, curBrokerID: 2, brokersMask: 0, multiBroker: 0 },
      headers: { cookie: me.cookie },
    });
    expect(saved.statusCode).toBe(200);
    const code = lastCodeSentTo(me.userid);
    expect(code).toMatch(/^\d{6}$/);
    expect((await verify(me, me.userid, code)).json()).toEqual({ ok: true });
    expect(await bots(me)).toMatchObject([{ userid: me.userid, verified: true }]);
  });

  it('answers 400 badCode for a wrong code, and codeExpired after too many or after a day', async () => {
    const me = await registerAndLogin(t.app);
    const right = lastCodeSentTo(me.userid) ?? '';
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
      const res = await verify(me, me.userid, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('bots.errors.badCode');
    }
    // The id's guesses for 15 minutes are spent (429, unevaluated); after that even the right
    // code is dead.
    const limited = await verify(me, me.userid, right);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('bots.errors.verifyLimited');
    clock += ID_LIMITS.guessWindowMs;
    const dead = await verify(me, me.userid, right);
    expect(dead.json().error.code).toBe('bots.errors.codeExpired');

    clock += RESEND_INTERVAL_MS;
    expect((await resend(me, me.userid)).statusCode).toBe(200);
    const fresh = lastCodeSentTo(me.userid);
    clock += CODE_TTL_MS;
    expect((await verify(me, me.userid, fresh)).json().error.code).toBe('bots.errors.codeExpired');
    expect(await bots(me)).toMatchObject([{ verified: false }]);
  });

  it('sends a new code at most once a minute (429 with Retry-After)', async () => {
    const me = await registerAndLogin(t.app);
    const first = await resend(me, me.userid);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(0);
    clock += RESEND_INTERVAL_MS;
    expect((await resend(me, me.userid)).statusCode).toBe(200);
    expect((await verify(me, me.userid, lastCodeSentTo(me.userid))).statusCode).toBe(200);
  });

  it("answers 403 for verifying another account's bot", async () => {
    const me = await registerAndLogin(t.app);
    const them = await registerAndLogin(t.app);
    const res = await verify(me, them.userid, lastCodeSentTo(them.userid));
    expect(res.statusCode).toBe(403);
    expect(await bots(them)).toMatchObject([{ verified: false }]);
  });

  it('creates virtual bots verified, from a verified bot', async () => {
    const me = await registerAndLogin(t.app);
    await verify(me, me.userid, lastCodeSentTo(me.userid));
    await callAs(t.app, me.cookie, api.addBot, {
      body: { userid: me.userid, botid: virtualBotIdCandidates(me.userid)[0], virtual: true },
    });
    expect(await bots(me)).toMatchObject([{ verified: true }, { verified: true }]);
  });
});

describe('bot ids and claims (docs/decisions/2026-11-26-bot-claims.md)', () => {
  const saveBrokerLogin = (who: Trader) =>
    callAs(t.app, who.cookie, api.saveBrokerLogin, {
      body: { userid: who.userid, broker: 1, email: 'me@broker.example', password: 'secret-1' },
    });
  const storedBrokers = async (who: Trader) =>
    (
      await callAs(t.app, who.cookie, api.listBrokerLogins, { query: { userid: who.userid } })
    ).json();
  const botexpOf = async (who: Trader) =>
    (await bots(who)).find((b) => b.userid === who.userid) as unknown as { botexp: number };

  it('leaves the first account whole when a second one registers its pending id', async () => {
    const first = await registerAndLogin(t.app);
    const firstCode = lastCodeSentTo(first.userid);
    expect((await saveBrokerLogin(first)).statusCode).toBe(200);
    await markPaid(t.app, first.userid, Math.floor(clock / 1000) + 30 * 86_400);
    const before = await botexpOf(first);

    const second = await registerAndLogin(t.app, { ...newAccount(), userid: first.userid });

    // The first account still logs in, with its pending bot, credentials and paid days.
    expect((await login(first)).statusCode).toBe(200);
    expect(await bots(first)).toMatchObject([{ userid: first.userid, verified: false }]);
    expect(await botexpOf(first)).toEqual(before);
    expect(await storedBrokers(first)).toMatchObject([{ broker: 1, hasPassword: true }]);
    // The second claim is its own: a fresh trial, never the first account's paid days.
    expect((await botexpOf(second)).botexp).toBeLessThan(before.botexp);

    // The first to prove the id keeps it; only then is the other pending bot dropped.
    expect((await verify(first, first.userid, firstCode)).statusCode).toBe(200);
    expect(await bots(first)).toMatchObject([{ userid: first.userid, verified: true }]);
    expect(await storedBrokers(first)).toMatchObject([{ broker: 1, hasPassword: true }]);
    expect(await bots(second)).toEqual([]);
    expect((await login(second)).statusCode).toBe(200);
  });

  it('lets the real owner prove an id a squatter claimed first; the squatter keeps its account', async () => {
    const owner = newAccount();
    const squatter = await registerAndLogin(t.app);
    expect((await addBot(squatter, owner.userid)).statusCode).toBe(200);
    const me = await registerAndLogin(t.app, owner);
    // The id had its code of the minute (the squatter's claim): the owner asks again a minute
    // later (or taps "Verificar no Telegram", which needs no code).
    clock += RESEND_INTERVAL_MS;
    expect((await resend(me, owner.userid)).statusCode).toBe(200);
    expect((await verify(me, owner.userid, lastCodeSentTo(owner.userid))).statusCode).toBe(200);
    expect((await bots(squatter)).map((b) => b.userid)).toEqual([squatter.userid]);
    expect((await login(squatter)).statusCode).toBe(200);
  });

  it("never lets a claim verify with another claimant's code", async () => {
    const first = await registerAndLogin(t.app);
    const firstCode = lastCodeSentTo(first.userid) ?? '';
    const second = await registerAndLogin(t.app, { ...newAccount(), userid: first.userid });
    const secondCode = lastCodeSentTo(first.userid) ?? '';
    if (secondCode !== firstCode) {
      expect((await verify(second, first.userid, firstCode)).statusCode).toBe(400);
    }
    expect(await bots(first)).toMatchObject([{ verified: false }]);
  });

  it('keeps a proven id: another account gets 409 botExist by registration or addnewbot', async () => {
    const owner = await registerAndLogin(t.app);
    await verify(owner, owner.userid, lastCodeSentTo(owner.userid));
    const other = await registerAndLogin(t.app);
    expect((await addBot(other, owner.userid)).json().error.code).toBe('register.errors.botExist');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/botregister',
      payload: { ...newAccount(), userid: owner.userid },
    });
    expect(reg.statusCode).toBe(409);
    expect(await bots(owner)).toMatchObject([{ userid: owner.userid, verified: true }]);
  });

  it('never gives the paid days a removed bot left on its id to the next pending claim', async () => {
    const id = newAccount().userid;
    const farSec = Math.floor(clock / 1000) + 365 * 86_400;
    await t.app.deps.db
      .insertInto('removed_bot_expiries')
      .values({ userid: id, botexp: farSec, removed_at: clock })
      .execute();
    const claimant = await registerAndLogin(t.app, { ...newAccount(), userid: id });
    expect((await botexpOf(claimant)).botexp).toBeLessThan(farSec);
  });

  it("refuses the virtual-bot squat 7<someone's id> from an unproven claim", async () => {
    const victim = newAccount();
    const squatter = await registerAndLogin(t.app, victim);
    for (const botid of virtualBotIdCandidates(victim.userid)) {
      const res = await callAs(t.app, squatter.cookie, api.addBot, {
        body: { userid: squatter.userid, botid, virtual: true },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('bots.errors.sourceUnverified');
    }
    // The old derivation, an id a messaging-app user could hold, is no virtual id at all.
    const old = await callAs(t.app, squatter.cookie, api.addBot, {
      body: { userid: squatter.userid, botid: `7${victim.userid}`, virtual: true },
    });
    expect(old.statusCode).toBe(400);
    expect(await bots(squatter)).toHaveLength(1);
  });

  it('derives virtual ids outside the messaging ids, and never one another account claimed', async () => {
    const owner = await registerAndLogin(t.app);
    await verify(owner, owner.userid, lastCodeSentTo(owner.userid));
    const [virtualId] = virtualBotIdCandidates(owner.userid);
    // Nobody can claim it as a messaging-app id first…
    const other = await registerAndLogin(t.app);
    const claim = await addBot(other, virtualId ?? '');
    expect(claim.statusCode).toBe(400);
    expect(claim.json().error.code).toBe('bots.errors.notMessagingId');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/botregister',
      payload: { ...newAccount(), userid: virtualId },
    });
    expect(reg.statusCode).toBe(400);
    // …and its owner gets it, verified.
    const made = await callAs(t.app, owner.cookie, api.addBot, {
      body: { userid: owner.userid, botid: virtualId, virtual: true },
    });
    expect(made.statusCode).toBe(200);
    expect(await bots(owner)).toMatchObject([
      { verified: true },
      { userid: virtualId, verified: true },
    ]);
  });
});

describe('the local messenger', () => {
  it('writes the code to DATA_DIR/outbox.jsonl (0600), never to the log', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'outbox-'));
    const lines: string[] = [];
    const app = sameOriginByDefault(
      await build({
        dataDir,
        secretKey: randomBytes(32).toString('hex'),
        webDist: '/nonexistent-web-dist',
        robot: false,
        logger: true,
        logStream: { write: (line) => lines.push(line) },
      }),
    );
    try {
      const a = newAccount();
      // Registered from a panel in Spanish (the panel's choice, its i18next cookie, wins over
      // the browser's languages): the message is in Spanish.
      const res = await app.inject({
        method: 'POST',
        url: '/api/botregister',
        payload: a,
        headers: { 'accept-language': 'en-US,en;q=0.9', cookie: 'i18next=es-ES' },
      });
      expect(res.statusCode).toBe(200);
      const file = join(dataDir, OUTBOX_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const message = JSON.parse(readFileSync(file, 'utf8').trim()) as {
        to: string;
        code: string;
        text: string;
      };
      expect(message.to).toBe(a.userid);
      expect(message.code).toMatch(/^\d{6}$/);
      expect(message.text).toBe(`Tu código de verificación del robot: ${message.code}`);
      expect(lines.join('\n')).not.toContain(message.code);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
