import { build } from './app.ts';
import { AsyncLogStream } from './lib/log-stream.ts';
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
const port = Number(process.env.PORT ?? 3000);
// A positive whole number, else the default (a typo never switches the limit off).
const credentialCalls = Math.floor(Number(process.env.CREDENTIAL_CALLS_PER_MINUTE ?? 0)) || 0;
const host = process.env.HOST ?? '127.0.0.1';

// Log lines leave through the thread pool: a slow reader of stdout never stalls requests.
const logStream = new AsyncLogStream(1);
process.on('exit', () => logStream.flushSync());

const app = await build({
  logger: true,
  logStream,
  trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  ...(process.env.REGISTRATIONS_PER_HOUR
    ? { throttle: { registrationsPerHour: Number(process.env.REGISTRATIONS_PER_HOUR) } }
    : {}),
  ...(credentialCalls > 0 ? { rateLimit: { max: credentialCalls } } : {}),
  ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.APP_SECRET_KEY ? { secretKey: process.env.APP_SECRET_KEY } : {}),
  ...(process.env.APP_SECRET_KEY_FILE ? { secretKeyFile: process.env.APP_SECRET_KEY_FILE } : {}),
  ...(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {}),
  ...(process.env.SUPPORT_URL ? { supportUrl: process.env.SUPPORT_URL } : {}),
  ...(process.env.ROBOT === 'off' ? { robot: false as const } : {}),
});

if (app.deps.keySource === 'beside-data') {
  // Said at every start until moved: the key is what keeps a copied data folder useless.
  console.warn(
    'Warning: the secret key is stored beside the data (secret.key in the data directory), so a ' +
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
console.log(`Panel and API: http://${shown}:${port}/`);
