// The 10,000-follower burst through the operator bot's notification queue: one trade
// becomes 10,000 messages to 10,000 chats. Measured against the local fake Bot API with
// Telegram's limits switched on (1 message a second per chat, 30 a second overall; 429 beyond),
// on a virtual clock the drainer and the fake share (the drain loop's 250 ms step), so the
// sending time is Telegram's limit, not this machine:
// - queueing: the producer's cost (what a trade burst costs the robot's side), wall time;
// - sending: virtual seconds until the queue is empty, against the bare minimum 10,000 / 30 s;
// - the drainer's own cost, wall time, against a bare reference: the same 10,000 sendMessage
//   calls to the same fake from a plain loop with no queue and no database.
// Every message must arrive once, with no 429. On SQLite, and on the bench's own PostgreSQL
// (lib/postgres.ts); the budgets hold for each.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Api } from 'grammy';
import { build } from '@app/server/src/app.ts';
import { enqueue, GLOBAL_PER_SECOND } from '@app/server/src/modules/telegram-bot/outbox.ts';
import { startFakeBotApi } from '@app/server/src/test/fake-bot-api.ts';
import type { BudgetRow } from '../lib/budget.ts';
import { budgets } from '../lib/budget.ts';
import { postgresUrl, SQLITE_LABEL } from '../lib/postgres.ts';

const FOLLOWERS = 10_000;
/** The production drain loop's pause between passes (operator-bot.ts). */
const STEP_MS = 250;

export async function run(): Promise<BudgetRow[]> {
  const rows = await burst('sqlite', SQLITE_LABEL);
  const pgDb = await postgresUrl('bench_tg');
  if (pgDb) {
    try {
      rows.push(...(await burst('postgres', pgDb.label, pgDb.url)));
    } finally {
      await pgDb.drop();
    }
  }
  return rows;
}

async function burst(label: string, where: string, databaseUrl?: string): Promise<BudgetRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tg-'));
  let clock = Date.UTC(2026, 0, 9, 10, 0);
  const now = () => clock;
  const fake = await startFakeBotApi({ now, enforceLimits: true, startedChats: 'any' });
  const app = await build({
    dataDir: dir,
    secretKey: '00'.repeat(32),
    webDist: '/nonexistent-web-dist',
    robot: false,
    now,
    telegramBot: { token: fake.token, apiRoot: fake.url, run: false },
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  try {
    console.log(`${label.padEnd(8)} database: ${where}`);
    const bot = app.telegramBot!;
    await bot.ready();
    const chats = Array.from({ length: FOLLOWERS }, (_, i) => String(8_000_000_000 + i));

    const queueStart = performance.now();
    await enqueue(
      app.deps.db,
      chats.map((chatId) => ({
        chatId,
        kind: 'follows',
        text: `📋 ${chatId}: cópia do trader 9000000001 aberta — EURUSD CALL, 2,00.`,
      })),
      clock,
    );
    const queueMs = performance.now() - queueStart;

    const sentBefore = fake.sent.length;
    const startedAt = clock;
    const drainStart = performance.now();
    let sent = 0;
    while (sent < FOLLOWERS) {
      sent += await bot.drainOnce();
      clock += STEP_MS;
    }
    const drainMs = performance.now() - drainStart;
    const virtualSec = (clock - startedAt) / 1000;
    const delivered = fake.sent.length - sentBefore;
    const flooded = fake.calls.filter((c) => c.method === 'sendMessage').length - fake.sent.length;

    // The bare reference: the same calls, paced the same way, no queue, no database.
    clock += 2_000;
    const api = new Api(fake.token, { apiRoot: fake.url });
    const bareStart = performance.now();
    for (let i = 0; i < FOLLOWERS; i += GLOBAL_PER_SECOND) {
      for (const chatId of chats.slice(i, i + GLOBAL_PER_SECOND)) {
        await api.sendMessage(chatId, `bare ${chatId}`);
      }
      clock += 1000;
    }
    const bareMs = performance.now() - bareStart;
    const minimumSec = FOLLOWERS / GLOBAL_PER_SECOND;

    console.log(
      [
        label.padEnd(8),
        `chats=${FOLLOWERS.toLocaleString('en-US')}`,
        `queued in ${queueMs.toFixed(0)} ms`,
        `sent=${delivered.toLocaleString('en-US')} 429s=${flooded}`,
        `virtual ${virtualSec.toFixed(1)} s (minimum ${minimumSec.toFixed(1)} s, ${(virtualSec / minimumSec).toFixed(3)}x)`,
        `drain wall ${drainMs.toFixed(0)} ms`,
        `bare sendMessage loop ${bareMs.toFixed(0)} ms`,
        `drain/bare=${(drainMs / bareMs).toFixed(2)}x`,
      ].join('  '),
    );
    const b = budgets.telegram;
    return [
      {
        measure: `telegram burst (${label}): send time / (10,000 ÷ 30 s)`,
        value: virtualSec / minimumSec,
        unit: 'x',
        kind: 'max',
        budget: b.burstVsLimitMax,
      },
      {
        measure: `telegram burst (${label}): drain wall time / bare send loop`,
        value: drainMs / bareMs,
        unit: 'x',
        kind: 'max',
        budget: b.drainVsBareMax,
      },
      {
        measure: `telegram burst (${label}): queueing 10,000 messages`,
        value: queueMs,
        unit: 'ms',
        kind: 'max',
        budget: b.queueMsMax,
      },
      {
        measure: `telegram burst (${label}): messages lost + 429s`,
        value: FOLLOWERS - delivered + flooded,
        unit: '',
        kind: 'max',
        budget: 0,
      },
    ];
  } finally {
    await app.close();
    await fake.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
