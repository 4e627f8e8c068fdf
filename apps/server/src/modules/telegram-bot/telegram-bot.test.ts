import {
  endpoints as api,
  defaultReaderParams,
  TELEGRAM_NOTIFY_KINDS,
  type TelegramKinds,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  createTestApp,
  lastCodeSentTo,
  newAccount,
  registerAndLogin,
} from '../../test/app.ts';
import { startFakeBotApi, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { webhookSecret } from './operator-bot.ts';
import { DAILY_LATE_MS, OUTBOX_RETENTION_MS } from './producers.ts';
import { redeemStartToken, START_TOKEN_TTL_MS } from './start-tokens.ts';

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
const login = (who: Trader) =>
  app.inject({
    method: 'POST',
    url: '/api/botlogin',
    payload: { email: who.email, password: who.password },
  });
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

  it('a tap that lost to another proof of the id gets a clear answer; nothing changes', async () => {
    const first = await registerAndLogin(app);
    const second = await registerAndLogin(app, { ...newAccount(), userid: first.userid });
    const firstToken = tokenOf((await verifyLink(first)).url!);
    const secondToken = tokenOf((await verifyLink(second)).url!);
    // The second account's proof commits while the first's tap is under way: the first tap's
    // claim is still there but the id is held (markVerified's 409).
    await app.deps.db
      .updateTable('bots')
      .set({ verified: true })
      .where('userid', '=', first.userid)
      .where('email', '=', second.email)
      .execute();
    fake.sendText(user(first, 'en'), `/start ${firstToken}`);
    await app.telegramBot!.pollOnce();
    expect(lastTextTo(first)).toBe(
      `ID ${first.userid} is already verified in a registration of the robot. Log in to the panel with that registration’s account.`,
    );
    expect(await bots(first)).toMatchObject([{ userid: first.userid, verified: false }]);
    expect(await bots(second)).toMatchObject([{ userid: first.userid, verified: true }]);
    // Its holder tapping its own link again is told so, as before.
    fake.sendText(user(first, 'es'), `/start ${secondToken}`);
    await app.telegramBot!.pollOnce();
    expect(lastTextTo(first)).toBe(`El bot ${first.userid} ya está verificado.`);
  });

  it('of two taps for one id at once, one verifies and the other is told the id is taken', async () => {
    const first = await registerAndLogin(app);
    const second = await registerAndLogin(app, { ...newAccount(), userid: first.userid });
    const tokens = [
      tokenOf((await verifyLink(first)).url!),
      tokenOf((await verifyLink(second)).url!),
    ];
    const outcomes = await Promise.all(
      tokens.map((token) =>
        redeemStartToken(app.deps.db, app.deps.dialect, token, first.userid, clock),
      ),
    );
    expect(outcomes.map((o) => o.result).sort()).toEqual(['taken', 'verified']);
    const rows = await app.deps.db
      .selectFrom('bots')
      .select('verified')
      .where('userid', '=', first.userid)
      .execute();
    // The winner holds the id; the loser's pending claim was dropped (its account stays).
    expect(rows.map((r) => Boolean(r.verified))).toEqual([true]);
    const loser = outcomes[0]!.result === 'verified' ? second : first;
    expect((await login(loser)).statusCode).toBe(200);
  });

  it('a tap and the 6-digit code for one id at once: one proof wins, the other is refused', async () => {
    const first = await registerAndLogin(app);
    const code = /\d{6}/.exec(lastTextTo(first) ?? '')?.[0];
    expect(code).toBeDefined();
    const second = await registerAndLogin(app, { ...newAccount(), userid: first.userid });
    const token = tokenOf((await verifyLink(second)).url!);
    const [byCode, byTap] = await Promise.all([
      callAs(app, first.cookie, api.verifyBot, { body: { userid: first.userid, code } }),
      redeemStartToken(app.deps.db, app.deps.dialect, token, first.userid, clock),
    ]);
    const codeWon = byCode.statusCode === 200;
    expect(byTap.result).toBe(codeWon ? 'taken' : 'verified');
    if (!codeWon) expect(byCode.statusCode).toBeGreaterThanOrEqual(400);
    const rows = await app.deps.db
      .selectFrom('bots')
      .select('verified')
      .where('userid', '=', first.userid)
      .execute();
    expect(rows.map((r) => Boolean(r.verified))).toEqual([true]);
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

// ---- Notifications: the robot's activity lines → the queue → Telegram within its limits ----

async function verifiedTrader(language = 'pt-BR'): Promise<Trader & { botId: number }> {
  // The feed's cursor starts after the lines already there (the first pass sets it).
  await app.telegramBot!.feedOnce();
  const me = await registerAndLogin(app);
  const { url } = (
    await callAs(app, me.cookie, api.telegramVerifyLink, { body: { userid: me.userid } })
  ).json() as { url: string };
  fake.sendText(user(me), `/start ${tokenOf(url)}`);
  await app.telegramBot!.pollOnce();
  const row = await app.deps.db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', me.userid)
    .executeTakeFirstOrThrow();
  // The panel's language is the one notifications are written in.
  await openNotifications(me, { cookie: `${me.cookie}; i18next=${language}` });
  return { ...me, botId: Number(row.id) };
}

/** The panel's notifications section, opened with these headers (the panel sends its cookie). */
function openNotifications(who: Trader, headers: Record<string, string>) {
  return app.inject({
    method: 'GET',
    url: `/api/telegram/notifications?userid=${who.userid}`,
    headers,
  });
}

async function activity(botId: number, key: string, params: Record<string, unknown>) {
  await app.deps.db
    .insertInto('activity')
    .values({
      bot_id: botId,
      at: clock,
      kind: 'order',
      signal_id: null,
      order_id: null,
      message: JSON.stringify({ key, params }),
    })
    .execute();
}

/** Feeds, then drains with the clock moving a second at a time until the queue is empty. */
async function deliver(): Promise<void> {
  await app.telegramBot!.feedOnce();
  for (let i = 0; i < 50; i++) {
    await app.telegramBot!.drainOnce();
    const left = await app.deps.db
      .selectFrom('tg_outbox')
      .select('id')
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (!left) return;
    clock += 1000;
  }
}

describe('notifications', () => {
  it('order sent and its result, in the panel language, with asset, direction, stake, step and P&L', async () => {
    await app.telegramBot!.feedOnce(); // the cursor starts after what is already there
    const me = await verifiedTrader('en-US');
    await activity(me.botId, 'robot.activity.orderOpen', {
      asset: 'EURUSD',
      direction: 'CALL',
      stakeCents: 250,
      galeLevel: 0,
      expiresAt: clock,
    });
    await activity(me.botId, 'robot.activity.lost', {
      asset: 'EURUSD',
      pnlCents: -250,
      balanceCents: 9750,
      galeLevel: 1,
    });
    await deliver();
    expect(fake.textsTo(Number(me.userid)).slice(-2)).toEqual([
      `📈 ${me.userid}: order sent — EURUSD CALL, stake 2.50, entry.`,
      `❌ ${me.userid}: loss on EURUSD (gale 1): -2.50 · balance 97.50.`,
    ]);
  });

  it('stop hit, robot off and a refusal with the reason; quiet refusals are not sent', async () => {
    const me = await verifiedTrader('pt-BR');
    await activity(me.botId, 'robot.activity.stopped', { reason: 'stop_loss' });
    await activity(me.botId, 'robot.activity.off', {});
    await activity(me.botId, 'robot.refusal.bot_off', { asset: 'EURUSD', direction: 'PUT' });
    await activity(me.botId, 'robot.refusal.max_orders_reached', {
      asset: 'EURUSD',
      direction: 'PUT',
    });
    await deliver();
    expect(fake.textsTo(Number(me.userid)).slice(-3)).toEqual([
      `⛔ ${me.userid}: robô parado — stop loss.`,
      `⏸ ${me.userid}: robô desligado.`,
      `🚫 ${me.userid}: sinal EURUSD PUT recusado — Limite de ordens do dia atingido.`,
    ]);
  });

  it('a kind switched off in the panel is not sent; the others are', async () => {
    const me = await verifiedTrader('es-ES');
    const kinds = {
      orders: false,
      stops: true,
      daily: true,
      expiry: true,
      payments: true,
      follows: true,
      reader: true,
    };
    expect(
      (
        await callAs(app, me.cookie, api.saveTelegramNotifications, {
          body: { userid: me.userid, kinds },
        })
      ).statusCode,
    ).toBe(200);
    const before = fake.textsTo(Number(me.userid)).length;
    await activity(me.botId, 'robot.activity.orderOpen', {
      asset: 'EURUSD',
      direction: 'CALL',
      stakeCents: 100,
      galeLevel: 0,
    });
    await activity(me.botId, 'robot.activity.off', {});
    await deliver();
    expect(fake.textsTo(Number(me.userid)).slice(before)).toEqual([
      `⏸ ${me.userid}: robot apagado.`,
    ]);
    const read = (
      await callAs(app, me.cookie, api.telegramNotifications, { query: { userid: me.userid } })
    ).json() as { kinds: typeof kinds; reachable: boolean; configured: boolean };
    expect(read).toEqual({ kinds, reachable: true, configured: true });
  });

  it("the chat keeps the trader's panel language; a request's Accept-Language alone never changes it", async () => {
    const me = await verifiedTrader('es-ES');
    const off = () => activity(me.botId, 'robot.activity.off', {});
    // Another client (or a browser before the panel ran) with only its default language.
    await openNotifications(me, { cookie: me.cookie, 'accept-language': 'en-US,en;q=0.9' });
    await callAs(app, me.cookie, api.telegramVerifyLink, { body: { userid: me.userid } });
    await off();
    await deliver();
    expect(lastTextTo(me)).toBe(`⏸ ${me.userid}: robot apagado.`);
    // The trader switches the panel to English: from then on, English.
    await openNotifications(me, {
      cookie: `${me.cookie}; i18next=en-US`,
      'accept-language': 'es-ES',
    });
    await off();
    await deliver();
    expect(lastTextTo(me)).toBe(`⏸ ${me.userid}: robot switched off.`);
  });

  it('a bot seen first without a chosen language starts with the browser language', async () => {
    const me = await registerAndLogin(app);
    const row = await app.deps.db
      .selectFrom('bots')
      .select('id')
      .where('userid', '=', me.userid)
      .executeTakeFirstOrThrow();
    await openNotifications(me, { cookie: me.cookie, 'accept-language': 'es-419,es;q=0.9' });
    const prefs = await app.deps.db
      .selectFrom('tg_bot_prefs')
      .select('language')
      .where('bot_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(prefs.language).toBe('es-ES');
  });

  it('a pending bot gets no notification', async () => {
    const me = await registerAndLogin(app);
    const row = await app.deps.db
      .selectFrom('bots')
      .select('id')
      .where('userid', '=', me.userid)
      .executeTakeFirstOrThrow();
    const before = fake.textsTo(Number(me.userid)).length;
    await activity(Number(row.id), 'robot.activity.off', {});
    await deliver();
    expect(fake.textsTo(Number(me.userid)).length).toBe(before);
  });
});

describe('the queue keeps within Telegram limits', () => {
  it('one message a second per chat and 30 a second overall; a burst is queued, never dropped', async () => {
    clock += 1000; // a second of its own: earlier tests' sends do not count
    const chats = Array.from({ length: 40 }, (_, i) => String(7_100_000 + i));
    const { enqueue } = await import('./outbox.ts');
    await enqueue(
      app.deps.db,
      chats.flatMap((chatId) => [
        { chatId, kind: 'orders', text: `first ${chatId}` },
        { chatId, kind: 'orders', text: `second ${chatId}` },
      ]),
      clock,
    );
    const start = fake.sent.length;
    expect(await app.telegramBot!.drainOnce()).toBe(30);
    // Within the same second nothing more goes.
    expect(await app.telegramBot!.drainOnce()).toBe(0);
    clock += 1000;
    expect(await app.telegramBot!.drainOnce()).toBe(30);
    // The first 30 chats' second messages, then the last 10 chats' first ones…
    clock += 1000;
    expect(await app.telegramBot!.drainOnce()).toBe(10);
    // …whose second messages wait their chat's second.
    clock += 1000;
    expect(await app.telegramBot!.drainOnce()).toBe(10);
    const burst = fake.sent.slice(start);
    expect(burst).toHaveLength(80);
    for (const chatId of chats) {
      const mine = burst.filter((m) => m.chat_id === Number(chatId));
      expect(mine.map((m) => m.text)).toEqual([`first ${chatId}`, `second ${chatId}`]);
      expect(mine[1]!.at - mine[0]!.at).toBeGreaterThanOrEqual(1000);
    }
  });

  it('a 429 pauses all sending for its retry_after; the message goes afterwards', async () => {
    const { enqueue } = await import('./outbox.ts');
    await enqueue(
      app.deps.db,
      [{ chatId: '7200001', kind: 'orders', text: 'after the flood' }],
      clock,
    );
    fake.floodNext(1, 5);
    expect(await app.telegramBot!.drainOnce()).toBe(0);
    clock += 4000;
    expect(await app.telegramBot!.drainOnce()).toBe(0);
    clock += 1000;
    expect(await app.telegramBot!.drainOnce()).toBe(1);
    expect(lastTextTo('7200001')).toBe('after the flood');
  });
});

describe('a chat that blocked the bot', () => {
  it('is marked unreachable on 403, the panel shows it, nothing more is queued until /start', async () => {
    const me = await verifiedTrader('en-US');
    fake.block(Number(me.userid));
    await activity(me.botId, 'robot.activity.off', {});
    await activity(me.botId, 'robot.activity.on', {});
    await activity(me.botId, 'robot.activity.off', {});
    await deliver();
    const status = async () =>
      (
        (
          await callAs(app, me.cookie, api.telegramNotifications, { query: { userid: me.userid } })
        ).json() as { reachable: boolean }
      ).reachable;
    expect(await status()).toBe(false);
    const blockedCalls = fake.calls.filter(
      (c) => c.method === 'sendMessage' && c.params.chat_id === Number(me.userid),
    ).length;
    await activity(me.botId, 'robot.activity.off', {});
    await deliver();
    expect(
      fake.calls.filter((c) => c.method === 'sendMessage' && c.params.chat_id === Number(me.userid))
        .length,
    ).toBe(blockedCalls);
    // The trader comes back: /start makes the chat reachable again.
    fake.unblock(Number(me.userid));
    fake.sendText(user(me, 'en'), '/start');
    await app.telegramBot!.pollOnce();
    expect(await status()).toBe(true);
    await activity(me.botId, 'robot.activity.off', {});
    await deliver();
    expect(lastTextTo(me)).toBe(`⏸ ${me.userid}: robot switched off.`);
  });
});

describe('commands from the chat', () => {
  it('/menu shows botCmd 1–16 as buttons; a button queues the command and the reply replaces the message', async () => {
    const me = await verifiedTrader('en-US');
    fake.sendText(user(me, 'en'), '/menu');
    await app.telegramBot!.pollOnce();
    const menu = fake.sent.filter((m) => m.chat_id === Number(me.userid)).at(-1)!;
    expect(menu.text).toBe(`Commands of bot ${me.userid}:`);
    const buttons = (
      menu.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }
    ).inline_keyboard.flat();
    expect(buttons.map((b) => b.callback_data)).toEqual(
      Array.from({ length: 16 }, (_, i) => `c:${i + 1}:${me.userid}`),
    );
    fake.pressButton(user(me, 'en'), menu, `c:16:${me.userid}`);
    await app.telegramBot!.pollOnce();
    expect(fake.callbackAnswers.length).toBeGreaterThan(0);
    const queued = await app.deps.db
      .selectFrom('bot_commands')
      .selectAll()
      .where('bot_id', '=', me.botId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ code: 16, status: 'queued' });
    const waiting = fake.sent.filter((m) => m.chat_id === Number(me.userid)).at(-1)!;
    expect(waiting.text).toContain('Command sent to the robot');
    // The robot settles it (as the runtime does) and the chat message shows its reply.
    await app.deps.db
      .updateTable('bot_commands')
      .set({
        status: 'done',
        reply: JSON.stringify({
          key: 'robot.reply.liquidity',
          params: { accountType: 1, balanceCents: 123456, profitCents: 300 },
        }),
      })
      .where('id', '=', queued.id)
      .execute();
    await app.telegramBot!.feedOnce();
    expect(waiting.text).toBe(
      `Balance — ${me.userid}\nDemo account · balance: 1,234.56 · result: 3.00`,
    );
  });

  it('/status and /placar queue commands 3 and 5; a chat without a verified bot is refused', async () => {
    const me = await verifiedTrader('pt-BR');
    fake.sendText(user(me, 'pt'), '/status');
    fake.sendText(user(me, 'pt'), '/placar');
    await app.telegramBot!.pollOnce();
    const codes = await app.deps.db
      .selectFrom('bot_commands')
      .select('code')
      .where('bot_id', '=', me.botId)
      .orderBy('id')
      .execute();
    expect(codes.map((c) => c.code)).toEqual([3, 5]);
    const pending = await registerAndLogin(app);
    fake.sendText(user(pending, 'pt'), '/menu');
    await app.telegramBot!.pollOnce();
    expect(lastTextTo(pending)).toContain('não tem um bot verificado');
  });

  it('a button naming another chat’s bot does nothing', async () => {
    const me = await verifiedTrader('en-US');
    const other = await verifiedTrader('en-US');
    fake.sendText(user(me, 'en'), '/menu');
    await app.telegramBot!.pollOnce();
    const menu = fake.sent.filter((m) => m.chat_id === Number(me.userid)).at(-1)!;
    fake.pressButton(user(me, 'en'), menu, `c:2:${other.userid}`);
    await app.telegramBot!.pollOnce();
    const theirs = await app.deps.db
      .selectFrom('bot_commands')
      .select('id')
      .where('bot_id', '=', other.botId)
      .execute();
    expect(theirs).toEqual([]);
  });
});

describe('expiry and payment notifications', () => {
  it('expiry in 3 days and expired, once each per expiry date', async () => {
    const me = await verifiedTrader('en-US');
    const nowSec = Math.floor(clock / 1000);
    const setExpiry = (botexp: number) =>
      app.deps.db.updateTable('bots').set({ botexp }).where('id', '=', me.botId).execute();
    await setExpiry(nowSec + 2 * 86_400);
    await deliver();
    await deliver();
    const texts = () => fake.textsTo(Number(me.userid)).filter((x) => x.includes('expire'));
    expect(texts()).toHaveLength(1);
    expect(texts()[0]).toMatch(new RegExp(`^⏳ ${me.userid}: the robot expires in 3 days \\(`));
    await setExpiry(nowSec - 60);
    await deliver();
    await deliver();
    expect(texts()).toHaveLength(2);
    expect(texts()[1]).toBe(
      `⌛ ${me.userid}: the robot has expired and stopped trading. Renew it in the panel.`,
    );
  });

  it('payment confirmed, to the buyer, once', async () => {
    const me = await verifiedTrader('pt-BR');
    const account = await app.deps.db
      .selectFrom('bots')
      .select('account_id')
      .where('id', '=', me.botId)
      .executeTakeFirstOrThrow();
    await app.deps.db
      .insertInto('purchases')
      .values({
        id: `p${me.userid}`,
        account_id: account.account_id,
        buyer_userid: me.userid,
        bot_ids: JSON.stringify([me.botId]),
        subid: 's',
        bots: 1,
        days: 30,
        currency: 'BRL',
        amount_cents: 9900,
        paymethod: 'pix',
        provider: 'local',
        provider_ref: null,
        link: null,
        state: 'paid',
        seller_id: null,
        created_at: clock,
        paid_at: clock,
        updated_at: clock,
      })
      .execute();
    await deliver();
    await deliver();
    const paid = fake.textsTo(Number(me.userid)).filter((x) => x.startsWith('💳'));
    expect(paid).toEqual([`💳 Pagamento confirmado: 30 dias para ${me.userid}.`]);
  });
});

describe('reader disconnected, follow requests and the daily summary', () => {
  it('the reader going down reaches the chat in the panel language, unless switched off', async () => {
    const me = await verifiedTrader('es-ES');
    await activity(me.botId, 'robot.activity.readerDown', {});
    await deliver();
    expect(lastTextTo(me)).toBe(
      `📡 ${me.userid}: el lector de Telegram se desconectó. Reconéctalo en el panel.`,
    );
    await switchOff(me, 'reader');
    const before = fake.textsTo(Number(me.userid)).length;
    await activity(me.botId, 'robot.activity.readerDown', {});
    await deliver();
    expect(fake.textsTo(Number(me.userid))).toHaveLength(before);
  });

  it("a follow request reaches the trader's chat; the answer reaches the follower's, once", async () => {
    const trader = await verifiedTrader('en-US');
    const follower = await verifiedTrader('pt-BR');
    const res = await callAs(app, follower.cookie, api.requestCopy, {
      body: { userid: follower.userid, traderid: trader.userid, userName: 'Ana' },
    });
    expect(res.statusCode).toBe(200);
    await deliver();
    expect(lastTextTo(trader)).toBe(
      `👥 ${trader.userid}: Ana (${follower.userid}) asked to copy you. Answer in the panel.`,
    );
    const answer = await callAs(app, trader.cookie, api.answerRequest, {
      body: { userid: trader.userid, followerid: follower.userid, product: 'copy', accept: true },
    });
    expect(answer.statusCode).toBe(200);
    await deliver();
    clock += 1000;
    await deliver();
    const told = fake.textsTo(Number(follower.userid)).filter((x) => x.startsWith('👥'));
    expect(told).toEqual([
      `👥 ${follower.userid}: o trader ${trader.userid} aceitou seu pedido de cópia.`,
    ]);
  });

  it('a trader who switched follows off is not told of requests nor answers', async () => {
    const trader = await verifiedTrader('en-US');
    const follower = await verifiedTrader('en-US');
    await switchOff(trader, 'follows');
    await switchOff(follower, 'follows');
    await callAs(app, follower.cookie, api.requestCopy, {
      body: { userid: follower.userid, traderid: trader.userid, userName: 'Bob' },
    });
    await deliver();
    await callAs(app, trader.cookie, api.answerRequest, {
      body: { userid: trader.userid, followerid: follower.userid, product: 'copy', accept: false },
    });
    await deliver();
    expect(fake.textsTo(Number(trader.userid)).some((x) => x.startsWith('👥'))).toBe(false);
    expect(fake.textsTo(Number(follower.userid)).some((x) => x.startsWith('👥'))).toBe(false);
  });

  it("the day's results go once, at the reader's score-clear time in its zone, per signal", async () => {
    // 18:00 in Brasília (UTC−3) on the 1st of December.
    const clearAt = Date.UTC(2026, 11, 1, 21, 0);
    clock = Math.max(clock, clearAt - 3 * 86_400_000);
    const me = await verifiedTrader('es-ES');
    await clearScoreAt(me, '18:00');
    const HOUR = 3_600_000;
    // Won at gale 1 (+1.48), lost both (−6.00), yesterday's (not counted), after 18:00 (tomorrow's).
    await orders(me.botId, [
      { signal: 1, at: clearAt - 3 * HOUR, gale: 0, state: 'lost', pnl: -200 },
      { signal: 1, at: clearAt - 3 * HOUR + 300_000, gale: 1, state: 'won', pnl: 348 },
      { signal: 2, at: clearAt - 2 * HOUR, gale: 0, state: 'lost', pnl: -200 },
      { signal: 2, at: clearAt - 2 * HOUR + 300_000, gale: 1, state: 'lost', pnl: -400 },
      { signal: 3, at: clearAt - 25 * HOUR, gale: 0, state: 'won', pnl: 170 },
      { signal: 4, at: clearAt + 10 * 60_000, gale: 0, state: 'won', pnl: 170 },
    ]);
    const summaries = () => fake.textsTo(Number(me.userid)).filter((x) => x.startsWith('📊'));
    clock = clearAt - 60_000;
    await deliver();
    expect(summaries()).toEqual([]);
    clock = clearAt + 2 * 60_000;
    await deliver();
    clock += 2 * 60_000;
    await deliver();
    expect(summaries()).toEqual([
      `📊 ${me.userid}: resumen del día — 1 ganancias, 1 pérdidas, resultado -4,52.`,
    ]);
    // Switched off: the next day's results are not sent.
    await switchOff(me, 'daily');
    clock = clearAt + 86_400_000 + 2 * 60_000;
    await deliver();
    expect(summaries()).toHaveLength(1);
  });

  it('a summary more than an hour late is not sent (the receiver was down at the time)', async () => {
    // Midnight in Brasília (no clock time set), and 23:00 for the other bot.
    const midnight = Date.UTC(2026, 11, 3, 3, 0);
    clock = Math.max(clock, midnight - 86_400_000);
    const onTime = await verifiedTrader('pt-BR');
    const late = await verifiedTrader('pt-BR');
    await clearScoreAt(late, '23:00');
    for (const who of [onTime, late]) {
      await orders(who.botId, [
        { signal: 1, at: midnight - 3 * 3_600_000, gale: 0, state: 'won', pnl: 170 },
      ]);
    }
    clock = midnight + DAILY_LATE_MS - 30 * 60_000;
    await deliver();
    const summaries = (who: Trader) =>
      fake.textsTo(Number(who.userid)).filter((x) => x.startsWith('📊'));
    expect(summaries(onTime)).toEqual([
      `📊 ${onTime.userid}: resumo do dia — 1 vitórias, 0 derrotas, resultado 1,70.`,
    ]);
    expect(summaries(late)).toEqual([]);
  });
});

async function clearScoreAt(who: Trader, hourClearScore: string) {
  const saved = await callAs(app, who.cookie, api.saveReaderParams, {
    query: { userid: who.userid },
    body: { ...defaultReaderParams(), hourClearScore },
  });
  expect(saved.json()).toEqual({ ok: true });
}

describe('the queue keeps no history', () => {
  it('sent rows older than the retention window are purged; queued and recent ones stay', async () => {
    const { enqueue } = await import('./outbox.ts');
    const status = (text: string) =>
      app.deps.db
        .selectFrom('tg_outbox')
        .select('status')
        .where('text', '=', text)
        .executeTakeFirst()
        .then((r) => r?.status ?? 'purged');
    clock += 1000;
    await enqueue(app.deps.db, [{ chatId: '7300001', kind: 'orders', text: 'old, sent' }], clock);
    await app.telegramBot!.drainOnce();
    expect(await status('old, sent')).toBe('sent');
    // Never drained (the feed does not send): waiting, not history.
    await enqueue(app.deps.db, [{ chatId: '7300002', kind: 'orders', text: 'old, queued' }], clock);
    clock += OUTBOX_RETENTION_MS - 60_000;
    await enqueue(app.deps.db, [{ chatId: '7300003', kind: 'orders', text: 'recent' }], clock);
    clock += 2 * 60_000;
    await app.telegramBot!.feedOnce();
    expect(await status('old, sent')).toBe('purged');
    expect(await status('old, queued')).toBe('queued');
    expect(await status('recent')).toBe('queued');
  });

  it('one-time markers go after a week; cursors and the lease stay', async () => {
    const names = async () =>
      (await app.deps.db.selectFrom('tg_runtime').select('name').execute()).map((r) => r.name);
    expect((await names()).some((n) => n.startsWith('d:'))).toBe(true);
    clock += 7 * 86_400_000 + 60_000;
    await app.telegramBot!.feedOnce();
    const left = await names();
    expect(left.filter((n) => n.startsWith('d:') || n.startsWith('fa:'))).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(['activity', 'follows', 'follows-answered']));
  });
});

async function switchOff(who: Trader, kind: keyof TelegramKinds) {
  const kinds = Object.fromEntries(TELEGRAM_NOTIFY_KINDS.map((k) => [k, k !== kind]));
  const res = await callAs(app, who.cookie, api.saveTelegramNotifications, {
    body: { userid: who.userid, kinds },
  });
  expect(res.statusCode).toBe(200);
}

/** Settled orders in the bot's ledger, as the robot writes them. */
async function orders(
  botId: number,
  list: { signal: number; at: number; gale: number; state: 'won' | 'lost'; pnl: number }[],
) {
  // Signal ids of the test's own: far from the ones the app's tables hold.
  const base = botId * 1000;
  await app.deps.db
    .insertInto('orders')
    .values(
      list.map((o, i) => ({
        bot_id: botId,
        signal_id: base + o.signal,
        client_ref: `t:${botId}:${i}`,
        session_ref: `t:${botId}`,
        gale_level: o.gale,
        broker_id: 1,
        account_type: 1,
        asset: 'EURUSD',
        direction: 'CALL' as const,
        stake_cents: 200,
        payout_pct: 87,
        state: o.state,
        send_at: o.at,
        expires_at: o.at + 60_000,
        settled_at: o.at + 60_000,
        pnl_cents: o.pnl,
        created_at: o.at,
      })),
    )
    .execute();
}
