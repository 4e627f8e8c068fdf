import { build } from './app.ts';

/**
 * The process entry point (`npm start -w @app/server`). Configuration comes from the environment:
 * PORT (3000), HOST (127.0.0.1: not exposed to the network unless asked), DATA_DIR (./data),
 * DATABASE_URL (postgres://… for PostgreSQL, else SQLite), APP_SECRET_KEY (else data/secret.key),
 * TRUST_PROXY=1 behind a TLS-terminating reverse proxy, WEB_DIST (the built panel; apps/web/dist).
 * The robot runtime (robot/scheduler.ts) runs in this process (it takes bot leases like a
 * worker); ROBOT=off leaves every bot to `npm run worker` processes.
 */
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

const app = await build({
  logger: true,
  trustProxy: process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true',
  ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.APP_SECRET_KEY ? { secretKey: process.env.APP_SECRET_KEY } : {}),
  ...(process.env.WEB_DIST ? { webDist: process.env.WEB_DIST } : {}),
  ...(process.env.ROBOT === 'off' ? { robot: false as const } : {}),
});

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
