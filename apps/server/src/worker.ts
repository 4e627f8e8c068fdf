import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogEvent } from 'kysely';
import { migrateToLatest, openDatabase, requireCurrentSchema } from './db/connect.ts';
import {
  ConfigError,
  ConfigReader,
  databaseSettings,
  LOG_LEVELS,
  metricsToken,
  requireSharedKey,
  type LogLevel,
} from './lib/config.ts';
import { verifyKeyCheck } from './lib/key-check.ts';
import { AsyncLogStream } from './lib/log-stream.ts';
import { createLogger } from './lib/logger.ts';
import { processMetrics, useProcessMetrics } from './lib/metrics.ts';
import { queueDepthSource } from './lib/queue-depth.ts';
import { startWorkerHttp, type WorkerHttp } from './lib/worker-http.ts';
import { createSecrets, loadSecretKey } from './lib/secrets.ts';
import { closeMarketData } from './market/market-config.ts';
import { brokerResolver } from './robot/brokers/broker-resolver.ts';
import { processOwnerId } from './robot/partitions.ts';
import { createInboxSource } from './reader/inbox-source.ts';
import { createReader, type ReaderHandle } from './reader/runtime.ts';
import type { TelegramClientFactory } from './reader/telegram/client.ts';
import type { TelegramSource } from './reader/telegram/telegram-source.ts';
import { copyRouting, startRuntimeLoop, type RuntimeLoop } from './robot/runtime.ts';
import { describeError, type RuntimeDeps, type RuntimeLog } from './robot/runtime-deps.ts';

/** What a worker process needs: the database (usually PostgreSQL) and the secret key. */
export interface WorkerOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  secretKey?: string | undefined;
  secretKeyFile?: string | undefined;
  /** Worker id in `robot_workers`; default `worker-<host>-<pid>-<random>` (partitions.ts). */
  owner?: string;
  idleMs?: number;
  /** Heartbeat interval and the age of a beat that makes a worker dead (partitions.ts). */
  heartbeatMs?: number;
  deadMs?: number;
  batch?: number;
  /** PostgreSQL pool size (DATABASE_POOL_MAX) and statement time-out. */
  poolMax?: number;
  statementTimeoutMs?: number;
  /** Where the worker's lines go (default: pino JSON lines on stdout, as the server writes). */
  log?: RuntimeLog;
  /** Told of every statement (the bench counts them). */
  onStatement?: (event: LogEvent) => void;
  /**
   * Migrate the database first (tests and the bench on a fresh file). A worker started by the
   * operator never migrates: it refuses a schema that is not exactly its own (`npm run migrate`).
   */
  migrate?: boolean;
  /**
   * The worker's health and metrics listener (WORKER_HTTP_PORT, WORKER_HTTP_HOST): off when
   * absent. `token` is METRICS_TOKEN (null: this machine only).
   */
  http?: { port: number; host: string; token: string | null };
  /**
   * Read the channels of the rooms in this worker's partitions (WORKER_READER=on; the server
   * then runs with READER=off), with Telegram when its API id and hash are given.
   */
  reader?: boolean;
  telegram?: { apiId: number; apiHash: string; createClient?: TelegramClientFactory } | null;
}

/** The runtime deps of a worker: its own pool, the real clock, paper or Deriv per bot. */
export async function openWorkerDeps(
  options: WorkerOptions,
): Promise<RuntimeDeps & { close(): Promise<void> }> {
  const log = options.log ?? createLogger({});
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    onIdleError: (err) =>
      log.error({ err: describeError(err) }, 'database: an idle connection was dropped'),
    ...(options.poolMax === undefined ? {} : { poolMax: options.poolMax }),
    ...(options.statementTimeoutMs === undefined
      ? {}
      : { statementTimeoutMs: options.statementTimeoutMs }),
    // Every statement is counted (copybot_db_statements_total: the bench's statements per order).
    log: (event) => {
      processMetrics().dbStatement();
      options.onStatement?.(event);
    },
  });
  try {
    if (options.migrate) await migrateToLatest(database);
    else await requireCurrentSchema(database);
    const key = loadSecretKey({
      secretKey: options.secretKey,
      secretKeyFile: options.secretKeyFile,
      dataDir: options.dataDir,
    }).key;
    await verifyKeyCheck(database.db, key, Date.now());
    const secrets = createSecrets(key);
    // Deriv (DERIV_APP_ID, DERIV_API, DERIV_REST_URL) for bots on Deriv with a token; paper otherwise.
    const brokers = brokerResolver({ db: database.db, secrets, log, now: Date.now });
    return {
      db: database.db,
      dialect: database.dialect,
      now: Date.now,
      secrets,
      log,
      brokerFor: (botId, brokerId) => brokers.brokerFor(botId, brokerId),
      // Paper copies in one batch; a copy whose follower stored its login at a real-trading
      // broker one call at a time through its own adapter.
      ...copyRouting(() => brokers),
      close: async () => {
        await brokers.close();
        await closeMarketData(database.db);
        await database.db.destroy();
      },
    };
  } catch (err) {
    await database.db.destroy();
    throw err;
  }
}

/**
 * A robot worker (`npm run worker`): runs the trading runtime against the shared database on the
 * partitions of bots it holds (one writer per bot across workers, taken over within 3 s when a
 * worker dies). Stops cleanly on SIGINT/SIGTERM, giving its partitions back.
 */
export async function startWorker(
  options: WorkerOptions,
): Promise<{ loop: RuntimeLoop; http: WorkerHttp | null; stop(): Promise<void> }> {
  // The registry is the worker's before anything records (brokers, the first pass).
  const metrics = useProcessMetrics('worker');
  const deps = await openWorkerDeps(options);
  const loop = startRuntimeLoop(deps, {
    owner: options.owner ?? processOwnerId('worker'),
    role: 'worker',
    ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
    ...(options.heartbeatMs === undefined ? {} : { heartbeatMs: options.heartbeatMs }),
    ...(options.deadMs === undefined ? {} : { deadMs: options.deadMs }),
    ...(options.batch === undefined ? {} : { batch: options.batch }),
  });
  metrics.setQueueDepthSource(queueDepthSource(deps.db, Date.now));
  let http: WorkerHttp | null = null;
  let reader: ReaderHandle | null = null;
  try {
    if (options.reader) {
      reader = await startWorkerReader(deps, loop, options);
      deps.log.info({ telegram: reader.deps.telegram !== null }, 'robot worker: reading channels');
    }
    if (options.http) {
      http = await startWorkerHttp({
        ...options.http,
        metrics,
        worker: loop.owner,
        database: deps.dialect,
        // A pass at least every idleMs; ten missed (or 30 s) and the worker is unhealthy.
        staleMs: Math.max(30_000, 10 * (options.idleMs ?? 1000)),
      });
      deps.log.info(
        { host: options.http.host, port: http.port },
        'robot worker: health and metrics listening',
      );
    }
  } catch (err) {
    await reader?.stop();
    await loop.stop();
    await deps.close();
    throw err;
  }
  deps.log.info({ owner: loop.owner, dialect: deps.dialect }, 'robot worker started');
  return {
    loop,
    http,
    async stop() {
      await http?.close();
      // The reader first: it reads the partitions the loop gives back when it stops.
      await reader?.stop();
      await loop.stop();
      metrics.setQueueDepthSource(null);
      await deps.close();
    },
  };
}

/**
 * The reader of a worker: the rooms (and Telegram accounts) of the partitions its runtime holds,
 * read every `idleMs` (a dead worker's rooms once its partitions are taken over); the bots it
 * gives new entries wake the runtime.
 */
async function startWorkerReader(
  deps: RuntimeDeps,
  loop: RuntimeLoop,
  options: WorkerOptions,
): Promise<ReaderHandle> {
  const partitions = () => loop.partitions?.held() ?? null;
  const onError = (err: unknown, context: Record<string, unknown>) =>
    deps.log.error({ err: describeError(err), ...context }, 'signal reader: failed');
  const wake = { reader: () => {} };
  let telegram: TelegramSource | null = null;
  if (options.telegram) {
    const { createTelegramSource } = await import('./reader/telegram/telegram-source.ts');
    telegram = createTelegramSource({
      db: deps.db,
      now: deps.now,
      secrets: deps.secrets,
      credentials: { apiId: options.telegram.apiId, apiHash: options.telegram.apiHash },
      createClient:
        options.telegram.createClient ??
        (await import('./reader/telegram/client.ts')).createTelegramClient,
      onDelivered: () => wake.reader(),
      onError,
      partitions,
    });
  }
  const reader = createReader({
    db: deps.db,
    dialect: deps.dialect,
    now: deps.now,
    secrets: deps.secrets,
    inbox: createInboxSource(deps.db),
    telegram,
    partitions,
    onError,
  });
  wake.reader = () => reader.wake();
  reader.onSignals(() => loop.wake());
  reader.start({ intervalMs: options.idleMs ?? 1000 });
  return reader;
}

/** A worker's settings from its environment; every problem at once, each saying what to fix. */
export function workerSettings(
  env: NodeJS.ProcessEnv = process.env,
): WorkerOptions & { logLevel: LogLevel } {
  const c = new ConfigReader(env);
  const dataDir = c.text('DATA_DIR') ?? './data';
  const database = databaseSettings(c, 5);
  requireSharedKey(c, dataDir);
  const owner = c.text('WORKER_ID');
  if (owner !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(owner)) {
    c.problems.push(
      `WORKER_ID must be 1–64 letters, digits, dots, dashes or underscores, e.g. WORKER_ID=worker-1 (got "${owner}")`,
    );
  }
  const idleMs = c.int('WORKER_IDLE_MS', 1000, {
    min: 10,
    max: 60_000,
    unit: 'milliseconds',
    example: 1000,
  });
  if (c.text('WORKER_LEASE_MS') !== undefined) {
    c.problems.push(
      'WORKER_LEASE_MS is gone: workers share the bots by partition, beat every WORKER_HEARTBEAT_MS (500) and are taken over after WORKER_DEAD_MS (2500); remove WORKER_LEASE_MS',
    );
  }
  const heartbeatMs = c.int('WORKER_HEARTBEAT_MS', 500, {
    min: 100,
    max: 10_000,
    unit: 'milliseconds',
    example: 500,
  });
  const deadMs = c.int('WORKER_DEAD_MS', 2_500, {
    min: 1000,
    max: 60_000,
    unit: 'milliseconds',
    example: 2500,
  });
  if (Number.isFinite(heartbeatMs) && Number.isFinite(deadMs) && deadMs < 3 * heartbeatMs) {
    c.problems.push(
      `WORKER_DEAD_MS must be at least 3 × WORKER_HEARTBEAT_MS, or a slow beat makes a live worker dead (got ${deadMs} and ${heartbeatMs})`,
    );
  }
  const logLevel = c.choice('LOG_LEVEL', 'info', LOG_LEVELS);
  const httpPort = c.text('WORKER_HTTP_PORT')
    ? c.int('WORKER_HTTP_PORT', 0, { min: 1, max: 65_535, unit: 'port', example: 9464 })
    : null;
  const httpHost = c.text('WORKER_HTTP_HOST') ?? '127.0.0.1';
  const token = metricsToken(c);
  const reader = c.flag('WORKER_READER', false);
  const apiId = Number(c.text('TELEGRAM_API_ID'));
  const apiHash = c.text('TELEGRAM_API_HASH') ?? '';
  c.done();
  return {
    reader,
    telegram:
      reader && Number.isInteger(apiId) && apiId > 0 && apiHash !== '' ? { apiId, apiHash } : null,
    ...(httpPort === null ? {} : { http: { port: httpPort, host: httpHost, token } }),
    databaseUrl: database.databaseUrl,
    dataDir,
    secretKey: c.text('APP_SECRET_KEY'),
    secretKeyFile: c.text('APP_SECRET_KEY_FILE'),
    poolMax: database.poolMax,
    statementTimeoutMs: database.statementTimeoutMs,
    ...(owner === undefined ? {} : { owner }),
    idleMs,
    heartbeatMs,
    deadMs,
    logLevel,
  };
}

const isMain =
  process.argv[1] !== undefined &&
  resolve(process.argv[1]) === resolve(fileURLToPath(import.meta.url));
if (isMain) {
  const stream = new AsyncLogStream(1);
  process.on('exit', () => stream.flushSync());
  const early = createLogger({ stream });
  let worker: Awaited<ReturnType<typeof startWorker>>;
  try {
    const settings = workerSettings();
    const log = createLogger({
      stream,
      level: settings.logLevel,
      ...(settings.owner ? { base: { worker: settings.owner } } : {}),
    });
    worker = await startWorker({ ...settings, log });
  } catch (err) {
    const problems =
      err instanceof ConfigError
        ? err.problems
        : [err instanceof Error ? err.message : String(err)];
    for (const problem of problems) early.fatal(`robot worker cannot start: ${problem}`);
    process.exit(1);
  }
  const shutdown = (): void => {
    void worker.stop().then(() => {
      early.info({ owner: worker.loop.owner }, 'robot worker stopped');
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
