// The worker pool on one popular channel: N bots follow one channel, whose list of entries every
// bot must send within its tolerance (5 s). Measured as an operator runs it: the bots and their
// pending entries in the database (as the reader leaves them), then K `npm run worker`
// processes on PostgreSQL, with the one-process runtime on SQLite and a raw batched insert of
// the same ledger rows beside them in the same run. Prints, per configuration: entries sent on
// time and missed (with reasons), lateness p50/p99 (confirmed at the broker − planned instant),
// decisions and sends per second, and per worker; statements per order (each worker's
// copybot_db_statements_total over the run, scraped from its WORKER_HTTP_PORT, ÷ orders sent).
//
// BENCH_POOL_BOTS (10,000), BENCH_POOL_WORKERS ("1,3": one PostgreSQL run per count),
// BENCH_POOL_ENTRIES (2: the second 75 s after the first, so it is decided while the first is
// still open and sent right after its settlement), BENCH_POOL_SQLITE (on; "off" skips it),
// BENCH_POOL_LOG (a file for the workers' log lines).
import { AccountType } from '@app/contract';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { insertJsonRows, jsonIds } from '@app/server/src/db/bulk.ts';
import { migrateToLatest, openDatabase } from '@app/server/src/db/connect.ts';
import type { Database } from '@app/server/src/db/schema.ts';
import { ORDER_COLUMNS } from '@app/server/src/robot/decide/write-decisions.ts';
import { startRuntimeLoop } from '@app/server/src/robot/runtime.ts';
import { seedPoolBots, writePoolEntries, type PoolEntry } from '@app/server/src/test/pool.ts';
import { openWorkerDeps } from '@app/server/src/worker.ts';
import { postgresUrl, SQLITE_LABEL } from '../lib/postgres.ts';
import { freePort } from '../lib/servers.ts';

const BOTS = Number(process.env.BENCH_POOL_BOTS ?? 10_000);
const WORKERS = (process.env.BENCH_POOL_WORKERS ?? '1,3')
  .split(',')
  .map(Number)
  .filter((k) => Number.isInteger(k) && k > 0);
const ENTRIES = Math.max(1, Math.min(3, Number(process.env.BENCH_POOL_ENTRIES ?? 2)));
const TOLERANCE_MS = 5_000;
/** BENCH_POOL_LOG=<file>: the workers' log lines are appended there. */
const LOG_FILE = process.env.BENCH_POOL_LOG;
/** The first entry is due this long after the entries are written (decided 30 s before it). */
const FIRST_ENTRY_AHEAD_MS = 35_000;
const ENTRY_SPACING_MS = 75_000;
const KEY = '00'.repeat(32);
const WORKER = fileURLToPath(new URL('../../apps/server/src/worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const quiet = { info: () => undefined, error: () => undefined };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function entriesFrom(now: number): PoolEntry[] {
  return Array.from({ length: ENTRIES }, (_, i) => ({
    asset: i % 2 ? 'GBPUSD' : 'EURUSD',
    direction: i % 2 ? 'PUT' : 'CALL',
    atMs: now + FIRST_ENTRY_AHEAD_MS + i * ENTRY_SPACING_MS,
    timeframeMin: 1,
  }));
}

interface EntryFigures {
  sent: number;
  missed: number;
  reasons: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
  decidedPerSec: number;
  sentPerSec: number;
}

/** What became of every bot's entry `signalIds` (read after the run, from the ledger). */
async function figuresOf(db: Kysely<Database>, signalIds: number[]): Promise<EntryFigures> {
  // Each entry's first order: a draw sends the same stake again at the next candle (ROBOT.md
  // §1), a second order of the signal at gale level 0 that is not this entry's send.
  const all = await db
    .selectFrom('orders')
    .select(['id', 'signal_id', 'state', 'fail_reason', 'send_at', 'confirmed_at'])
    .where(sql<boolean>`signal_id in ${jsonIds(db, signalIds)}`)
    .where('gale_level', '=', 0)
    .orderBy('id')
    .execute();
  const firsts = new Map<number, (typeof all)[number]>();
  for (const o of all) if (!firsts.has(Number(o.signal_id))) firsts.set(Number(o.signal_id), o);
  const orders = [...firsts.values()];
  const signals = await db
    .selectFrom('signals')
    .select(['decided_at', 'decision', 'decision_reason'])
    .where(sql<boolean>`id in ${jsonIds(db, signalIds)}`)
    .execute();
  const reasons: Record<string, number> = {};
  const count = (r: string) => {
    reasons[r] = (reasons[r] ?? 0) + 1;
  };
  const lateness: number[] = [];
  for (const o of orders) {
    if (o.confirmed_at !== null && o.state !== 'failed' && o.state !== 'placed') {
      lateness.push(Number(o.confirmed_at) - Number(o.send_at));
    } else count(o.state === 'failed' ? `failed ${o.fail_reason}` : 'never sent');
  }
  for (const s of signals) {
    if (s.decided_at === null) count('never decided');
    else if (s.decision !== 'traded') count(`refused ${s.decision_reason}`);
  }
  lateness.sort((a, b) => a - b);
  const onTime = lateness.filter((l) => l <= TOLERANCE_MS).length;
  if (lateness.length > onTime) reasons['sent late'] = lateness.length - onTime;
  const decided = signals.flatMap((s) => (s.decided_at === null ? [] : [Number(s.decided_at)]));
  const span = (xs: number[]) => (xs.length > 1 ? Math.max(...xs) - Math.min(...xs) : 0);
  const sentAt = orders.flatMap((o) => (o.confirmed_at === null ? [] : [Number(o.confirmed_at)]));
  const sendStart = orders.length ? Math.min(...orders.map((o) => Number(o.send_at))) : 0;
  return {
    sent: onTime,
    missed: signalIds.length - onTime,
    reasons,
    p50: percentile(lateness, 50),
    p99: percentile(lateness, 99),
    max: lateness[lateness.length - 1] ?? NaN,
    decidedPerSec: decided.length / Math.max(0.001, span(decided) / 1000),
    sentPerSec: sentAt.length / Math.max(0.001, (Math.max(...sentAt) - sendStart) / 1000),
  };
}

function print(label: string, k: number, figures: EntryFigures[], perOrder: number): void {
  for (const [i, f] of figures.entries()) {
    const why = Object.entries(f.reasons)
      .map(([r, n]) => `${r} ${n}`)
      .join(', ');
    console.log(
      `${label} entry ${i + 1}: sent on time ${f.sent}/${BOTS}, missed ${f.missed}${why ? ` (${why})` : ''}; ` +
        `lateness p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, max ${f.max.toFixed(0)} ms; ` +
        `decided ${f.decidedPerSec.toFixed(0)}/s, sent ${f.sentPerSec.toFixed(0)}/s ` +
        `(${(f.sentPerSec / k).toFixed(0)}/s per worker)`,
    );
  }
  console.log(
    `${label} statements per order ${perOrder.toFixed(2)} (heartbeats and idle passes included)`,
  );
}

/** A worker's statement and sent-order counters, from its metrics listener. */
async function countersOf(port: number): Promise<{ statements: number; sent: number }> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const sum = (name: string) =>
    text
      .split('\n')
      .filter((l) => l.startsWith(name))
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  return {
    statements: sum('copybot_db_statements_total'),
    sent: sum('copybot_entries_sent_total'),
  };
}

/** The floor: the same N ledger rows in one bulk statement. */
async function rawInsertMs(db: Kysely<Database>, botIds: number[], now: number): Promise<number> {
  const rows = botIds.map((botId, i) => ({
    bot_id: botId,
    signal_id: null,
    channel_id: 'pool',
    client_ref: `raw-${now}-${i}`,
    session_ref: `raw-${i}`,
    gale_level: 0,
    broker_id: 1,
    account_type: AccountType.demo,
    asset: 'EURUSD',
    direction: 'CALL',
    stake_cents: 200,
    payout_pct: 87,
    state: 'placed',
    send_at: now,
    expires_at: now + 60_000,
    created_at: now,
  }));
  const t = performance.now();
  await insertJsonRows(db, 'orders', ORDER_COLUMNS, rows).execute(db);
  const ms = performance.now() - t;
  await db.deleteFrom('orders').where('client_ref', 'like', `raw-${now}-%`).execute();
  return ms;
}

async function waitPast(entries: PoolEntry[]): Promise<void> {
  const last = entries[entries.length - 1]?.atMs ?? Date.now();
  await sleep(Math.max(0, last + TOLERANCE_MS + 5_000 - Date.now()));
}

async function sqliteRun(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pool-'));
  let statements = 0;
  const deps = await openWorkerDeps({
    dataDir: dir,
    secretKey: KEY,
    migrate: true,
    log: quiet,
    onStatement: () => {
      statements += 1;
    },
  });
  console.log(`SQLite, one process: database: ${SQLITE_LABEL}`);
  try {
    const botIds = await seedPoolBots(deps.db, BOTS, Date.now());
    const raw = await rawInsertMs(deps.db, botIds, Date.now());
    const loop = startRuntimeLoop(deps, { owner: 'bench-sqlite' });
    const now = Date.now();
    const entries = entriesFrom(now);
    const ids = await writePoolEntries(deps.db, botIds, entries, 'pool', now);
    const from = statements;
    loop.wake();
    await waitPast(entries);
    await loop.stop();
    const ran = statements - from;
    const figures = [];
    for (const list of ids) figures.push(await figuresOf(deps.db, list));
    const orders = figures.reduce((n, f) => n + f.sent, 0);
    console.log(`raw batched insert of ${BOTS} ledger rows (SQLite): ${raw.toFixed(0)} ms`);
    print('SQLite, one process:', 1, figures, ran / Math.max(1, orders));
  } finally {
    await deps.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts a worker process and resolves once it says it started. */
function startWorker(url: string, id: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: url,
      APP_SECRET_KEY: KEY,
      WORKER_ID: id,
      WORKER_HTTP_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (LOG_FILE) appendFileSync(LOG_FILE, `${line}\n`);
      if (line.includes('robot worker started')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker ${id} exited (${code})`)));
  });
}

async function postgresRun(k: number): Promise<void> {
  const pg = await postgresUrl('bench_pool');
  if (!pg) {
    console.log(`PostgreSQL, ${k} worker${k > 1 ? 's' : ''}: skipped (no PostgreSQL, see above)`);
    return;
  }
  console.log(`PostgreSQL, ${k} worker${k > 1 ? 's' : ''}: database: ${pg.label}`);
  const database = await openDatabase({ databaseUrl: pg.url, dataDir: tmpdir() });
  const workers: ChildProcess[] = [];
  try {
    await migrateToLatest(database);
    const db = database.db;
    const botIds = await seedPoolBots(db, BOTS, Date.now());
    const raw = await rawInsertMs(db, botIds, Date.now());
    const ports: number[] = [];
    for (let i = 0; i < k; i += 1) {
      ports.push(await freePort());
      workers.push(await startWorker(pg.url, `pool-w${i + 1}`, ports[i] as number));
    }
    const now = Date.now();
    const entries = entriesFrom(now);
    const ids = await writePoolEntries(db, botIds, entries, 'pool', now);
    const before = await Promise.all(ports.map(countersOf));
    await waitPast(entries);
    const after = await Promise.all(ports.map(countersOf));
    const ran = after.reduce((n, c, i) => n + c.statements - (before[i]?.statements ?? 0), 0);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.once('exit', () => resolve());
            w.kill('SIGTERM');
          }),
      ),
    );
    const figures = [];
    for (const list of ids) figures.push(await figuresOf(db, list));
    console.log(`raw batched insert of ${BOTS} ledger rows (PostgreSQL): ${raw.toFixed(0)} ms`);
    const sent = figures.reduce((n, f) => n + f.sent, 0);
    print(`PostgreSQL, ${k} worker${k > 1 ? 's' : ''}:`, k, figures, ran / Math.max(1, sent));
    console.log(
      `PostgreSQL, ${k} worker${k > 1 ? 's' : ''}: orders sent per worker ${after
        .map((c, i) => c.sent - (before[i]?.sent ?? 0))
        .join(', ')}`,
    );
  } finally {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await database.db.destroy();
    await pg.drop();
  }
}

export async function run(): Promise<void> {
  console.log(
    `${BOTS} bots follow one channel; ${ENTRIES} entr${ENTRIES > 1 ? 'ies' : 'y'} for every bot, tolerance ${TOLERANCE_MS / 1000} s`,
  );
  if (process.env.BENCH_POOL_SQLITE !== 'off') await sqliteRun();
  for (const k of WORKERS) await postgresRun(k);
}
