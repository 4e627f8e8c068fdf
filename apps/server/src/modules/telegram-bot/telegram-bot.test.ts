import { endpoints as api } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestApp, lastCodeSentTo, registerAndLogin } from '../../test/app.ts';
import { startFakeBotApi, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { webhookSecret } from './operator-bot.ts';
import { START_TOKEN_TTL_MS } from './start-tokens.ts';

// The operator's Telegram bot over a local fake of the Bot API (TELEGRAM_BOT_API_URL): tests
// drive it with pollOnce / feedOnce / drainOnce and move the injected clock, never sleep.

let clock = Date.UTC(2026, 10, 26, 12);
let fake: FakeBotApi;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeBotApi({ now: () => clock });
  ({ app, close } = await createTestApp({
    now: () => clock,
    publicUrl: 'http://robo.test',
    telegramBot: { token: fake.token, apiRoot: fake.url, run: false },
    // The bot sends the codes: the test messenger is not used.
    messenger: undefined,
  }));
  await app.telegramBot!.ready();
});
afterAll(async () => {
  await close();
  await fake.close();
});

type Trader = Awaited<ReturnType<typeof registerAndLogin>>;
const bots = async (who: Trader) =>
  (await callAs(app, who.cookie, api.getBots, { query: { userid: who.userid } })).json() as {
    userid: string;
    verified: boolean;
  }[];
const verifyLink = async (who: Trader, userid = who.userid) =>
  (await callAs(app, who.cookie, api.telegramVerifyLink, { body: { userid } })).json() as {
    url: string | null;
  };
const tokenOf = (url: string) => new URL(url).searchParams.get('start') ?? '';
const user = (who: Trader | string, language_code?: string) => ({
  id: Number(typeof who === 'string' ? who : who.userid),
  ...(language_code ? { language_code } : {}),
});
const lastTextTo = (who: Trader | string) =>
  fake.textsTo(Number(typeof who === 'string' ? who : who.userid)).at(-1);

describe('the operator bot', () => {
  it('reads its username with getMe and tells the panel', async () => {
    const config = (await app.inject({ method: 'GET', url: '/api/config' })).json() as {
      telegramBot: string | null;
    };
    expect(config.telegramBot).toBe(fake.username);
    expect(fake.calls.some((c) => c.method === 'getMe')).toBe(true);
  });

  it('sends the 6-digit fallback code through Telegram, not the outbox file', async () => {
    const me = await registerAndLogin(app);
    expect(lastCodeSentTo(me.userid)).toBeUndefined();
    expect(lastTextTo(me)).toMatch(/\d{6}/);
  });
});

describe('verify by a tap', () => {
  it('a link for the pending bot verifies it when its own chat sends /start <token>', async () => {
    const me = await registerAndLogin(app);
    const { url } = await verifyLink(me);
    expect(url).toMatch(new RegExp(`^https://t\\.me/${fake.username}\\?start=v[\\w-]{32}$`));
    fake.sendText(user(me, 'pt-BR'), `/start ${tokenOf(url!)}`);
    expect(await app.telegramBot!.pollOnce()).toBe(1);
    expect(await bots(me)).toMatchObject([{ userid: me.userid, verified: true }]);
    expect(lastTextTo(me)).toContain(`Bot ${me.userid} verificado`);
    // Once verified, the panel gets no link.
    expect((await verifyLink(me)).url).toBeNull();
  });

  it('another chat cannot use the token; the token still works for the right chat afterwards', async () => {
    const me = await registerAndLogin(app);
    const intruder = await registerAndLogin(app);
    const { url } = await verifyLink(me);
    fake.sendText(user(intruder, 'en'), `/start ${tokenOf(url!)}`);
    await app.telegramBot!.pollOnce();
    expect(lastTextTo(intruder)).toContain('another Telegram account');
    expect(await bots(me)).toMatchObject([{ verified: false }]);
    expect(await bots(intruder)).toMatchObject([{ verified: false }]);
    fake.sendText(user(me, 'es'), `/start ${tokenOf(url!)}`);
    await app.telegramBot!.pollOnce();
    expect(lastTextTo(me)).toContain('verificado');
    expect(await bots(me)).toMatchObject([{ verified: true }]);
  });

  it('a token is single-use and expires', async () => {
    const me = await registerAndLogin(app);
    const first = tokenOf((await verifyLink(me)).url!);
    const second = tokenOf((await verifyLink(me)).url!);
    clock += START_TOKEN_TTL_MS + 1;
    fake.sendText(user(me, 'en'), `/start ${first}`);
    await app.telegramBot!.pollOnce();
    expect(lastTextTo(me)).toContain('expired or was already used');
    expect(await bots(me)).toMatchObject([{ verified: false }]);
    const third = tokenOf((await verifyLink(me)).url!);
    fake.sendText(user(me, 'en'), `/start ${third}`);
    fake.sendText(user(me, 'en'), `/start ${third}`);
    fake.sendText(user(me, 'en'), `/start ${second}`);
    await app.telegramBot!.pollOnce();
    const texts = fake.textsTo(Number(me.userid)).slice(-3);
    expect(texts[0]).toContain('verified');
    expect(texts[1]).toContain('expired or was already used');
    expect(texts[2]).toContain('expired or was already used');
  });

  it('the stored token is a hash, never the token', async () => {
    const me = await registerAndLogin(app);
    const token = tokenOf((await verifyLink(me)).url!);
    const rows = await app.deps.db.selectFrom('tg_start_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
  });
});

describe('/start without a token', () => {
  it('answers with the id and the registration link, in the user language (pt by default)', async () => {
    fake.sendText({ id: 5550001 }, '/start');
    fake.sendText({ id: 5550002, language_code: 'en' }, '/start');
    fake.sendText({ id: 5550003, language_code: 'es-419' }, '/start');
    await app.telegramBot!.pollOnce();
    expect(lastTextTo('5550001')).toBe(
      'Olá! Seu ID do Telegram é 5550001.\nUse-o para se cadastrar no robô: http://robo.test/cadastrar?userid=5550001',
    );
    expect(lastTextTo('5550002')).toContain('Your Telegram ID is 5550002');
    expect(lastTextTo('5550003')).toContain('Tu ID de Telegram es 5550003');
  });

  it("a seller's link adds the sellerid", async () => {
    fake.sendText({ id: 5550004, language_code: 'pt' }, '/start s_seller42');
    await app.telegramBot!.pollOnce();
    expect(lastTextTo('5550004')).toContain(
      'http://robo.test/cadastrar?userid=5550004&sellerid=seller42',
    );
  });
});

describe('the webhook', () => {
  it('accepts an update only with the secret-token header', async () => {
    const update = {
      update_id: 1,
      message: {
        message_id: 1,
        date: 1,
        chat: { id: 5550005, type: 'private' },
        from: { id: 5550005, is_bot: false, first_name: 'T' },
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    };
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      payload: update,
      headers: { 'x-telegram-bot-api-secret-token': 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(lastTextTo('5550005')).toBeUndefined();
    const right = await app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      payload: update,
      headers: { 'x-telegram-bot-api-secret-token': webhookSecret(fake.token) },
    });
    expect(right.statusCode).toBe(200);
    expect(lastTextTo('5550005')).toContain('5550005');
  });
});
