// The trading runtime with 1,000 active bots in one process on the embedded SQLite file:
// signal → order placed (ledger written and accepted by the paper broker) p50/p99 when every bot
// gets a signal at once, and orders settled per second at expiry — each against a bare loop
// doing the same ledger inserts (insert placed, mark open), the least any runtime must write.
import { AccountType } from '@app/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from '@app/server/src/app.ts';
import { enqueueBotEvent } from '@app/server/src/robot/bot-events.ts';
import { processQueuedCommands } from '@app/server/src/test/commands.ts';
import { runSession } from '@app/server/src/robot/run-session.ts';
import { runtimeDepsOf } from '@app/server/src/robot/runtime.ts';
import { seedTradingBots } from '@app/server/src/test/trading.ts';
import { SQLITE_LABEL } from '../lib/postgres.ts';

const BOTS = 1_000;
const MINUTE = 60_000;
const quiet = { info: () => undefined, error: () => undefined };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-trading-'));
  let clock = Date.UTC(2026, 0, 8, 10, 0);
  const app = await build({
    dataDir: dir,
    secretKey: '00'.repeat(32),
    webDist: '/nonexistent-web-dist',
    robot: false,
    now: () => clock,
  });
  try {
    const db = app.deps.db;
    const rt = runtimeDepsOf(app.deps, quiet);
    const botIds = await seedTradingBots(db, BOTS, clock);
    await processQueuedCommands(rt, { limit: BOTS });

    // Every bot gets an immediate signal (type 8 at the current minute) at once.
    const at = Math.ceil(clock / MINUTE) * MINUTE;
    clock = at;
    const postedAt = new Map<number, number>();
    for (const [i, botId] of botIds.entries()) {
      const signal = await db
        .insertInto('signals')
        .values({
          bot_id: botId,
          channel_id: 'bench',
          status: 'accepted',
          asset: i % 2 ? 'EURUSD' : 'GBPUSD',
          direction: i % 3 ? 'CALL' : 'PUT',
          signal_at: at,
          timeframe_min: 1,
          signal_type: 8,
          delay_ms: 0,
          dedupe_key: `bench-${i}`,
          received_at: clock,
          parsed_at: clock,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueueBotEvent(db, { botId, kind: 'signal', refId: signal.id, dueAt: clock });
      postedAt.set(botId, performance.now());
    }
    const latencies: number[] = [];
    const placeStart = performance.now();
    for (const botId of botIds) {
      await runSession(rt, botId);
      latencies.push(performance.now() - (postedAt.get(botId) ?? 0));
    }
    const placeMs = performance.now() - placeStart;
    const open = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();

    clock = at + MINUTE;
    const settleStart = performance.now();
    let settled = 0;
    for (const botId of botIds) settled += (await runSession(rt, botId)).settled;
    const settleMs = performance.now() - settleStart;

    // The floor: the same ledger rows written and marked open, nothing decided, no broker.
    const bareStart = performance.now();
    for (const [i, botId] of botIds.entries()) {
      const row = await db
        .insertInto('orders')
        .values({
          bot_id: botId,
          signal_id: null,
          channel_id: null,
          client_ref: `bare-${i}`,
          session_ref: `bare-${i}`,
          gale_level: 0,
          broker_id: 1,
          account_type: AccountType.demo,
          asset: 'EURUSD',
          direction: 'CALL',
          stake_cents: 200,
          payout_pct: 87,
          state: 'placed',
          send_at: clock,
          expires_at: clock + MINUTE,
          created_at: clock,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('orders').set({ state: 'open' }).where('id', '=', row.id).execute();
    }
    const bareMs = performance.now() - bareStart;

    latencies.sort((a, b) => a - b);
    const perOrder = placeMs / BOTS;
    const perBare = bareMs / BOTS;
    console.log(`database: ${SQLITE_LABEL}`);
    console.log(`bots: ${BOTS}, orders open after the burst: ${Number(open.n)}`);
    console.log(
      `signal → order placed (all ${BOTS} signals at once, queueing included): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`,
    );
    console.log(
      `runtime per order: ${perOrder.toFixed(2)} ms; bare ledger insert: ${perBare.toFixed(2)} ms; ratio ${(perOrder / perBare).toFixed(1)}×`,
    );
    const settleRate = settled / (settleMs / 1000);
    const bareRate = BOTS / (bareMs / 1000);
    console.log(
      `orders settled: ${settled} at ${settleRate.toFixed(0)}/s; bare loop ${bareRate.toFixed(0)}/s; ratio ${(bareRate / settleRate).toFixed(1)}×`,
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
