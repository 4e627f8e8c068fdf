import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openDatabase } from './db/connect.ts';
import { createSecrets, loadSecretKey } from './lib/secrets.ts';
import { brokerResolver } from './robot/brokers/broker-resolver.ts';
import { processOwnerId } from './robot/leases.ts';
import { copyRouting, startRuntimeLoop, type RuntimeLoop } from './robot/runtime.ts';
import { describeError, type RuntimeDeps } from './robot/runtime-deps.ts';

/** What a worker process needs: the database (usually PostgreSQL) and the secret key. */
export interface WorkerOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  secretKey?: string | undefined;
  secretKeyFile?: string | undefined;
  /** Lease owner id; default `worker-<host>-<pid>-<random>` (leases.ts `processOwnerId`). */
  owner?: string;
  idleMs?: number;
  leaseMs?: number;
  batch?: number;
}

function jsonLog(level: 'info' | 'error') {
  return (obj: object, msg: string): void => {
    const line = JSON.stringify({ level, time: Date.now(), pid: process.pid, msg, ...obj });
    (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  };
}

/** The runtime deps of a worker: its own pool, the real clock, paper or Deriv per bot. */
export async function openWorkerDeps(
  options: WorkerOptions,
): Promise<RuntimeDeps & { close(): Promise<void> }> {
  const database = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    onIdleError: (err) =>
      jsonLog('error')({ err: describeError(err) }, 'database: an idle connection was dropped'),
  });
  await migrateToLatest(database);
  const secrets = createSecrets(
    loadSecretKey({
      secretKey: options.secretKey,
      secretKeyFile: options.secretKeyFile,
      dataDir: options.dataDir,
    }).key,
  );
  const log = { info: jsonLog('info'), error: jsonLog('error') };
  // Deriv (DERIV_WS_URL, DERIV_APP_ID) for bots on Deriv with a token; the paper broker otherwise.
  const brokers = brokerResolver({ db: database.db, secrets, log, now: Date.now });
  return {
    db: database.db,
    dialect: database.dialect,
    now: Date.now,
    secrets,
    log,
    brokerFor: (botId, brokerId) => brokers.brokerFor(botId, brokerId),
    // Paper copies in one batch; a copy whose follower stored its login at a real-trading broker
    // one call at a time through its own adapter.
    ...copyRouting(() => brokers),
    close: async () => {
      await brokers.close();
      await database.db.destroy();
    },
  };
}

/**
 * A robot worker (`npm run worker`): runs the trading runtime against the shared database, taking
 * bots by lease (one writer per bot across workers, taken over when a worker dies). Stops
 * cleanly on SIGINT/SIGTERM, giving its leases back.
 */
export async function startWorker(
  options: WorkerOptions,
): Promise<{ loop: RuntimeLoop; stop(): Promise<void> }> {
  const deps = await openWorkerDeps(options);
  const loop = startRuntimeLoop(deps, {
    owner: options.owner ?? processOwnerId('worker'),
    ...(options.idleMs === undefined ? {} : { idleMs: options.idleMs }),
    ...(options.leaseMs === undefined ? {} : { leaseMs: options.leaseMs }),
    ...(options.batch === undefined ? {} : { batch: options.batch }),
  });
  deps.log.info({ owner: loop.owner, dialect: deps.dialect }, 'robot worker started');
  return {
    loop,
    async stop() {
      await loop.stop();
      await deps.close();
    },
  };
}

const isMain =
  process.argv[1] !== undefined &&
  resolve(process.argv[1]) === resolve(fileURLToPath(import.meta.url));
if (isMain) {
  const worker = await startWorker({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? './data',
    secretKey: process.env.APP_SECRET_KEY,
    secretKeyFile: process.env.APP_SECRET_KEY_FILE,
    ...(process.env.WORKER_ID ? { owner: process.env.WORKER_ID } : {}),
    ...(process.env.WORKER_LEASE_MS ? { leaseMs: Number(process.env.WORKER_LEASE_MS) } : {}),
    ...(process.env.WORKER_IDLE_MS ? { idleMs: Number(process.env.WORKER_IDLE_MS) } : {}),
  });
  const shutdown = (): void => {
    void worker.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
