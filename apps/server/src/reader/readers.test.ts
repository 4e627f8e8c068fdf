import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../app.ts';
import { seedPoolBots } from '../test/pool.ts';
import { deliverMessage } from './messages.ts';

// Two `npm run worker` processes with WORKER_READER=on share the rooms of 16 traders, each read
// by its trader's bot and 20 bots that copy its rooms, by partition (the room owner's). Every
// message must become one entry for every bot that reads its room, whichever worker read it —
// also after one of them is killed (SIGKILL) and its rooms are taken over. PostgreSQL only.
const BASE = process.env.TEST_DATABASE_URL;
const ROOMS = 16;
const FOLLOWERS = 20;
const WORKER = fileURLToPath(new URL('../worker.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** `HH:MM` in Brasília (UTC−3, the default channel clock) `aheadMin` minutes from now. */
function brasiliaTime(aheadMin: number): string {
  const d = new Date(Date.now() + aheadMin * 60_000 - 3 * 3_600_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

describe.skipIf(!BASE)('two readers on PostgreSQL', () => {
  const schema = `readers_${randomBytes(5).toString('hex')}`;
  let url = '';
  let admin: pg.Client;
  let app: FastifyInstance;
  const workers = new Map<string, { child: ChildProcess; port: number }>();

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
      reader: false,
      readerInWorkers: true,
    });
  }, 60_000);

  afterAll(async () => {
    for (const { child } of workers.values()) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await app?.close();
    await admin?.query(`drop schema ${schema} cascade`);
    await admin?.end();
  });

  const count = async (where: string): Promise<number> =>
    Number(
      (await admin.query<{ n: string }>(`select count(*) as n from ${schema}.signals ${where}`))
        .rows[0]?.n ?? 0,
    );

  /** Starts a reading worker; resolves once it says it reads the channels. */
  const startWorker = (id: string, port: number): Promise<void> => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url,
        APP_SECRET_KEY: '00'.repeat(32),
        WORKER_ID: id,
        WORKER_READER: 'on',
        WORKER_HTTP_PORT: String(port),
        WORKER_IDLE_MS: '200',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    workers.set(id, { child, port });
    return new Promise((resolve, reject) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
        if (line.includes('robot worker: reading channels')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`worker ${id} exited (${code})`)));
    });
  };

  /** Messages this worker read (its copybot_reader_messages_total). */
  const readBy = async (id: string): Promise<number> => {
    const port = workers.get(id)?.port;
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('copybot_reader_messages_total'));
    return Number(line?.slice(line.lastIndexOf(' ') + 1) ?? 0);
  };

  it('reads every message once for every bot of its room, across the two and a take-over', async () => {
    const db = app.deps.db;
    const ids = await seedPoolBots(db, ROOMS * (1 + FOLLOWERS), Date.now());
    const owners: number[] = [];
    for (let r = 0; r < ROOMS; r += 1) {
      const owner = ids[r * (1 + FOLLOWERS)] as number;
      const followers = ids.slice(r * (1 + FOLLOWERS) + 1, (r + 1) * (1 + FOLLOWERS));
      const { userid } = await db
        .selectFrom('bots')
        .select('userid')
        .where('id', '=', owner)
        .executeTakeFirstOrThrow();
      await db.updateTable('bots').set({ traderid: userid }).where('id', 'in', followers).execute();
      await db
        .insertInto('copy_rooms')
        .values({ bot_id: owner, chat_id: `inbox-${r}`, name: `Sala ${r}`, created_at: Date.now() })
        .execute();
      owners.push(owner);
    }
    const post = async (ahead: number) => {
      for (const [r, owner] of owners.entries()) {
        await deliverMessage(db, {
          botId: owner,
          channelId: `inbox-${r}`,
          sourceId: null,
          text: `M5;EURUSD;${brasiliaTime(ahead)};PUT`,
          receivedAtMs: Date.now(),
        });
      }
    };
    const ports = [await freePort(), await freePort()];
    await Promise.all([
      startWorker('r1', ports[0] as number),
      startWorker('r2', ports[1] as number),
    ]);
    const bots = ROOMS * (1 + FOLLOWERS);
    // The two share the partitions once the first one gave the second its share.
    await expect
      .poll(
        async () =>
          (
            await admin.query<{ owner: string | null; n: string }>(
              `select owner, count(*) as n from ${schema}.robot_partitions group by owner order by owner`,
            )
          ).rows.map((r) => r.owner),
        { timeout: 30_000, interval: 200 },
      )
      .toEqual(['r1', 'r2']);

    await post(20);
    await expect
      .poll(() => count(`where status = 'accepted'`), {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(bots);
    // Both read: the rooms are shared between them, each message by one of them.
    const [r1, r2] = [await readBy('r1'), await readBy('r2')];
    expect(r1).toBeGreaterThan(0);
    expect(r2).toBeGreaterThan(0);
    expect(r1 + r2).toBe(ROOMS);

    // One dies; its rooms' next messages are read by the other once it takes them over.
    workers.get('r1')?.child.kill('SIGKILL');
    await post(30);
    await expect
      .poll(() => count(`where status = 'accepted'`), {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(2 * bots);
    expect(await readBy('r2')).toBe(r2 + ROOMS);
    const twice = await admin.query(
      `select bot_id, message_id from ${schema}.signals
        group by bot_id, message_id having count(*) > 1`,
    );
    expect(twice.rows).toEqual([]);
    expect(await count(`where status <> 'accepted'`)).toBe(0);
  }, 180_000);
});

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}
