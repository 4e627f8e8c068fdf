import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workerSettings } from './worker.ts';
import { ConfigError, serverSettings } from './lib/config.ts';

function problemsOf(fn: () => unknown): readonly string[] {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function emptyDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'config-'));
  dirs.push(d);
  return d;
}

describe('serverSettings', () => {
  it('refuses ROBOT=off without DATABASE_URL, saying where the workers trade', () => {
    const problems = problemsOf(() => serverSettings({ ROBOT: 'off' }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/ROBOT=off .* set DATABASE_URL=postgres/);
  });

  it('takes ROBOT=off with a PostgreSQL URL, and the defaults otherwise', () => {
    expect(
      serverSettings({ ROBOT: 'off', DATABASE_URL: 'postgres://u@db:5432/copybot' }),
    ).toMatchObject({ robot: false, database: { poolMax: 10, statementTimeoutMs: 30_000 } });
    expect(serverSettings({})).toMatchObject({ robot: true, port: 3000, logLevel: 'info' });
  });

  it('refuses READER=off without DATABASE_URL, and takes it with one', () => {
    expect(problemsOf(() => serverSettings({ READER: 'off' }))).toEqual([
      'READER=off leaves reading the channels to workers started with WORKER_READER=on, which need the database this server uses: set DATABASE_URL=postgres://… here and in every worker (or unset READER to read in this process)',
    ]);
    expect(
      serverSettings({ READER: 'off', DATABASE_URL: 'postgres://u@db:5432/copybot' }),
    ).toMatchObject({ reader: false, robot: true });
    expect(serverSettings({})).toMatchObject({ reader: true });
  });

  it('refuses a DATABASE_URL that is not PostgreSQL instead of running on SQLite', () => {
    expect(problemsOf(() => serverSettings({ DATABASE_URL: 'mysql://x/y' }))[0]).toMatch(
      /DATABASE_URL must be a PostgreSQL URL/,
    );
  });

  it('names every malformed number at once, with an example', () => {
    const problems = problemsOf(() =>
      serverSettings({ DATABASE_POOL_MAX: 'ten', PORT: '70000', LOG_LEVEL: 'loud' }),
    );
    expect(problems).toEqual([
      'DATABASE_POOL_MAX must be a whole number of connections from 1 to 500, e.g. DATABASE_POOL_MAX=10 (got "ten")',
      'PORT must be a whole number of port from 1 to 65535, e.g. PORT=3000 (got "70000")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ]);
  });
});

describe('metrics and retention settings', () => {
  it('keeps /metrics to this machine unless a long enough METRICS_TOKEN is set', () => {
    expect(serverSettings({}).metricsToken).toBeNull();
    const token = 'f'.repeat(24);
    expect(serverSettings({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(problemsOf(() => serverSettings({ METRICS_TOKEN: 'secret' }))).toEqual([
      'METRICS_TOKEN must be at least 24 characters without spaces, e.g. METRICS_TOKEN=$(openssl rand -hex 24) (unset it to allow this machine only)',
    ]);
  });

  it('prunes with the documented defaults, and refuses a window too short to be safe', () => {
    expect(serverSettings({}).retention).toEqual({
      days: { bot_events: 7, activity: 90, signals: 180, reader_messages: 180 },
      batch: 5000,
      intervalMs: 3_600_000,
    });
    expect(
      serverSettings({ RETENTION_ACTIVITY_DAYS: '0', RETENTION_INTERVAL_MIN: '0' }).retention,
    ).toMatchObject({ days: { activity: 0 }, intervalMs: 0 });
    expect(
      problemsOf(() => serverSettings({ RETENTION_SIGNALS_DAYS: '1', RETENTION_BATCH: '5k' })),
    ).toEqual([
      'RETENTION_SIGNALS_DAYS must be 0 (keep forever) or at least 2 days, e.g. RETENTION_SIGNALS_DAYS=180 (got "1")',
      'RETENTION_BATCH must be a whole number of rows from 100 to 100000, e.g. RETENTION_BATCH=5000 (got "5k")',
    ]);
  });
});

describe('workerSettings', () => {
  const key = { APP_SECRET_KEY: '00'.repeat(32), DATABASE_URL: 'postgres://u@db/x' };

  it('refuses 3s where milliseconds are asked, instead of failing every pass with NaN', () => {
    expect(problemsOf(() => workerSettings({ ...key, WORKER_DEAD_MS: '3s' }))).toEqual([
      'WORKER_DEAD_MS must be a whole number of milliseconds from 1000 to 60000, e.g. WORKER_DEAD_MS=2500 (got "3s")',
    ]);
  });

  it('refuses a time-to-live under three heartbeats, and the lease setting of the old release', () => {
    expect(
      problemsOf(() =>
        workerSettings({
          ...key,
          WORKER_HEARTBEAT_MS: '1000',
          WORKER_DEAD_MS: '2000',
          WORKER_LEASE_MS: '15000',
        }),
      ),
    ).toEqual([
      'WORKER_LEASE_MS is gone: workers share the bots by partition, beat every WORKER_HEARTBEAT_MS (500) and are taken over after WORKER_DEAD_MS (2500); remove WORKER_LEASE_MS',
      'WORKER_DEAD_MS must be at least 3 × WORKER_HEARTBEAT_MS, or a slow beat makes a live worker dead (got 2000 and 1000)',
    ]);
  });

  it("refuses to start without the server's key rather than make a key of its own", () => {
    const problems = problemsOf(() =>
      workerSettings({ DATABASE_URL: 'postgres://u@db/x', DATA_DIR: emptyDir() }),
    );
    expect(problems).toEqual([
      "A worker needs the server's secret key to read stored broker logins: set APP_SECRET_KEY (or APP_SECRET_KEY_FILE) to the server's key",
    ]);
  });

  it("accepts the server's key file beside a shared data folder", () => {
    const dir = emptyDir();
    writeFileSync(join(dir, 'secret.key'), 'x');
    expect(workerSettings({ DATA_DIR: dir })).toMatchObject({ dataDir: dir, poolMax: 5 });
  });

  it('reads channels only with WORKER_READER=on, with Telegram when its API id and hash are set', () => {
    expect(workerSettings(key)).toMatchObject({ reader: false, telegram: null });
    expect(
      workerSettings({
        ...key,
        WORKER_READER: 'on',
        TELEGRAM_API_ID: '12',
        TELEGRAM_API_HASH: 'h',
      }),
    ).toMatchObject({ reader: true, telegram: { apiId: 12, apiHash: 'h' } });
    expect(problemsOf(() => workerSettings({ ...key, WORKER_READER: 'yes please' }))).toEqual([
      'WORKER_READER must be on or off (got "yes please")',
    ]);
  });

  it('listens for health and metrics only when WORKER_HTTP_PORT is set, on loopback by default', () => {
    expect(workerSettings(key)).not.toHaveProperty('http');
    expect(workerSettings({ ...key, WORKER_HTTP_PORT: '9464' }).http).toEqual({
      port: 9464,
      host: '127.0.0.1',
      token: null,
    });
    expect(problemsOf(() => workerSettings({ ...key, WORKER_HTTP_PORT: 'on' }))).toEqual([
      'WORKER_HTTP_PORT must be a whole number of port from 1 to 65535, e.g. WORKER_HTTP_PORT=9464 (got "on")',
    ]);
  });
});
