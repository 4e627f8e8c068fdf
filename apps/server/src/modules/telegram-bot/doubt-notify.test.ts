import { endpoints as api, TELEGRAM_NOTIFY_KINDS } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestApp, registerAndLogin } from '../../test/app.ts';
import { startFakeBotApi, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { createChannel, post, subscribe, type Trader } from '../../test/reader.ts';

// A doubt reaches the trader's chat: the reader's feed line becomes one
// message "Não entendi esta mensagem do canal X: … — toque para ensinar" with a link to the
// tester holding that message by its id, at most one per channel per 10 minutes, over a local
// fake of the Bot API, the clock moved by hand.

const T0 = Date.UTC(2026, 4, 12, 17, 0, 0); // 14:00 on the channel's clock (UTC−3)
let clock = T0;
let fake: FakeBotApi;
let app: FastifyInstance;
let close: () => Promise<void>;
let me: Trader;
let vip: string;

beforeAll(async () => {
  fake = await startFakeBotApi({ now: () => clock });
  ({ app, close } = await createTestApp({
    now: () => clock,
    publicUrl: 'https://robo.test',
    telegramBot: { token: fake.token, apiRoot: fake.url, run: false, webhookTimeLimitMs: 100 },
    messenger: undefined,
  }));
  await app.telegramBot!.ready();
  me = await registerAndLogin(app);
  // The bot's id proven (the verification flows have their own tests) and its chat open.
  await app.deps.db
    .updateTable('bots')
    .set({ verified: true })
    .where('userid', '=', me.userid)
    .execute();
  fake.startChat(Number(me.userid));
  await app.telegramBot!.feedOnce(); // the feed's cursor starts after what is there
  vip = await createChannel(app, me, 'Sala VIP');
  await subscribe(app, me, [{ idNum: vip, name: 'Sala VIP' }]);
});
afterAll(async () => {
  await close();
  await fake.close();
});

/** Feeds the activity into the queue, then drains it a second at a time. */
async function deliver(): Promise<void> {
  await app.telegramBot!.feedOnce();
  for (let i = 0; i < 20; i++) {
    await app.telegramBot!.drainOnce();
    clock += 1000;
  }
}
/** The doubts the trader's chat got (its verification code went there too). */
const chat = () =>
  fake.sent.filter((m) => m.chat_id === Number(me.userid) && m.text.startsWith('❓'));

describe('a doubt in the chat', () => {
  it('sends one message with the tester link holding the message, then waits 10 minutes', async () => {
    const id = await post(app, me, vip, 'EURUSD 14:30 ALTA');
    await app.reader.runOnce();
    await deliver();
    const [told] = chat();
    const link = `https://robo.test/signal-tester?channel=${encodeURIComponent(vip)}&message=${id}`;
    expect(told?.text).toBe(
      `❓ ${me.userid} (Simulador): Não entendi esta mensagem do canal Sala VIP: “EURUSD 14:30 ALTA” — toque para ensinar: ${link}`,
    );
    expect(told?.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Ensinar o robô', url: link }]],
    });
    // No secret in the link: the tester shows the message only to a bot that reads those rooms.
    expect(link).not.toMatch(/token|sid|secret/);

    await post(app, me, vip, 'GBPUSD 14:40 ALTA');
    await app.reader.runOnce();
    await deliver();
    expect(chat()).toHaveLength(1);
    const doubts = await callAs(app, me.cookie, api.getChannelDoubts, {
      query: { userid: me.userid },
    });
    expect(doubts.json()).toMatchObject([{ idNum: vip, unsent: 1 }]);

    clock = T0 + 11 * 60_000;
    await post(app, me, vip, 'USDJPY 14:50 ALTA');
    await app.reader.runOnce();
    await deliver();
    expect(chat()).toHaveLength(2);
    expect(chat()[1]?.text).toContain('“USDJPY 14:50 ALTA”');
  });

  it('sends nothing when the trader switched doubts off, and the feed line stays', async () => {
    const kinds = Object.fromEntries(TELEGRAM_NOTIFY_KINDS.map((k) => [k, k !== 'doubts']));
    const saved = await callAs(app, me.cookie, api.saveTelegramNotifications, {
      body: { userid: me.userid, kinds },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = chat().length;
    clock += 11 * 60_000;
    await post(app, me, vip, 'AUDCAD 15:30 ALTA');
    await app.reader.runOnce();
    await deliver();
    expect(chat()).toHaveLength(before);
    const feed = await callAs(app, me.cookie, api.tradingActivity, {
      query: { userid: me.userid },
    });
    expect(JSON.stringify(feed.json().items[0].message)).toContain('AUDCAD 15:30 ALTA');
  });
});
