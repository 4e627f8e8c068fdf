import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../app.ts';
import { seedPoolBots, writePoolEntries } from '../test/pool.ts';

// Three `npm run worker` processes on the loopback PostgreSQL share 1,000 bots by partition; one
// entry for every bot, decided 30 s ahead; one worker is killed (SIGKILL) 2 s before the entry.
// Its partitions are taken over, and every entry must be sent once, none missed — in the ledger
// and at the (paper) broker. PostgreSQL only.
const BASE = process.env.TEST_DATABASE_URL;
// WORKERS_TEST_BOTS runs it smaller on a busy machine.
const BOTS = Number(process.env.WORKERS_TEST_BOTS ?? 1_000);
const WORKER = fileURLToPath(new URL('../worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!BASE)('three workers on PostgreSQL', () => {
  const schema = `workers_${randomBytes(5).toString('hex')}`;
  let url = '';
  let admin: pg.Client;
  let app: FastifyInstance;
  const workers: ChildProcess[] = [];
  const lines: string[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: BASE });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const u = new URL(BASE ?? '');
    u.searchParams.set('options', `-c search_path=${schema}`);
    url = u.toString();
    app = await build({
      databaseUrl: url,
      secretKey: '00'.repeat(32),
      webDist: '/nonexistent-web-dist',
      robot: false,
    });
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
    await app?.close();
    await admin?.query(`drop schema ${schema} cascade`);
    await admin?.end();
  });

  const count = async (q: string): Promise<number> =>
    Number(
      (await admin.query<{ n: string }>(`select count(*) as n from ${schema}.${q}`)).rows[0]?.n,
    );

  /** Starts a worker and resolves once it says it started (its pino lines kept in `lines`). */
  const startWorker = (id: string): Promise<void> => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, APP_SECRET_KEY: '00'.repeat(32), WORKER_ID: id },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    workers.push(child);
    return new Promise((resolve, reject) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        lines.push(line);
        if (line.includes('robot worker started')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`worker ${id} exited (${code})`)));
    });
  };

  it('sends every entry exactly once, none missed, when one worker is killed 2 s before it', async () => {
    const db = app.deps.db;
    const botIds = await seedPoolBots(db, BOTS, Date.now());
    await Promise.all(['w1', 'w2', 'w3'].map(startWorker));
    // One entry for every bot at a minute's start at least 40 s ahead, as the reader writes it.
    const at = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000;
    const [ids = []] = await writePoolEntries(
      db,
      botIds,
      [{ asset: 'EURUSD', direction: 'CALL', atMs: at, timeframeMin: 5 }],
      'scale',
      Date.now(),
    );
    await sleep(at - 2_000 - Date.now());
    workers[0]?.kill('SIGKILL');
    // Past the entry's tolerance every order is sent or failed; none may be left to decide.
    await sleep(at + 6_000 - Date.now());
    await expect
      .poll(() => count(`orders where state = 'placed'`), { timeout: 30_000, interval: 500 })
      .toBe(0);
    const outcome = await admin.query<{ state: string; reason: string | null; n: string }>(
      `select state, fail_reason as reason, count(*) as n from ${schema}.orders
          where signal_id = any($1) group by state, fail_reason`,
      [ids],
    );
    expect(outcome.rows.map((r) => [r.state, r.reason, Number(r.n)])).toEqual([
      ['open', null, BOTS],
    ]);
    expect(await count(`signals where decision = 'traded'`)).toBe(BOTS);
    expect(await count('paper_orders')).toBe(BOTS);
    const twice = await admin.query(
      `select signal_id from ${schema}.orders group by signal_id having count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);
    // The survivors logged the take-over of the killed worker's partitions.
    const takeOvers = lines
      .filter((l) => l.includes('robot partitions: taken over'))
      .map((l) => JSON.parse(l) as { dead: string; partitions: number[] });
    expect(takeOvers.some((t) => t.dead === 'w1' && t.partitions.length > 0)).toBe(true);
    // Every partition ends with a survivor: on a busy machine a survivor's beat may come late, and
    // partitions given back while the two settle the assignment are claimed on their next beats.
    await expect
      .poll(() => count(`robot_partitions where owner is null or owner = 'w1'`), {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(0);
  }, 240_000);
});
