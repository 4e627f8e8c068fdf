import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../app.ts';
import { useTestApp } from '../test/app.ts';
import { openDatabase } from './connect.ts';

/**
 * The embedded install's files on disk: who may read them, where the
 * key lives, and whether a commit survives power loss. SQLite only: PostgreSQL keeps its own files.
 */

let root = '';
const savedEnv = { key: process.env.APP_SECRET_KEY, file: process.env.APP_SECRET_KEY_FILE };
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'storage-'));
  delete process.env.APP_SECRET_KEY;
  delete process.env.APP_SECRET_KEY_FILE;
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  if (savedEnv.key !== undefined) process.env.APP_SECRET_KEY = savedEnv.key;
  if (savedEnv.file !== undefined) process.env.APP_SECRET_KEY_FILE = savedEnv.file;
});

async function withApp(
  options: BuildOptions,
  use: (app: Awaited<ReturnType<typeof build>>) => Promise<void>,
) {
  const app = await build({ webDist: '/nonexistent-web-dist', robot: false, ...options });
  try {
    await use(app);
  } finally {
    await app.close();
  }
}

const mode = (path: string) => statSync(path).mode & 0o777;

async function health(app: Awaited<ReturnType<typeof build>>) {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  return res.json() as { secretKey: string; warnings: string[]; database: string };
}

describe('the data directory on disk', () => {
  it('creates the directory 0700 and the database and its WAL 0600', async () => {
    const dataDir = join(root, 'data');
    await withApp({ dataDir }, async (app) => {
      await sql`create table probe (x integer)`.execute(app.deps.db);
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'app.db'))).toBe(0o600);
      expect(mode(join(dataDir, 'app.db-wal'))).toBe(0o600);
    });
  });

  it('tightens a data directory and database that an older start left 0755 / 0644', async () => {
    const dataDir = join(root, 'data');
    await withApp({ dataDir }, async () => {});
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'app.db'), 0o644);
    await withApp({ dataDir }, async () => {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, 'app.db'))).toBe(0o600);
    });
  });

  it('commits with synchronous=FULL, so an acknowledged save survives power loss', async () => {
    await withApp({ dataDir: join(root, 'data') }, async (app) => {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(app.deps.db);
      // 2 = FULL (0 OFF, 1 NORMAL, 3 EXTRA)
      expect(rows[0]?.synchronous).toBe(2);
    });
  });
});

describe('where the secret key lives, and GET /api/health', () => {
  it('by default keeps the key beside the data, 0600, and says so in /api/health', async () => {
    const dataDir = join(root, 'data');
    await withApp({ dataDir }, async (app) => {
      expect(mode(join(dataDir, 'secret.key'))).toBe(0o600);
      expect(await health(app)).toEqual({
        ok: true,
        database: 'sqlite',
        secretKey: 'beside-data',
        warnings: ['health.keyBesideData'],
        connectors: { telegramBot: expect.objectContaining({ state: 'off' }) },
      });
    });
  });

  it('creates and reads a key file outside the data directory (APP_SECRET_KEY_FILE), no warning', async () => {
    const dataDir = join(root, 'data');
    const keyDir = join(root, 'keys');
    mkdirSync(keyDir, { mode: 0o700 });
    process.env.APP_SECRET_KEY_FILE = join(keyDir, 'copybot.key');
    await withApp({ dataDir }, async (app) => {
      expect(mode(join(keyDir, 'copybot.key'))).toBe(0o600);
      expect(statSync(dataDir).isDirectory()).toBe(true);
      expect(() => statSync(join(dataDir, 'secret.key'))).toThrow();
      const body = await health(app);
      expect(body.secretKey).toBe('key-file');
      expect(body.warnings).toEqual([]);
    });
  });

  it('takes the key from APP_SECRET_KEY and writes no key file', async () => {
    const dataDir = join(root, 'data');
    process.env.APP_SECRET_KEY = randomBytes(32).toString('base64');
    await withApp({ dataDir }, async (app) => {
      expect(() => statSync(join(dataDir, 'secret.key'))).toThrow();
      expect((await health(app)).secretKey).toBe('environment');
    });
  });
});

describe('GET /api/health on the configured database', () => {
  const t = useTestApp();
  it('answers ok without a session, naming the database and no secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, secretKey: 'environment', warnings: [] });
    expect(res.body).not.toMatch(/key=|\/tmp|secret\.key/);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL drops an idle connection', () => {
  it('reports it, and the next query opens a new connection instead of the process dying', async () => {
    let onDrop: (err: Error) => void = () => undefined;
    const dropped = new Promise<Error>((resolve) => {
      onDrop = resolve;
    });
    const { db } = await openDatabase({
      dataDir: mkdtempSync(join(tmpdir(), 'idle-drop-')),
      databaseUrl: process.env.TEST_DATABASE_URL,
      onIdleError: (err) => onDrop(err),
    });
    const pidOf = async () =>
      Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid);
    const first = await pidOf();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [first]);
      expect((await dropped).message).toMatch(/terminat/i);
      const second = await pidOf();
      expect(second).not.toBe(first);
    } finally {
      await admin.end();
      await db.destroy();
    }
  });
});
