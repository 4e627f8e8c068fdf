import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { build } from '../app.ts';
import { sameOriginByDefault, testMessenger } from './app.ts';
import type { TestClock } from './trading.ts';

/** The child processes that die at a fault point (`kill -9` of the runtime, for real). */
const CHILDREN = {
  /** Runs one bot once (`runSession`): args bot id, instant, fault point. */
  session: fileURLToPath(new URL('./crash-child.ts', import.meta.url)),
  /** Runs one copy dispatch pass: args instant, fault point. */
  dispatcher: fileURLToPath(new URL('./copy-crash-child.ts', import.meta.url)),
};

/**
 * The crash tests' harness: one SQLite file per test file (made before, removed after) — or, with
 * TEST_DATABASE_URL, a PostgreSQL schema of its own (dropped after) — the app opened on it at the
 * test clock, as often as a restart needs, and a child process that runs the runtime on the same
 * database and must die by SIGKILL at the fault point it is given.
 */
export function crashHarness(
  prefix: string,
  clock: TestClock,
  { postgres = true }: { postgres?: boolean } = {},
) {
  let dir = '';
  let databaseUrl: string | undefined;
  let admin: pg.Client | null = null;
  let schema = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    const base = postgres ? process.env.TEST_DATABASE_URL : undefined;
    if (!base) return;
    schema = `crash_${Date.now().toString(36)}_${process.pid}`;
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    }
  });

  /** The app on the test's database, its robot off (the tests run it by hand). */
  async function open(): Promise<FastifyInstance> {
    return sameOriginByDefault(
      await build({
        dataDir: dir,
        ...(databaseUrl ? { databaseUrl } : {}),
        secretKey: '00'.repeat(32),
        // A file registers a trader per test, more than the real limits allow from one address.
        rateLimit: { max: 10_000, timeWindowMs: 60_000 },
        throttle: {
          pairFreeFailures: 1000,
          addressFreeFailures: 1000,
          registrationsPerHour: 100_000,
        },
        webDist: '/nonexistent-web-dist',
        robot: false,
        messenger: testMessenger,
        now: () => clock.now,
      }),
    );
  }

  /** Runs the child with `args` and expects it to have killed itself at its fault point. */
  function killedAt(child: keyof typeof CHILDREN, args: (string | number)[]): void {
    const dataArgs = [dir, databaseUrl ?? '-'];
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', CHILDREN[child], ...dataArgs, ...args.map(String)],
      { encoding: 'utf8' },
    );
    expect(run.signal, run.stderr).toBe('SIGKILL');
  }

  return { open, killedAt };
}
