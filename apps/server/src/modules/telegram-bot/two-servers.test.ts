import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { endpoints as api, AccountType } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestApp, registerAndLogin } from '../../test/app.ts';
import { startFakeBotApi, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { webhookSecret } from './operator-bot.ts';

// Two servers on one database, as an operator runs them behind a load balancer: in webhook mode
// Telegram posts each update to whichever server the balancer picks, while only the lease holder
// feeds and drains. A command taken by the other server must still get its reply edited in.

let clock = Date.UTC(2026, 11, 3, 12);
let fake: FakeBotApi;
let holder: FastifyInstance;
let other: FastifyInstance;
const closing: (() => Promise<void>)[] = [];

/** Where both servers' database lives: a schema of its own on PostgreSQL, else a SQLite file. */
async function sharedDatabase(): Promise<{ databaseUrl: string } | { sqliteFile: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const dir = mkdtempSync(join(tmpdir(), 'copybot-two-servers-'));
    closing.push(async () => rmSync(dir, { recursive: true, force: true }));
    return { sqliteFile: join(dir, 'copybot.sqlite') };
  }
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  closing.push(async () => {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { databaseUrl: url.toString() };
}

beforeAll(async () => {
  fake = await startFakeBotApi({ now: () => clock });
  const database = await sharedDatabase();
  const server = async () => {
    const { app, close } = await createTestApp({
      ...database,
      now: () => clock,
      publicUrl: 'http://robo.test',
      telegramBot: { token: fake.token, apiRoot: fake.url, run: false },
      messenger: undefined,
    });
    closing.unshift(close);
    await app.telegramBot!.ready();
    return app;
  };
  holder = await server();
  other = await server();
});
afterAll(async () => {
  for (const close of closing) await close();
  await fake.close();
});

/** What the lease holder does on its own: the feed's edits, then the queue, a second a step. */
async function holderPass(): Promise<void> {
  await holder.telegramBot!.feedOnce();
  for (let i = 0; i < 10; i++) {
    await holder.telegramBot!.drainOnce();
    clock += 1000;
  }
}

/** An update Telegram delivers to the server that is not the lease holder. */
async function toOther(): Promise<void> {
  await other.telegramBot!.pollOnce();
  await holderPass();
}

/** `/status` from a chat, as Telegram posts it to the webhook. */
const statusUpdate = (updateId: number, chatId: number) => ({
  update_id: updateId,
  message: {
    message_id: updateId,
    date: Math.floor(clock / 1000),
    chat: { id: chatId, type: 'private' },
    from: { id: chatId, is_bot: false, first_name: 'T', language_code: 'pt' },
    text: '/status',
    entities: [{ type: 'bot_command', offset: 0, length: 7 }],
  },
});

/** A trader whose bot a tap verified, its chat's updates taken by the other server. */
async function verifiedTrader() {
  const me = await registerAndLogin(holder);
  const chat = Number(me.userid);
  const link = (
    await callAs(holder, me.cookie, api.telegramVerifyLink, { body: { userid: me.userid } })
  ).json() as { url: string };
  const token = new URL(link.url).searchParams.get('start')!;
  fake.sendText({ id: chat, language_code: 'en' }, `/start ${token}`);
  await toOther();
  const question = fake.sent.filter((m) => m.chat_id === chat).at(-1)!;
  fake.pressButton({ id: chat, language_code: 'en' }, question, `vy:${token}`);
  await toOther();
  expect(question.text).toContain(`Bot ${me.userid} verified`);
  return { ...me, chat };
}

describe('two servers on one database', () => {
  it("a command taken by the server that does not hold the lease gets the robot's reply edited in", async () => {
    const me = await verifiedTrader();
    const chat = me.chat;

    // The panel's language (English here) is the one replies are written in.
    await holder.inject({
      method: 'GET',
      url: `/api/telegram/notifications?userid=${me.userid}`,
      headers: { cookie: `${me.cookie}; i18next=en-US` },
    });
    await holder.telegramBot!.feedOnce(); // the feed's cursor starts after what is there
    fake.sendText({ id: chat, language_code: 'en' }, '/menu');
    await toOther();
    const menu = fake.sent.filter((m) => m.chat_id === chat).at(-1)!;
    fake.pressButton({ id: chat, language_code: 'en' }, menu, `c:16:${me.userid}`);
    await toOther();
    const waiting = fake.sent.filter((m) => m.chat_id === chat).at(-1)!;
    expect(waiting.text).toContain('Command sent to the robot');

    // The robot settles the command; only the lease holder's feed runs.
    const command = await holder.deps.db
      .selectFrom('bot_commands')
      .select('id')
      .where('code', '=', 16)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await holder.deps.db
      .updateTable('bot_commands')
      .set({
        status: 'done',
        reply: JSON.stringify({
          key: 'robot.reply.liquidity',
          params: { accountType: AccountType.demo, balanceCents: 123456, profitCents: 300 },
        }),
      })
      .where('id', '=', command.id)
      .execute();
    await holderPass();
    expect(waiting.text).toBe(
      `Balance — ${me.userid}\nDemo account · balance: 1,234.56 · result: 3.00`,
    );
  });

  it('a flood from one chat split across both servers is paced as one: a command a second, one "aguarde"', async () => {
    const me = await verifiedTrader();
    const bot = await holder.deps.db
      .selectFrom('bots')
      .select('id')
      .where('userid', '=', me.userid)
      .executeTakeFirstOrThrow();
    clock += 1000;
    const before = fake.textsTo(me.chat).length;
    // Telegram posts them to the webhook; the balancer alternates the servers, in one second.
    for (let i = 0; i < 100; i++) {
      const res = await (i % 2 === 0 ? holder : other).inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: {
          'content-type': 'application/json',
          'x-telegram-bot-api-secret-token': webhookSecret(fake.token),
        },
        payload: JSON.stringify(statusUpdate(900_000 + i, me.chat)),
      });
      expect(res.statusCode).toBe(200);
    }
    await holderPass();
    const commands = await holder.deps.db
      .selectFrom('bot_commands')
      .select('code')
      .where('bot_id', '=', bot.id)
      .execute();
    expect(commands).toHaveLength(1);
    expect(
      fake
        .textsTo(me.chat)
        .slice(before)
        .filter((t) => t.startsWith('⏳ Aguarde')),
    ).toHaveLength(1);
  });
});
