import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../app.ts';
import { seedTradingBots } from '../test/trading.ts';

// Three `npm run worker` processes on the loopback PostgreSQL share 1,000 bots by lease; one is
// killed (SIGKILL) mid-run and its bots are taken over. Every signal must be decided once and
// every traded one placed once — in the ledger and at the (paper) broker. PostgreSQL only.
const BASE = process.env.TEST_DATABASE_URL;
// WORKERS_TEST_BOTS runs it smaller on a busy machine; the waits scale with the count.
const BOTS = Number(process.env.WORKERS_TEST_BOTS ?? 1_000);
const WAIT_MS = 60_000 + BOTS * 600;
const WORKER = fileURLToPath(new URL('../worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

describe.skipIf(!BASE)('three workers on PostgreSQL', () => {
  const schema = `workers_${randomBytes(5).toString('hex')}`;
  let url = '';
  let admin: pg.Client;
  let app: FastifyInstance;
  const workers: ChildProcess[] = [];

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

  it(
    'trades every signal exactly once when one of them dies mid-run',
    async () => {
      const db = app.deps.db;
      const botIds = await seedTradingBots(db, BOTS, Date.now());
      for (const id of ['w1', 'w2', 'w3']) {
        workers.push(
          spawn(process.execPath, ['--import', 'tsx', WORKER], {
            cwd: ROOT,
            env: {
              ...process.env,
              DATABASE_URL: url,
              APP_SECRET_KEY: '00'.repeat(32),
              WORKER_ID: id,
              WORKER_LEASE_MS: '3000',
              WORKER_IDLE_MS: '200',
            },
            stdio: 'ignore',
          }),
        );
      }
      // Every bot is switched on by the workers, then gets one signal due 45 s ahead, written in
      // one statement (a row-by-row loop on a loaded CI machine took longer than the lead, and
      // every signal was then rightly missed). A 5-minute expiry keeps all orders open at once
      // however long a loaded machine takes to place 1,000 of them.
      await expect
        .poll(() => count(`bot_commands where status = 'done'`), { timeout: WAIT_MS })
        .toBe(BOTS);
      const at = Date.now() + 45_000;
      const signals = await db
        .insertInto('signals')
        .values(
          botIds.map((botId, i) => ({
            bot_id: botId,
            channel_id: 'scale',
            status: 'accepted',
            asset: 'EURUSD',
            direction: i % 2 ? 'CALL' : 'PUT',
            signal_at: at,
            timeframe_min: 5,
            signal_type: 8,
            delay_ms: 0,
            dedupe_key: `scale-${i}`,
            received_at: Date.now(),
            parsed_at: Date.now(),
          })),
        )
        .returning(['id', 'bot_id'])
        .execute();
      await db
        .insertInto('bot_events')
        .values(
          signals.map((s) => ({
            bot_id: s.bot_id,
            kind: 'signal',
            ref_id: s.id,
            due_at: Date.now(),
          })),
        )
        .execute();
      // Mid-run: some signals decided, not all.
      await expect
        .poll(() => count(`signals where decided_at is not null`), { timeout: 60_000 })
        .toBeGreaterThan(Math.min(50, BOTS / 4));
      workers[0]?.kill('SIGKILL');

      await expect
        .poll(() => count(`orders where state = 'open'`), { timeout: WAIT_MS, interval: 1_000 })
        .toBe(BOTS);
      expect(await count(`signals where decision = 'traded'`)).toBe(BOTS);
      expect(await count('orders')).toBe(BOTS);
      expect(await count('paper_orders')).toBe(BOTS);
      const twice = await admin.query(
        `select signal_id from ${schema}.orders group by signal_id having count(*) > 1`,
      );
      expect(twice.rows).toEqual([]);
      // The killed worker's leases were taken over.
      expect(await count(`bot_leases where owner = 'w1' and expires_at > ${Date.now()}`)).toBe(0);
    },
    4 * WAIT_MS,
  );
});
