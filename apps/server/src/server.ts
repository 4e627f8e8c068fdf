import { build } from './app.ts';
import { ConfigError, serverSettings, type ServerSettings } from './lib/config.ts';
import { AsyncLogStream } from './lib/log-stream.ts';
import { useProcessMetrics } from './lib/metrics.ts';
import { parseTrustProxy } from './lib/trust-proxy.ts';

/**
 * The process entry point (`npm start -w @app/server`). Configuration comes from the environment:
 * PORT (3000), HOST (127.0.0.1: not exposed to the network unless asked), DATA_DIR (./data),
 * DATABASE_URL (postgres://… for PostgreSQL, else SQLite), APP_SECRET_KEY, else APP_SECRET_KEY_FILE,
 * else data/secret.key (with a warning),
 * REGISTRATIONS_PER_HOUR (per address, 5), CREDENTIAL_CALLS_PER_MINUTE (login and other credential
 * calls per address, 10), TRUST_PROXY (proxy hops or addresses) behind a TLS-terminating reverse proxy, WEB_DIST (the built panel; apps/web/dist),
 * SUPPORT_URL (the support chat linked from the panel; none: no support card).
 * The robot runtime (robot/scheduler.ts) runs in this process (it takes bot leases like a
 * worker); ROBOT=off leaves every bot to `npm run worker` processes.
 */
let settings: ServerSettings;
try {
  settings = serverSettings();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  // One JSON line per problem, the format of every other line this process writes.
  for (const problem of err.problems) {
    process.stderr.write(
      `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: `configuration: ${problem}` })}\n`,
    );
  }
  process.exit(1);
}
const port = settings.port;
// A positive whole number, else the default (a typo never switches the limit off).
const credentialCalls = Math.floor(Number(process.env.CREDENTIAL_CALLS_PER_MINUTE ?? 0)) || 0;
const host = process.env.HOST ?? '127.0.0.1';

// Log lines leave through the thread pool: a slow reader of stdout never stalls requests.
const logStream = new AsyncLogStream(1);
process.on('exit', () => logStream.flushSync());

/** One fatal JSON line, the format of every other line, and exit 1. */
function refuseToStart(message: string): never {
  process.stderr.write(
    `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg: message })}\n`,
  );
  process.exit(1);
}

let app: Awaited<ReturnType<typeof build>>;
try {
  app = await build({
    logger: true,
    logStream,
    logLevel: settings.logLevel,
    database: {
      poolMax: settings.database.poolMax,
      statementTimeoutMs: settings.database.statementTimeoutMs,
    },
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    ...(process.env.REGISTRATIONS_PER_HOUR
      ? { throttle: { registrationsPerHour: Number(process.env.REGISTRATIONS_PER_HOUR) } }
      : {}),
    ...(credentialCalls > 0 ? { rateLimit: { max: credentialCalls } } : {}),
    ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
    ...(settings.database.databaseUrl ? { databaseUrl: settings.database.databaseUrl } : {}),
    ...(process.env.APP_SECRET_KEY ? { secretKey: process.env.APP_SECRET_KEY } : {}),
    ...(process.env.APP_SECRET_KEY_FILE ? { secretKeyFile: process.env.APP_SECRET_KEY_FILE } : {}),
    ...(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {}),
    ...(process.env.SUPPORT_URL ? { supportUrl: process.env.SUPPORT_URL } : {}),
    ...(settings.robot ? {} : { robot: false as const }),
    ...(settings.reader ? {} : { reader: false as const, readerInWorkers: true }),
    metricsToken: settings.metricsToken,
    retention: settings.retention,
    metrics: useProcessMetrics('server'),
  });
} catch (err) {
  // A schema newer than this build, a database that does not answer, a malformed setting read
  // by build(): said in one line that tells what to do, not a stack trace of the bundle.
  refuseToStart(`cannot start: ${err instanceof Error ? err.message : String(err)}`);
}

if (app.deps.keySource === 'beside-data') {
  // Said at every start until moved: the key is what keeps a copied data folder useless.
  app.log.warn(
    'the secret key is stored beside the data (secret.key in the data directory), so a ' +
      'copy of that folder decrypts every stored broker password. Set APP_SECRET_KEY or ' +
      'APP_SECRET_KEY_FILE (a path outside the data directory) and move the key there.',
  );
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // close() finishes in-flight requests, then the onClose hook closes the database.
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port, host });
} catch (err) {
  app.log.error({ err }, 'could not start');
  await app.close();
  process.exit(1);
}
const shown = host === '0.0.0.0' || host === '127.0.0.1' || host === '::' ? 'localhost' : host;
// In the log's own format (one JSON line like every other): no plain text between the lines.
app.log.info({ url: `http://${shown}:${port}/` }, `Panel and API: http://${shown}:${port}/`);
