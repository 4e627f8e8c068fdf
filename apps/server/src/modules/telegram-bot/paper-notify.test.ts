import { AccountType, TELEGRAM_NOTIFY_KINDS, type RobotMessage } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSession } from '../../robot/run-session.ts';
import { createTestApp, registerAndLogin } from '../../test/app.ts';
import { startFakeBotApi, type FakeBotApi } from '../../test/fake-bot-api.ts';
import { robotOf } from '../../test/robot.ts';
import {
  command,
  findMinute,
  MINUTE,
  postSignal,
  runAt,
  saveGlobalParams,
  type Me,
  type TestClock,
} from '../../test/trading.ts';
import { robotText } from './robot-text.ts';

// Every notification of a bot on the simulator says so, and the chat gets each signal's net when
// its ladder ends: a real paper run (entry lost, G1 won) with the Telegram receiver over a local
// fake of the Bot API, the clock moved by hand.

/** 13:00 UTC, 10:00 on the reader's São Paulo clock. */
const clock: TestClock = { now: Date.UTC(2026, 0, 6, 13, 0) };
let fake: FakeBotApi;
let app: FastifyInstance;
let close: () => Promise<void>;
let paper: Me;
let deriv: Me;

async function trader(): Promise<Me> {
  const me = await registerAndLogin(app);
  const bot = await app.deps.db
    .updateTable('bots')
    .set({ verified: true })
    .where('userid', '=', me.userid)
    .returning('id')
    .executeTakeFirstOrThrow();
  fake.startChat(Number(me.userid));
  return { ...me, botId: bot.id };
}

/** The notifications queued for a chat (answers to commands and codes left out). */
async function notificationsTo(me: Me): Promise<string[]> {
  const rows = await app.deps.db
    .selectFrom('tg_outbox')
    .select(['text', 'kind'])
    .where('chat_id', '=', me.userid)
    .orderBy('id')
    .execute();
  return rows
    .filter((r) => (TELEGRAM_NOTIFY_KINDS as readonly string[]).includes(r.kind))
    .map((r) => r.text);
}

async function line(me: Me, key: string, params: Record<string, unknown>) {
  await app.deps.db
    .insertInto('activity')
    .values({
      bot_id: me.botId,
      at: clock.now,
      kind: 'session',
      signal_id: null,
      order_id: null,
      message: JSON.stringify({ key, params }),
    })
    .execute();
}

beforeAll(async () => {
  fake = await startFakeBotApi({ now: () => clock.now });
  ({ app, close } = await createTestApp({
    now: () => clock.now,
    publicUrl: 'https://robo.test',
    telegramBot: { token: fake.token, apiRoot: fake.url, run: false, webhookTimeLimitMs: 100 },
    messenger: undefined,
  }));
  await app.telegramBot!.ready();
  await app.telegramBot!.feedOnce(); // the feed's cursor starts after what is there
  paper = await trader();
  deriv = await trader();
  // Deriv trades here (DERIV_APP_ID is set for the tests) and this bot stored its demo token.
  await app.deps.db
    .updateTable('bots')
    .set({ current_broker: 2 })
    .where('id', '=', deriv.botId)
    .execute();
  await app.deps.db
    .insertInto('broker_credentials')
    .values({ bot_id: deriv.botId, broker_id: 2, token_demo_enc: 'sealed', updated_at: clock.now })
    .execute();
}, 30_000);
afterAll(async () => {
  await close();
  await fake.close();
});

describe('the chat of a bot on the simulator', () => {
  it('says "Simulador" in every notification, and sends each signal’s net when it ends', async () => {
    const rt = robotOf(app);
    await saveGlobalParams(app, paper, { galenum: 1, galefat: 2 });
    await command(app, rt, paper, 1);
    // Entry 2,00 lost, G1 4,00 won at 87 %: the signal nets −2,00 + 3,48 = +1,48.
    const at = findMinute('EURUSD', 'LW', clock.now + MINUTE);
    clock.now = at - 10_000;
    await postSignal(app, paper, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    await runSession(rt, paper.botId);
    await runAt(clock, rt, paper, [at, at + MINUTE, at + 2 * MINUTE]);
    await app.telegramBot!.feedOnce();
    const run = await notificationsTo(paper);
    expect(run.filter((x) => x.startsWith('🏁'))).toEqual([
      `🏁 ${paper.userid} (Simulador): sinal EURUSD encerrado — win no G1 · resultado do sinal +1,48.`,
    ]);
    expect(run.filter((x) => /^[✅❌]/u.test(x))).toHaveLength(2);

    // Every other kind of notification: stops, refusals, the reader, expiry, follows, the day.
    await line(paper, 'robot.activity.stopped', { reason: 'stop_loss' });
    await line(paper, 'robot.activity.off', {});
    await line(paper, 'robot.refusal.max_orders_reached', { asset: 'EURUSD', direction: 'PUT' });
    await line(paper, 'robot.activity.readerDown', {});
    await line(paper, 'robot.activity.orderFailed', { asset: 'EURUSD', reason: 'timeout' });
    await app.deps.db
      .updateTable('bots')
      .set({ botexp: Math.floor(clock.now / 1000) + 2 * 86_400 })
      .where('id', '=', paper.botId)
      .execute();
    await app.telegramBot!.feedOnce();
    await app.deps.db
      .insertInto('copy_follows')
      .values({
        product: 'copy',
        follower_bot_id: deriv.botId,
        trader_bot_id: paper.botId,
        state: 'pending',
        follower_name: 'Ana',
        requested_at: clock.now,
        decided_at: null,
        updated_at: clock.now,
      })
      .execute();
    // Midnight in São Paulo: the day's summary.
    clock.now = Date.UTC(2026, 0, 7, 3, 1);
    await app.telegramBot!.feedOnce();

    const all = await notificationsTo(paper);
    expect(all.length).toBeGreaterThanOrEqual(run.length + 7);
    for (const text of all) expect(text).toContain(`${paper.userid} (Simulador)`);
    expect(all.some((x) => x.startsWith('📊'))).toBe(true);
    expect(all.some((x) => x.startsWith('⏳'))).toBe(true);
    expect(all.some((x) => x.startsWith('👥'))).toBe(true);
  });

  it('/status says the account is the simulator’s', async () => {
    const reply = await command(app, robotOf(app), paper, 3);
    expect(reply.params).toMatchObject({ simulator: true, accountType: AccountType.demo });
    // As the chat's edited message words it.
    const text = robotText('pt-BR', reply as RobotMessage);
    expect(text).toContain('conta Demo (Simulador)');
    expect(text).toContain('placar por sinal desde as');
  });

  it('names no simulator for a bot that trades at its broker', async () => {
    await line(deriv, 'robot.activity.off', {});
    await app.telegramBot!.feedOnce();
    expect(await notificationsTo(deriv)).toContain(`⏸ ${deriv.userid}: robô desligado.`);
  });
});
