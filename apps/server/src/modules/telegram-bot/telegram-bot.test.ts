import {
  endpoints as api,
  defaultReaderParams,
  TELEGRAM_NOTIFY_KINDS,
  type TelegramKinds,
  AccountType,
  virtualBotIdCandidates,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { redeemStartToken, START_TOKEN_TTL_MS, START_TOKENS_PER_BOT } from './start-tokens.ts';
import { TAKE_BACK_DAYS } from './take-back.ts';

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
    telegramBot: { token: fake.token, apiRoot: fake.url, run: false, webhookTimeLimitMs: 100 },
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

/** Drains the outbox, the clock moving a second at a time, until nothing is queued. */
async function drainAll(): Promise<void> {
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

/** One poll of the fake, its updates handled, then what they queued sent. */
async function poll(): Promise<number> {
  const handled = await app.telegramBot!.pollOnce();
  await drainAll();
  return handled;
}

describe('the operator bot', () => {
  it('reads its username with getMe and tells the panel', async () => {
    const config = (await app.inject({ method: 'GET', url: '/api/config' })).json() as {
      telegramBot: string | null;
    };
    expect(config.telegramBot).toBe(fake.username);
    expect(fake.calls.some((c) => c.method === 'getMe')).toBe(true);
  });

  it('sends the 6-digit fallback code through Telegram, not the outbox file', async () => {
    const account = newAccount();
    fake.startChat(Number(account.userid));
    const me = await registerAndLogin(app, account);
    await drainAll();
    expect(lastCodeSentTo(me.userid)).toBeUndefined();
    expect(lastTextTo(me)).toMatch(/\d{6}/);
  });
});

/**
 * Taps a verification link from `who`'s chat: /start <token>, then, on the confirmation that
 * shows the claiming account, the second tap (`yes`: "Sim, sou eu", else "Não reconheço").
 * Returns the confirmation (its text before the second tap) and the answer it became.
 */
async function tap(who: Trader | string, token: string, yes = true, language = 'pt') {
  const chat = Number(typeof who === 'string' ? who : who.userid);
  fake.sendText({ id: chat, language_code: language }, `/start ${token}`);
  await poll();
  const question = fake.sent.filter((m) => m.chat_id === chat).at(-1)!;
  const asked = question.text;
  const buttons = (
    question.reply_markup as { inline_keyboard?: { text: string; callback_data: string }[][] }
  )?.inline_keyboard?.flat();
  if (!buttons || buttons.length === 0) {
    clock += 1000;
    return { asked, answer: asked, buttons: [] };
  }
  clock += 1000; // a person's second tap; the chat is paced at one update a second
  fake.pressButton({ id: chat, language_code: language }, question, `v${yes ? 'y' : 'n'}:${token}`);
  await poll();
  clock += 1000;
  return { asked, answer: question.text, buttons: buttons.map((b) => b.text) };
}

describe('verify by a tap', () => {
  it('a link for the pending bot verifies it when its own chat confirms with a second tap', async () => {
    const me = await registerAndLogin(app);
    const { url } = await verifyLink(me);
    expect(url).toMatch(new RegExp(`^https://t\\.me/${fake.username}\\?start=v[\\w-]{32}$`));
    const { asked, answer, buttons } = await tap(me, tokenOf(url!));
    const masked = `${me.email[0]}***@example.com`;
    expect(asked).toBe(
      `A conta ${masked} do painel pediu o ID ${me.userid}. Foi você? Confirme só se essa conta é sua: quem confirmar fica com o ID.`,
    );
    expect(buttons).toEqual(['✅ Sim, sou eu', '🚫 Não reconheço']);
    expect(answer).toContain(`Bot ${me.userid} verificado`);
    expect(await bots(me)).toMatchObject([{ userid: me.userid, verified: true }]);
    // Once verified, the panel gets no link.
    expect((await verifyLink(me)).url).toBeNull();
  });

  it("a squatter's link tapped by the owner shows the squatter's masked e-mail and verifies nothing without the second tap; 'Não reconheço' keeps the owner's own claim", async () => {
    const owner = await registerAndLogin(app);
    const squatter = await registerAndLogin(app, {
      ...newAccount(),
      email: `zq${Date.now() % 100000}@squat.example`,
      userid: owner.userid,
    });
    const link = tokenOf((await verifyLink(squatter)).url!);
    fake.sendText(user(owner, 'pt'), `/start ${link}`);
    await poll();
    expect(lastTextTo(owner)).toContain('A conta z***@squat.example do painel pediu o ID');
    // Only the first tap: nothing is verified.
    const pending = () =>
      app.deps.db
        .selectFrom('bots')
        .select(['account_id', 'verified'])
        .where('userid', '=', owner.userid)
        .orderBy('id')
        .execute();
    expect((await pending()).map((r) => Boolean(r.verified))).toEqual([false, false]);
    clock += 1000;
    const { answer } = await tap(owner, link, false);
    expect(answer).toBe(
      `Pedido recusado: a conta z***@squat.example não fica com o ID ${owner.userid}. Seus outros cadastros continuam como estão.`,
    );
    // The squatter's claim is gone (its account stays); the owner's own claim is untouched.
    expect(await bots(owner)).toMatchObject([{ userid: owner.userid, verified: false }]);
    expect((await pending()).length).toBe(1);
    expect((await login(squatter)).statusCode).toBe(200);
    // And the owner's own link still verifies.
    expect((await tap(owner, tokenOf((await verifyLink(owner)).url!))).answer).toContain(
      'verificado',
    );
  });

  it('another chat cannot use the token; the token still works for the right chat afterwards', async () => {
    const me = await registerAndLogin(app);
    const intruder = await registerAndLogin(app);
    const { url } = await verifyLink(me);
    const refused = await tap(intruder, tokenOf(url!), true, 'en');
    expect(refused.answer).toContain('another Telegram account');
    expect(await bots(me)).toMatchObject([{ verified: false }]);
    expect(await bots(intruder)).toMatchObject([{ verified: false }]);
    expect((await tap(me, tokenOf(url!), true, 'es')).answer).toContain('verificado');
    expect(await bots(me)).toMatchObject([{ verified: true }]);
  });

  it('a token is single-use and expires', async () => {
    const me = await registerAndLogin(app);
    const first = tokenOf((await verifyLink(me)).url!);
    const second = tokenOf((await verifyLink(me)).url!);
    clock += START_TOKEN_TTL_MS + 1;
    expect((await tap(me, first, true, 'en')).answer).toContain('expired or was already used');
    expect(await bots(me)).toMatchObject([{ verified: false }]);
    const third = tokenOf((await verifyLink(me)).url!);
    expect((await tap(me, third, true, 'en')).answer).toContain('verified');
    expect((await tap(me, third, true, 'en')).answer).toContain('expired or was already used');
    // The second token was not spent, but its bot is verified now.
    expect((await tap(me, second, true, 'en')).answer).toContain('expired or was already used');
  });

  it('a tap that lost to another proof of the id gets a clear answer; nothing changes', async () => {
    const first = await registerAndLogin(app);
    const second = await registerAndLogin(app, { ...newAccount(), userid: first.userid });
    const firstToken = tokenOf((await verifyLink(first)).url!);
    const secondToken = tokenOf((await verifyLink(second)).url!);
    // The second account's proof commits while the first's tap is under way: the first tap's
    // claim is still there but the id is held (markVerified's 409).
    fake.sendText(user(first, 'en'), `/start ${firstToken}`);
    await poll();
    const question = fake.sent.filter((m) => m.chat_id === Number(first.userid)).at(-1)!;
    await app.deps.db
      .updateTable('bots')
      .set({ verified: true })
      .where('userid', '=', first.userid)
      .where('email', '=', second.email)
      .execute();
    clock += 1000;
    fake.pressButton(user(first, 'en'), question, `vy:${firstToken}`);
    await poll();
    expect(question.text).toBe(
      `ID ${first.userid} is already verified in a registration of the robot. Log in to the panel with that registration’s account.`,
    );
    expect(await bots(first)).toMatchObject([{ userid: first.userid, verified: false }]);
    expect(await bots(second)).toMatchObject([{ userid: first.userid, verified: true }]);
    // Its holder tapping its own link again is told so, as before.
    clock += 1000;
    expect((await tap(first, secondToken, true, 'es')).answer).toBe(
      `El bot ${first.userid} ya está verificado.`,
    );
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
    const account = newAccount();
    fake.startChat(Number(account.userid));
    const first = await registerAndLogin(app, account);
    await drainAll();
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

  it('1,000 link requests keep at most 5 live tokens for the bot; the newest works', async () => {
    const me = await registerAndLogin(app);
    let last = '';
    for (let i = 0; i < 1000; i++) last = tokenOf((await verifyLink(me)).url!);
    const row = await app.deps.db
      .selectFrom('bots')
      .select('id')
      .where('userid', '=', me.userid)
      .executeTakeFirstOrThrow();
    const tokens = await app.deps.db
      .selectFrom('tg_start_tokens')
      .select('token_hash')
      .where('bot_id', '=', row.id)
      .execute();
    expect(tokens).toHaveLength(START_TOKENS_PER_BOT);
    expect((await tap(me, last)).answer).toContain('verificado');
  });

  it('the stored token is a hash, never the token', async () => {
    const me = await registerAndLogin(app);
    const token = tokenOf((await verifyLink(me)).url!);
    const rows = await app.deps.db.selectFrom('tg_start_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash.includes(token))).toBe(false);
  });
});

describe('taking an id back', () => {
  /** An owner tricked into tapping "Sim, sou eu" on a squatter's link: the squatter holds the id. */
  async function squatted() {
    const owner = await registerAndLogin(app);
    const squatter = await registerAndLogin(app, {
      ...newAccount(),
      email: `zq${Date.now() % 100000}@squat.example`,
      userid: owner.userid,
    });
    const squatterLink = tokenOf((await verifyLink(squatter)).url!);
    expect((await tap(owner, squatterLink)).answer).toContain('verificado');
    expect(await bots(squatter)).toMatchObject([{ userid: owner.userid, verified: true }]);
    const held = await app.deps.db
      .selectFrom('bots')
      .select('verified_at')
      .where('userid', '=', owner.userid)
      .executeTakeFirstOrThrow();
    return { owner, squatter, verifiedAt: Number(held.verified_at) };
  }
  const register = (userid: string) =>
    app.inject({ method: 'POST', url: '/api/botregister', payload: { ...newAccount(), userid } });
  /** The chat's last message with its buttons, as Telegram shows it. */
  const lastMessageTo = (who: Trader) =>
    fake.sent.filter((m) => m.chat_id === Number(who.userid)).at(-1)!;
  const buttonsOf = (m: { reply_markup?: unknown }) =>
    (
      m.reply_markup as { inline_keyboard?: { text: string; callback_data: string }[][] }
    )?.inline_keyboard?.flat() ?? [];

  it("a fresh /start from the id's chat shows who holds it by a tap; one more tap takes it back and the old account is told why", async () => {
    const { owner, squatter, verifiedAt } = await squatted();
    // Before: the owner's new registration on its own id is refused.
    expect((await register(owner.userid)).statusCode).toBe(409);
    fake.sendText(user(owner, 'pt'), '/start');
    await poll();
    const offer = lastMessageTo(owner);
    const date = new Intl.DateTimeFormat('pt-BR', {
      dateStyle: 'short',
      timeStyle: 'short',
      timeZone: 'UTC',
    }).format(verifiedAt);
    expect(offer.text).toBe(
      `O ID ${owner.userid} está no painel da conta z***@squat.example, confirmado por um toque neste chat em ${date} UTC. Se não foi você, retome-o: essa conta deixa de controlá-lo e vê o motivo no painel.`,
    );
    const [button] = buttonsOf(offer);
    expect(button?.text).toBe('↩️ Não fui eu: retomar o ID');
    // Only the offer: nothing changed yet.
    expect(await bots(squatter)).toMatchObject([{ verified: true }]);
    clock += 1000;
    const pressedAt = clock;
    fake.pressButton(user(owner, 'pt'), offer, button!.callback_data);
    await poll();
    expect(offer.text).toBe(
      `✅ ID ${owner.userid} retomado: a conta z***@squat.example não o controla mais e vê o motivo no painel. Para usar o robô com ele, cadastre-se ou adicione o bot no seu painel e verifique.`,
    );
    expect(buttonsOf(offer)).toEqual([]);
    // The old account: its bot is pending again and says when the id's chat took it back.
    expect(await bots(squatter)).toEqual([
      expect.objectContaining({ userid: owner.userid, verified: false, takenBackAt: pressedAt }),
    ]);
    expect((await login(squatter)).statusCode).toBe(200);
    // The chat no longer commands the squatter's bot.
    clock += 1000;
    fake.sendText(user(owner, 'pt'), '/status');
    await poll();
    expect(lastTextTo(owner)).toBe(
      'Este chat não tem um bot verificado. Cadastre-se e verifique seu bot no painel.',
    );
    // The owner claims the id again and proves it; the squatter's pending claim is dropped.
    clock += 1000;
    const again = await registerAndLogin(app, { ...newAccount(), userid: owner.userid });
    expect((await tap(again, tokenOf((await verifyLink(again)).url!))).answer).toContain(
      'verificado',
    );
    expect(await bots(again)).toMatchObject([{ userid: owner.userid, verified: true }]);
    expect(await bots(squatter)).toEqual([]);
    // A take-back is spent: the button again finds nothing to take.
    clock += 1000;
    fake.pressButton(user(owner, 'en'), offer, button!.callback_data);
    await poll();
    expect(offer.text).toBe(
      `Nothing to take back: ID ${owner.userid} is not held by a recent tap.`,
    );
  });

  /** The squatter derives a virtual bot from the id it holds; the id's chat then takes the id back. */
  async function takenBackWithVirtual() {
    const held = await squatted();
    const { owner, squatter } = held;
    const virtualId = virtualBotIdCandidates(owner.userid)[0]!;
    const added = await callAs(app, squatter.cookie, api.addBot, {
      body: { userid: owner.userid, botid: virtualId, virtual: true },
    });
    expect(added.statusCode).toBe(200);
    fake.sendText(user(owner, 'pt'), '/start');
    await poll();
    const offer = lastMessageTo(owner);
    clock += 1000;
    const pressedAt = clock;
    fake.pressButton(user(owner, 'pt'), offer, buttonsOf(offer)[0]!.callback_data);
    await poll();
    return { ...held, virtualId, pressedAt };
  }

  it("suspends the holder's virtual bots derived from the id; the owner's proof removes them and frees their ids", async () => {
    const { owner, squatter, virtualId, pressedAt } = await takenBackWithVirtual();
    // Both of the squatter's bots stop: the id's bot and the virtual one derived from it.
    expect(await bots(squatter)).toEqual([
      expect.objectContaining({ userid: owner.userid, verified: false, takenBackAt: pressedAt }),
      expect.objectContaining({ userid: virtualId, verified: false, takenBackAt: pressedAt }),
    ]);
    // The owner claims and proves the id: the squatter's suspended virtual bot goes with the claim.
    clock += 1000;
    const again = await registerAndLogin(app, { ...newAccount(), userid: owner.userid });
    expect((await tap(again, tokenOf((await verifyLink(again)).url!))).answer).toContain(
      'verificado',
    );
    expect(await bots(squatter)).toEqual([]);
    // The derived id is the owner's to take.
    const derived = await callAs(app, again.cookie, api.addBot, {
      body: { userid: owner.userid, botid: virtualId, virtual: true },
    });
    expect(derived.statusCode).toBe(200);
    expect(await bots(again)).toMatchObject([
      { userid: owner.userid, verified: true },
      { userid: virtualId, verified: true },
    ]);
  });

  it('trades the suspended virtual bot again when the same account proves the id again', async () => {
    const { owner, squatter, virtualId } = await takenBackWithVirtual();
    expect(await bots(squatter)).toMatchObject([
      { userid: owner.userid, verified: false },
      { userid: virtualId, verified: false },
    ]);
    clock += 1000;
    // The owner, tricked once more, taps the squatter's new link: the squatter holds the id again.
    expect((await tap(owner, tokenOf((await verifyLink(squatter)).url!))).answer).toContain(
      'verificado',
    );
    expect(await bots(squatter)).toMatchObject([
      { userid: owner.userid, verified: true },
      { userid: virtualId, verified: true },
    ]);
    expect(await bots(squatter)).not.toContainEqual(
      expect.objectContaining({ takenBackAt: expect.anything() }),
    );
  });

  it(`is offered for ${TAKE_BACK_DAYS} days after the tap, never for an id proven by the code, and only to the id's own chat`, async () => {
    const { owner, squatter } = await squatted();
    const heldBy = await app.deps.db
      .selectFrom('bots')
      .select('id')
      .where('userid', '=', owner.userid)
      .executeTakeFirstOrThrow();
    // Another chat pressing a forged button takes nothing.
    const other = await registerAndLogin(app);
    fake.sendText(user(other, 'en'), '/start');
    await poll();
    clock += 1000;
    const otherMessage = lastMessageTo(other);
    expect(buttonsOf(otherMessage)).toEqual([]);
    fake.pressButton(user(other, 'en'), otherMessage, `tb:${heldBy.id}`);
    await poll();
    expect(otherMessage.text).toBe(
      `Nothing to take back: ID ${other.userid} is not held by a recent tap.`,
    );
    expect(await bots(squatter)).toMatchObject([{ verified: true }]);
    // Past the window (the tap made TAKE_BACK_DAYS ago to the millisecond), a fresh /start
    // offers nothing and an old button takes nothing. The row's instant moves, not the clock:
    // the sessions and queues of the tests after this one live on.
    await app.deps.db
      .updateTable('bots')
      .set({ verified_at: clock - TAKE_BACK_DAYS * 86_400_000 })
      .where('id', '=', heldBy.id)
      .execute();
    fake.sendText(user(owner, 'es'), '/start');
    await poll();
    expect(lastTextTo(owner)).toContain(`Tu ID de Telegram es ${owner.userid}`);
    clock += 1000;
    fake.pressButton(user(owner, 'es'), lastMessageTo(owner), `tb:${heldBy.id}`);
    await poll();
    expect(await bots(squatter)).toMatchObject([{ verified: true }]);
    // An id proven by its 6-digit code: a /start shows the id and the link only.
    const account = newAccount();
    fake.startChat(Number(account.userid));
    const byCode = await registerAndLogin(app, account);
    await drainAll();
    const code = /\d{6}/.exec(lastTextTo(byCode) ?? '')![0];
    expect(
      (await callAs(app, byCode.cookie, api.verifyBot, { body: { userid: byCode.userid, code } }))
        .statusCode,
    ).toBe(200);
    clock += 1000;
    const before = fake.textsTo(Number(byCode.userid)).length;
    fake.sendText(user(byCode, 'pt'), '/start');
    await poll();
    expect(fake.textsTo(Number(byCode.userid)).slice(before)).toEqual([
      `Olá! Seu ID do Telegram é ${byCode.userid}.\nUse-o para se cadastrar no robô: http://robo.test/cadastrar?userid=${byCode.userid}`,
    ]);
  });
});

describe('/start without a token', () => {
  it('answers with the id and the registration link, in the user language (pt by default)', async () => {
    fake.sendText({ id: 5550001 }, '/start');
    fake.sendText({ id: 5550002, language_code: 'en' }, '/start');
    fake.sendText({ id: 5550003, language_code: 'es-419' }, '/start');
    await poll();
    expect(lastTextTo('5550001')).toBe(
      'Olá! Seu ID do Telegram é 5550001.\nUse-o para se cadastrar no robô: http://robo.test/cadastrar?userid=5550001',
    );
    expect(lastTextTo('5550002')).toContain('Your Telegram ID is 5550002');
    expect(lastTextTo('5550003')).toContain('Tu ID de Telegram es 5550003');
  });

  it("a seller's link adds the sellerid", async () => {
    fake.sendText({ id: 5550004, language_code: 'pt' }, '/start s_seller42');
    await poll();
    expect(lastTextTo('5550004')).toContain(
      'http://robo.test/cadastrar?userid=5550004&sellerid=seller42',
    );
  });
});

describe('the webhook', () => {
  const startUpdate = (updateId: number, chatId: number) => ({
    update_id: updateId,
    message: {
      message_id: 1,
      date: 1,
      chat: { id: chatId, type: 'private' },
      from: { id: chatId, is_bot: false, first_name: 'T' },
      text: '/start',
      entities: [{ type: 'bot_command', offset: 0, length: 6 }],
    },
  });
  const post = (payload: unknown, secret = webhookSecret(fake.token)) =>
    app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });

  it('accepts an update only with the secret-token header; the refusal is in the error envelope', async () => {
    fake.startChat(5550005);
    const wrong = await post(startUpdate(1, 5550005), 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'errors.unauthenticated', message: expect.any(String) },
    });
    await drainAll();
    expect(lastTextTo('5550005')).toBeUndefined();
    const right = await post(startUpdate(1, 5550005));
    expect(right.statusCode).toBe(200);
    await drainAll();
    expect(lastTextTo('5550005')).toContain('5550005');
  });

  it('handles an update Telegram delivers twice once', async () => {
    fake.startChat(5550006);
    expect((await post(startUpdate(2, 5550006))).statusCode).toBe(200);
    expect((await post(startUpdate(2, 5550006))).statusCode).toBe(200);
    await drainAll();
    expect(fake.textsTo(5550006)).toHaveLength(1);
  });

  it('answers 400 in the envelope to a body that is no update, with the right secret', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    for (const body of ['null', deep, '"text"', '{"update_id":"x"}', '{}', '{"update_id":-1}']) {
      const res = await post(body);
      expect(res.statusCode, body.slice(0, 20)).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toMatch(/^errors\./);
    }
  });

  it('answers within its time limit while the handling waits; the update is handled after', async () => {
    fake.startChat(5550007);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Another delivery of update 3 is being recorded (not committed): this one waits behind it.
    const holding = app.deps.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('tg_updates').values({ update_id: 3, received_at: clock }).execute();
        await released;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const answered = await post(startUpdate(3, 5550007));
    expect(answered.statusCode).toBe(200);
    release();
    await holding;
    await vi.waitFor(
      async () => {
        await drainAll();
        expect(lastTextTo('5550007')).toContain('5550007');
      },
      { timeout: 5_000 },
    );
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
  await tap(me, tokenOf(url));
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
  await drainAll();
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
      `📈 ${me.userid} (Simulator): order sent — EURUSD CALL, stake 2.50, entry.`,
      `❌ ${me.userid} (Simulator): loss on EURUSD (gale 1): -2.50 · balance 97.50.`,
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
      `⛔ ${me.userid} (Simulador): robô parado — stop loss.`,
      `⏸ ${me.userid} (Simulador): robô desligado.`,
      `🚫 ${me.userid} (Simulador): sinal EURUSD PUT recusado — Limite de ordens do dia atingido.`,
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
      doubts: true,
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
      `⏸ ${me.userid} (Simulador): robot apagado.`,
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
    expect(lastTextTo(me)).toBe(`⏸ ${me.userid} (Simulador): robot apagado.`);
    // The trader switches the panel to English: from then on, English.
    await openNotifications(me, {
      cookie: `${me.cookie}; i18next=en-US`,
      'accept-language': 'es-ES',
    });
    await off();
    await deliver();
    expect(lastTextTo(me)).toBe(`⏸ ${me.userid} (Simulator): robot switched off.`);
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
    fake.startChat(...chats.map(Number));
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
    fake.startChat(7200001);
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

describe('what Telegram refuses or fails', () => {
  const sendCalls = (chatId: number) =>
    fake.calls.filter((c) => c.method === 'sendMessage' && Number(c.params.chat_id) === chatId)
      .length;

  it('a 5xx or a dropped network keeps the row and pauses sending, 1 s then doubling', async () => {
    const { enqueue } = await import('./outbox.ts');
    clock += 60_000;
    fake.startChat(7400001);
    await enqueue(
      app.deps.db,
      [{ chatId: '7400001', kind: 'orders', text: 'after the outage' }],
      clock,
    );
    fake.failNext(3, { status: 502, html: true, method: 'sendMessage' });
    const pausedFor = () =>
      new Date(app.telegramBot!.status().sendingPausedUntil).getTime() - clock;
    expect(await app.telegramBot!.drainOnce()).toBe(0);
    expect(pausedFor()).toBe(1000);
    // Paused: the next passes do not even try.
    expect(await app.telegramBot!.drainOnce()).toBe(0);
    expect(sendCalls(7400001)).toBe(1);
    clock += 1000;
    expect(await app.telegramBot!.drainOnce()).toBe(0);
    expect(pausedFor()).toBe(2000);
    clock += 2000;
    expect(await app.telegramBot!.drainOnce()).toBe(0);
    expect(pausedFor()).toBe(4000);
    clock += 4000;
    expect(await app.telegramBot!.drainOnce()).toBe(1);
    expect(sendCalls(7400001)).toBe(4);
    expect(lastTextTo('7400001')).toBe('after the outage');
  });

  it('a text above 4096 characters is cut, not lost; a row Telegram refuses drops alone', async () => {
    const { enqueue } = await import('./outbox.ts');
    clock += 60_000;
    fake.startChat(7400002, 7400003);
    await enqueue(
      app.deps.db,
      [
        { chatId: '7400002', kind: 'follows', text: `👥 ${'A'.repeat(5000)}` },
        {
          chatId: '7400003',
          kind: 'answer',
          text: 'bad button',
          markup: { inline_keyboard: [[{ text: 'x', callback_data: 'x'.repeat(65) }]] },
        },
        { chatId: '7400003', kind: 'answer', text: 'the next one' },
      ],
      clock,
    );
    await drainAll();
    const long = lastTextTo('7400002')!;
    expect(long).toHaveLength(4096);
    expect(long.endsWith('…')).toBe(true);
    expect(fake.textsTo(7400003)).toEqual(['the next one']);
    const refused = await app.deps.db
      .selectFrom('tg_outbox')
      .select('status')
      .where('text', '=', 'bad button')
      .executeTakeFirstOrThrow();
    expect(refused.status).toBe('failed');
  });

  it('a code for someone who never wrote to the bot waits, and goes when they do', async () => {
    const me = await registerAndLogin(app);
    await drainAll();
    // Telegram: "chat not found" (a bot cannot start a conversation).
    expect(fake.textsTo(Number(me.userid))).toEqual([]);
    const waiting = await app.deps.db
      .selectFrom('tg_outbox')
      .select(['status', 'text'])
      .where('chat_id', '=', me.userid)
      .execute();
    expect(waiting).toMatchObject([{ status: 'waiting' }]);
    // Stored sealed, never as the readable code.
    expect(waiting[0]!.text).not.toMatch(/\d{6}/);
    fake.sendText(user(me, 'pt'), '/start');
    await poll();
    const texts = fake.textsTo(Number(me.userid));
    expect(texts.some((t) => /\d{6}/.test(t))).toBe(true);
    const code = /\d{6}/.exec(texts.find((t) => /\d{6}/.test(t))!)![0];
    const verified = await callAs(app, me.cookie, api.verifyBot, {
      body: { userid: me.userid, code },
    });
    expect(verified.statusCode).toBe(200);
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
    await poll();
    expect(await status()).toBe(true);
    await activity(me.botId, 'robot.activity.off', {});
    await deliver();
    expect(lastTextTo(me)).toBe(`⏸ ${me.userid} (Simulator): robot switched off.`);
  });
});

describe('commands from the chat', () => {
  it('/menu shows botCmd 1–16 as buttons; a button queues the command and the reply replaces the message', async () => {
    const me = await verifiedTrader('en-US');
    fake.sendText(user(me, 'en'), '/menu');
    await poll();
    const menu = fake.sent.filter((m) => m.chat_id === Number(me.userid)).at(-1)!;
    expect(menu.text).toBe(`Commands of bot ${me.userid}:`);
    const rows = (
      menu.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }
    ).inline_keyboard;
    // Two buttons a row, and no empty row at the end.
    expect(rows.map((r) => r.length)).toEqual(Array.from({ length: 8 }, () => 2));
    const buttons = rows.flat();
    expect(buttons.map((b) => b.callback_data)).toEqual(
      Array.from({ length: 16 }, (_, i) => `c:${i + 1}:${me.userid}`),
    );
    clock += 1000; // the chat is paced at one update a second
    fake.pressButton(user(me, 'en'), menu, `c:16:${me.userid}`);
    await poll();
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
          params: { accountType: AccountType.demo, balanceCents: 123456, profitCents: 300 },
        }),
      })
      .where('id', '=', queued.id)
      .execute();
    await deliver();
    expect(waiting.text).toBe(
      `Balance — ${me.userid}\nDemo account · balance: 1,234.56 · result: 3.00`,
    );
  });

  it('/status and /placar queue commands 3 and 5; a chat without a verified bot is refused', async () => {
    const me = await verifiedTrader('pt-BR');
    fake.sendText(user(me, 'pt'), '/status');
    await poll();
    clock += 1000;
    fake.sendText(user(me, 'pt'), '/placar');
    await poll();
    const codes = await app.deps.db
      .selectFrom('bot_commands')
      .select('code')
      .where('bot_id', '=', me.botId)
      .orderBy('id')
      .execute();
    expect(codes.map((c) => c.code)).toEqual([3, 5]);
    const pending = await registerAndLogin(app);
    fake.sendText(user(pending, 'pt'), '/menu');
    await poll();
    expect(lastTextTo(pending)).toContain('não tem um bot verificado');
  });

  it('free text and an unknown command get an answer that says what the bot understands', async () => {
    const me = await verifiedTrader('es-ES');
    clock += 1000;
    fake.sendText(user(me, 'es'), 'hola, ¿cómo va?');
    await poll();
    expect(lastTextTo(me)).toContain('No entendí. Los comandos del robot: /menu');
    clock += 1000;
    fake.sendText(user(me, 'es'), '/saldo');
    await poll();
    expect(lastTextTo(me)).toContain('No entendí');
    const stranger = await registerAndLogin(app);
    clock += 1000;
    fake.sendText(user(stranger, 'en'), 'hello');
    await poll();
    expect(lastTextTo(stranger)).toContain("I didn't understand");
  });

  it('a flood from one chat is paced: 300 /status in a second queue one command, one "aguarde"', async () => {
    const me = await verifiedTrader('pt-BR');
    clock += 1000;
    const before = fake.textsTo(Number(me.userid)).length;
    for (let i = 0; i < 300; i++) fake.sendText(user(me, 'pt'), '/status');
    while ((await app.telegramBot!.pollOnce()) > 0);
    await drainAll();
    const commands = await app.deps.db
      .selectFrom('bot_commands')
      .select('code')
      .where('bot_id', '=', me.botId)
      .execute();
    expect(commands).toHaveLength(1);
    expect(fake.textsTo(Number(me.userid)).slice(before)).toEqual([
      `Status — ${me.userid}\nComando enviado ao robô…`,
      '⏳ Aguarde um instante: o robô atende um comando por segundo.',
    ]);
    // A second later the chat is heard again.
    clock += 1000;
    fake.sendText(user(me, 'pt'), '/placar');
    await poll();
    expect(
      await app.deps.db
        .selectFrom('bot_commands')
        .select('code')
        .where('bot_id', '=', me.botId)
        .execute(),
    ).toHaveLength(2);
  });

  it('a button naming another chat’s bot does nothing', async () => {
    const me = await verifiedTrader('en-US');
    const other = await verifiedTrader('en-US');
    fake.sendText(user(me, 'en'), '/menu');
    await poll();
    const menu = fake.sent.filter((m) => m.chat_id === Number(me.userid)).at(-1)!;
    clock += 1000;
    fake.pressButton(user(me, 'en'), menu, `c:2:${other.userid}`);
    await poll();
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
    expect(texts()[0]).toMatch(
      new RegExp(`^⏳ ${me.userid} \\(Simulator\\): the robot expires in 3 days \\(`),
    );
    await setExpiry(nowSec - 60);
    await deliver();
    await deliver();
    expect(texts()).toHaveLength(2);
    expect(texts()[1]).toBe(
      `⌛ ${me.userid} (Simulator): the robot has expired and stopped trading. Renew it in the panel.`,
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
    expect(paid).toEqual([`💳 Pagamento confirmado: 30 dias para ${me.userid} (Simulador).`]);
  });
});

describe('reader disconnected, follow requests and the daily summary', () => {
  it('the reader going down reaches the chat in the panel language, unless switched off', async () => {
    const me = await verifiedTrader('es-ES');
    await activity(me.botId, 'robot.activity.readerDown', {});
    await deliver();
    expect(lastTextTo(me)).toBe(
      `📡 ${me.userid} (Simulador): el lector de Telegram se desconectó. Reconéctalo en el panel.`,
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
      `👥 ${trader.userid} (Simulator): Ana (${follower.userid}) asked to copy you. Answer in the panel.`,
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
      `👥 ${follower.userid} (Simulador): o trader ${trader.userid} aceitou seu pedido de cópia.`,
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
      `📊 ${me.userid} (Simulador): resumen del día — marcador por señal 1 × 1, resultado -4,52.`,
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
      `📊 ${onTime.userid} (Simulador): resumo do dia — placar por sinal 1 × 0, resultado 1,70.`,
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
    fake.startChat(7300001);
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
        account_type: AccountType.demo,
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
