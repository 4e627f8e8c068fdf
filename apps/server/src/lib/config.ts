import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_PRUNE_BATCH,
  DEFAULT_RETENTION,
  MIN_RETENTION_DAYS,
  RETAINED_TABLES,
  type Retention,
} from '../db/retention.ts';
import { METRICS_TOKEN_MIN } from './metrics-access.ts';
import { KEY_FILE } from './secrets.ts';

/**
 * A setting the process cannot start with. Its message names the variable, what it must be and
 * an example, so the operator knows what to fix; a start refuses with every such problem at once.
 */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

type Env = NodeJS.ProcessEnv;

/** Collects problems while settings are read, then throws them together. */
export class ConfigReader {
  readonly problems: string[] = [];

  constructor(readonly env: Env) {}

  /** The trimmed value, or undefined when unset or empty. */
  text(name: string): string | undefined {
    const raw = this.env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  }

  /**
   * A whole number in [min, max], or `fallback` when unset. `15s`, `1e3`, `-1` are refused
   * instead of becoming NaN or a silent default.
   */
  int(
    name: string,
    fallback: number,
    { min, max, unit, example }: { min: number; max: number; unit: string; example: number },
  ): number {
    const raw = this.text(name);
    if (raw === undefined) return fallback;
    const value = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
    if (!(value >= min && value <= max)) {
      this.problems.push(
        `${name} must be a whole number of ${unit} from ${min} to ${max}, e.g. ${name}=${example} (got "${raw}")`,
      );
      return fallback;
    }
    return value;
  }

  /** One of `choices`, or `fallback` when unset. */
  choice<T extends string>(name: string, fallback: T, choices: readonly T[]): T {
    const raw = this.text(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (!(choices as readonly string[]).includes(raw)) {
      this.problems.push(`${name} must be one of ${choices.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  }

  /** `on`/`off` (also `true`/`false`, `1`/`0`, `yes`/`no`), or `fallback` when unset. */
  flag(name: string, fallback: boolean): boolean {
    const raw = this.text(name)?.toLowerCase();
    if (raw === undefined) return fallback;
    if (['on', 'true', '1', 'yes'].includes(raw)) return true;
    if (['off', 'false', '0', 'no'].includes(raw)) return false;
    this.problems.push(`${name} must be on or off (got "${raw}")`);
    return fallback;
  }

  /** Throws every problem found so far. */
  done(): void {
    if (this.problems.length > 0) throw new ConfigError(this.problems);
  }
}

/** The pino levels LOG_LEVEL may name. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** How a process talks to its database (PostgreSQL; SQLite ignores the pool settings). */
export interface DatabaseSettings {
  /** `postgres://…`, or undefined: the embedded SQLite in DATA_DIR. */
  databaseUrl: string | undefined;
  /** Connections this process may open (DATABASE_POOL_MAX). */
  poolMax: number;
  /** A statement running longer is cancelled by PostgreSQL, ms; 0 = no limit. */
  statementTimeoutMs: number;
}

/**
 * DATABASE_URL, DATABASE_POOL_MAX and DATABASE_STATEMENT_TIMEOUT_MS. A DATABASE_URL that is not a
 * `postgres://` URL is refused: it used to fall back to SQLite without a word.
 */
export function databaseSettings(c: ConfigReader, defaultPoolMax: number): DatabaseSettings {
  const databaseUrl = c.text('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    c.problems.push(
      'DATABASE_URL must be a PostgreSQL URL, e.g. DATABASE_URL=postgres://user@host:5432/db (unset it for the embedded SQLite)',
    );
  }
  return {
    databaseUrl,
    poolMax: c.int('DATABASE_POOL_MAX', defaultPoolMax, {
      min: 1,
      max: 500,
      unit: 'connections',
      example: defaultPoolMax,
    }),
    statementTimeoutMs: c.int('DATABASE_STATEMENT_TIMEOUT_MS', 30_000, {
      min: 0,
      max: 3_600_000,
      unit: 'milliseconds',
      example: 30_000,
    }),
  };
}

/**
 * METRICS_TOKEN: the bearer token that lets a scraper on another machine read `/metrics` (and a
 * worker's figures); unset: only this machine may. Refused when short or with spaces: it is the
 * only lock on a remote scrape.
 */
export function metricsToken(c: ConfigReader): string | null {
  const token = c.text('METRICS_TOKEN');
  if (token === undefined) return null;
  if (token.length < METRICS_TOKEN_MIN || /\s/.test(token)) {
    c.problems.push(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters without spaces, e.g. METRICS_TOKEN=$(openssl rand -hex 24) (unset it to allow this machine only)`,
    );
    return null;
  }
  return token;
}

/** The pruning job's settings (db/retention.ts). */
export interface RetentionSettings {
  /** Days each append-only table keeps; 0 = forever. */
  days: Retention;
  /** Rows per delete statement. */
  batch: number;
  /** Between two runs, ms; 0 = the job is off (`npm run prune` by hand or cron). */
  intervalMs: number;
}

/**
 * RETENTION_<TABLE>_DAYS (BOT_EVENTS, ACTIVITY, SIGNALS, READER_MESSAGES; 0 keeps forever),
 * RETENTION_BATCH and RETENTION_INTERVAL_MIN (0: no job in this process).
 */
export function retentionSettings(c: ConfigReader): RetentionSettings {
  const days = { ...DEFAULT_RETENTION };
  for (const table of RETAINED_TABLES) {
    const name = `RETENTION_${table.toUpperCase()}_DAYS`;
    const min = MIN_RETENTION_DAYS[table];
    const value = c.int(name, DEFAULT_RETENTION[table], {
      min: 0,
      max: 36_500,
      unit: 'days',
      example: DEFAULT_RETENTION[table],
    });
    if (value > 0 && value < min) {
      c.problems.push(
        `${name} must be 0 (keep forever) or at least ${min} days, e.g. ${name}=${DEFAULT_RETENTION[table]} (got "${value}")`,
      );
    } else days[table] = value;
  }
  const batch = c.int('RETENTION_BATCH', DEFAULT_PRUNE_BATCH, {
    min: 100,
    max: 100_000,
    unit: 'rows',
    example: DEFAULT_PRUNE_BATCH,
  });
  const minutes = c.int('RETENTION_INTERVAL_MIN', 60, {
    min: 0,
    max: 10_080,
    unit: 'minutes',
    example: 60,
  });
  return { days, batch, intervalMs: minutes * 60_000 };
}

/** What the server process reads beyond build()'s own options, validated. */
export interface ServerSettings {
  database: DatabaseSettings;
  logLevel: LogLevel;
  robot: boolean;
  /** false: the reader runs in the workers (WORKER_READER=on), not in this process. */
  reader: boolean;
  port: number;
  metricsToken: string | null;
  retention: RetentionSettings;
}

/**
 * The server's process settings. `ROBOT=off` leaves trading to `npm run worker` processes, which
 * share the database only through PostgreSQL: without DATABASE_URL the server would run on its
 * own SQLite file while the workers trade elsewhere, and nothing would trade here.
 */
export function serverSettings(env: Env = process.env): ServerSettings {
  const c = new ConfigReader(env);
  const database = databaseSettings(c, 10);
  const robot = c.flag('ROBOT', true);
  const port = c.int('PORT', 3000, { min: 1, max: 65_535, unit: 'port', example: 3000 });
  if (!robot && database.databaseUrl === undefined) {
    c.problems.push(
      'ROBOT=off leaves trading to `npm run worker` processes, which need the database this server uses: set DATABASE_URL=postgres://… here and in every worker (or unset ROBOT to trade in this process)',
    );
  }
  const reader = c.flag('READER', true);
  if (!reader && database.databaseUrl === undefined) {
    c.problems.push(
      'READER=off leaves reading the channels to workers started with WORKER_READER=on, which need the database this server uses: set DATABASE_URL=postgres://… here and in every worker (or unset READER to read in this process)',
    );
  }
  const logLevel = c.choice('LOG_LEVEL', 'info', LOG_LEVELS);
  const token = metricsToken(c);
  const retention = retentionSettings(c);
  c.done();
  return { database, logLevel, robot, reader, port, metricsToken: token, retention };
}

/**
 * A worker must decrypt what the server encrypted: without APP_SECRET_KEY or APP_SECRET_KEY_FILE
 * it would create a key file of its own beside its data and fail on every stored broker token.
 * A key file already in DATA_DIR (a worker beside the server, sharing its data folder) is the
 * server's and is accepted.
 */
export function requireSharedKey(c: ConfigReader, dataDir: string): void {
  if (c.text('APP_SECRET_KEY') !== undefined || c.text('APP_SECRET_KEY_FILE') !== undefined) return;
  if (existsSync(join(dataDir, KEY_FILE))) return;
  c.problems.push(
    "A worker needs the server's secret key to read stored broker logins: set APP_SECRET_KEY (or APP_SECRET_KEY_FILE) to the server's key",
  );
}
