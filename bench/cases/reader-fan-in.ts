// The reader on one popular channel: 10,000 bots (BENCH_READER_BOTS) read one trader's room (its
// own bots and accepted followers alike). Measured in the same database and run: an idle pass
// (nothing new: what every pass costs between messages), one signal message → every bot's
// pending entry and feed line (the pass that reads it), a list of three entries, and a raw
// batched insert of the same 10,000 signal rows. SQLite and the bench's own PostgreSQL.
// Budgets (bench/budgets.json `reader`): idle ≤ 100 ms, one message ≤ 2 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { insertJsonRows } from '@app/server/src/db/bulk.ts';
import { migrateToLatest, openDatabase } from '@app/server/src/db/connect.ts';
import type { Database } from '@app/server/src/db/schema.ts';
import { createSecrets } from '@app/server/src/lib/secrets.ts';
import { createInboxSource } from '@app/server/src/reader/inbox-source.ts';
import { deliverMessage } from '@app/server/src/reader/messages.ts';
import { readNewMessages } from '@app/server/src/reader/reader.ts';
import type { ReaderDeps } from '@app/server/src/reader/deps.ts';
import { seedPoolBots } from '@app/server/src/test/pool.ts';
import { budgets, type BudgetRow } from '../lib/budget.ts';
import { postgresUrl, SQLITE_LABEL } from '../lib/postgres.ts';

const BOTS = Number(process.env.BENCH_READER_BOTS ?? 10_000);
const IDLE_PASSES = 20;
const CHANNEL = 'inbox-1';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** A trader whose room `followers` read: the room's chat list holds one channel. */
async function seedRoom(db: Kysely<Database>, now: number): Promise<{ owner: number }> {
  const ids = await seedPoolBots(db, BOTS, now);
  const owner = ids[0] as number;
  const ownerRow = await db
    .selectFrom('bots')
    .select(['userid', 'account_id'])
    .where('id', '=', owner)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('bots')
    .set({ traderid: ownerRow.userid })
    .where('account_id', '=', ownerRow.account_id)
    .execute();
  await db.updateTable('bots').set({ traderid: ownerRow.userid }).where('id', '=', owner).execute();
  await db
    .insertInto('copy_rooms')
    .values({ bot_id: owner, chat_id: CHANNEL, name: 'Sala VIP', created_at: now })
    .execute();
  return { owner };
}

/** The floor: the same rows a signal message writes for every bot, in one batched insert. */
async function rawInsertMs(db: Kysely<Database>, now: number): Promise<number> {
  const bots = await db.selectFrom('bots').select('id').execute();
  const rows = bots.map((b) => ({
    bot_id: b.id,
    channel_id: 'raw',
    message_id: null,
    line: 1,
    status: 'accepted',
    asset: 'EURUSD',
    direction: 'PUT',
    signal_time: '14:30',
    signal_at: now + 60_000,
    timeframe_min: 5,
    signal_type: 7,
    delay_ms: 1000,
    lote: 0,
    galefat: 0,
    broker_id: 0,
    dedupe_key: `raw|${now}`,
    received_at: now,
    parsed_at: now,
    entry_at: now + 59_000,
  }));
  const t = performance.now();
  await insertJsonRows(
    db,
    'signals',
    {
      bot_id: 'bigint',
      channel_id: 'text',
      message_id: 'bigint',
      line: 'integer',
      status: 'text',
      asset: 'text',
      direction: 'text',
      signal_time: 'text',
      signal_at: 'bigint',
      timeframe_min: 'integer',
      signal_type: 'integer',
      delay_ms: 'integer',
      lote: 'double precision',
      galefat: 'double precision',
      broker_id: 'integer',
      dedupe_key: 'text',
      received_at: 'bigint',
      parsed_at: 'bigint',
      entry_at: 'bigint',
    },
    rows,
  ).execute(db);
  const ms = performance.now() - t;
  await db.deleteFrom('signals').where('channel_id', '=', 'raw').execute();
  return ms;
}

async function once(label: string, where: string, databaseUrl?: string): Promise<BudgetRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-reader-'));
  let statements = 0;
  const database = await openDatabase({
    dataDir: dir,
    ...(databaseUrl ? { databaseUrl } : {}),
    log: (e) => {
      statements += 1;
      if (process.env.BENCH_READER_TRACE && e.queryDurationMillis > 5)
        console.log(
          e.queryDurationMillis.toFixed(1),
          e.query.sql.slice(0, 90).replace(/\s+/g, ' '),
        );
    },
  });
  try {
    await migrateToLatest(database);
    const db = database.db;
    console.log(`${label.padEnd(10)} database: ${where}`);
    // 14:00 in Brasília: the signals below are 30 and 40 minutes ahead.
    const clock = Date.UTC(2026, 4, 12, 17, 0, 0);
    const { owner } = await seedRoom(db, clock);
    const deps: ReaderDeps = {
      db,
      dialect: database.dialect,
      now: () => clock,
      secrets: createSecrets(Buffer.alloc(32)),
      inbox: createInboxSource(db),
      telegram: null,
    };
    await readNewMessages(deps);
    const idle: number[] = [];
    statements = 0;
    for (let i = 0; i < IDLE_PASSES; i += 1) {
      const t = performance.now();
      await readNewMessages(deps);
      idle.push(performance.now() - t);
    }
    const idleStatements = statements / IDLE_PASSES;
    const raw = await rawInsertMs(db, clock);

    const pass = async (text: string): Promise<{ ms: number; statements: number }> => {
      await deliverMessage(db, {
        botId: owner,
        channelId: CHANNEL,
        sourceId: null,
        text,
        receivedAtMs: clock,
      });
      statements = 0;
      const t = performance.now();
      await readNewMessages(deps);
      return { ms: performance.now() - t, statements };
    };
    const one = await pass('M5;EURUSD;14:30;PUT');
    const list = await pass('LISTA M5\nGBPUSD;14:40;CALL\nUSDJPY;14:45;PUT\nAUDCAD;14:50;CALL');
    const written = await db
      .selectFrom('signals')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'accepted')
      .executeTakeFirstOrThrow();
    console.log(
      [
        `${label.padEnd(10)} bots=${BOTS.toLocaleString('en-US')}`,
        `idle pass median ${median(idle).toFixed(1)} ms (${idleStatements} statement)`,
        `one message → ${BOTS.toLocaleString('en-US')} entries ${one.ms.toFixed(0)} ms (${one.statements} statements)`,
        `a list of 3 → ${(3 * BOTS).toLocaleString('en-US')} entries ${list.ms.toFixed(0)} ms (${list.statements} statements)`,
        `raw batched insert of ${BOTS.toLocaleString('en-US')} rows ${raw.toFixed(0)} ms`,
        `one message ÷ raw ${(one.ms / raw).toFixed(2)}×`,
        `accepted rows ${Number(written.n).toLocaleString('en-US')}`,
      ].join('  '),
    );
    return [
      {
        measure: `reader idle pass, ${BOTS} bots (${label})`,
        value: median(idle),
        unit: 'ms',
        kind: 'max',
        budget: budgets.reader.idlePassMsMax,
      },
      {
        measure: `reader one message → ${BOTS} entries (${label})`,
        value: one.ms,
        unit: 'ms',
        kind: 'max',
        budget: budgets.reader.messageMsMax,
      },
    ];
  } finally {
    await database.db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BudgetRow[]> {
  const rows = await once('sqlite', SQLITE_LABEL);
  const pgDb = await postgresUrl('bench_reader');
  if (!pgDb) return rows;
  try {
    rows.push(...(await once('postgres', pgDb.label, pgDb.url)));
  } finally {
    await pgDb.drop();
  }
  return rows;
}
