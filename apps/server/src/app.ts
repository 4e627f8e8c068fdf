import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { migrateToLatest, openDatabase } from './db/connect.ts';
import { createSecrets, loadSecretKey } from './lib/secrets.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { botCommandsRoutes } from './modules/bot-commands/bot-commands.routes.ts';
import { botsRoutes } from './modules/bots/bots.routes.ts';
import { brokersRoutes } from './modules/brokers/brokers.routes.ts';
import { globalParamsRoutes } from './modules/global-params/global-params.routes.ts';
import { proxyRoutes } from './modules/proxy/proxy.routes.ts';
import { readerParamsRoutes } from './modules/reader-params/reader-params.routes.ts';
import { readerRequestsRoutes } from './modules/reader-requests/reader-requests.routes.ts';
import { strategiesRoutes } from './modules/strategies/strategies.routes.ts';
import type { AppDeps, RateLimits } from './plugins/context.ts';
import { registerDocs, registerDocsRoutes } from './plugins/docs.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerNotImplemented } from './plugins/route.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStatic } from './plugins/static.ts';
import { tradingRoutes } from './modules/trading/trading.routes.ts';
import { startRobotRuntime, type RobotRuntimeOptions } from './robot/scheduler.ts';

export interface BuildOptions {
  /** `postgres://…` → PostgreSQL (pooled); otherwise the embedded SQLite. */
  databaseUrl?: string;
  /** Where SQLite's `app.db` and the generated `secret.key` live. Default `./data`. */
  dataDir?: string;
  /** Overrides the SQLite file; `:memory:` for tests. */
  sqliteFile?: string;
  /** Key for secrets at rest; else APP_SECRET_KEY; else `secret.key` in dataDir. */
  secretKey?: string;
  /** The built panel. Default apps/web/dist of this repository. */
  webDist?: string;
  logger?: boolean;
  /** Where log lines go when `logger` is on (default stdout); tests read it. */
  logStream?: { write(line: string): void };
  /**
   * Behind a TLS-terminating reverse proxy: trust its X-Forwarded-* headers, so the session
   * cookie gets `Secure` and the Origin check compares with the public host. Off by default:
   * without a proxy those headers are whatever the client says.
   */
  trustProxy?: boolean;
  /** Per-IP limit of login/registration; `perEmail*` default to 5 per 15 minutes. */
  rateLimit?: {
    max: number;
    timeWindowMs: number;
    perEmailMax?: number;
    perEmailWindowMs?: number;
  };
  /** The clock (epoch ms); tests move it instead of sleeping. */
  now?: () => number;
  /**
   * The robot runtime (robot/scheduler.ts): on by default, polling the command queue every
   * `intervalMs` (1000). Tests pass `false` and call `processQueuedCommands` themselves.
   */
  robot?: false | RobotRuntimeOptions;
}

/** Request bodies above this are refused (413): no screen sends more than a few KiB. */
export const BODY_LIMIT_BYTES = 256 * 1024;

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const DEFAULT_RATE_LIMITS: RateLimits = {
  max: 10,
  timeWindowMs: 60_000,
  perEmailMax: 5,
  perEmailWindowMs: 15 * 60_000,
};

/** Never log a password, token or cookie value, whatever a future log line includes. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'body.password',
  'body.token',
  'body.tokenDemo',
  'body.tokenReal',
  '*.password',
  '*.token',
  '*.tokenDemo',
  '*.tokenReal',
];

/** The whole server (API, panel, docs) on a migrated database; used by server.ts and every test. */
export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const dataDir = resolve(options.dataDir ?? 'data');
  const database = openDatabase({
    dataDir,
    ...(options.databaseUrl !== undefined ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.sqliteFile !== undefined ? { sqliteFile: options.sqliteFile } : {}),
  });
  try {
    await migrateToLatest(database);
  } catch (err) {
    await database.db.destroy();
    throw err;
  }

  const app = Fastify({
    logger: options.logger
      ? {
          redact: { paths: REDACT, censor: '[redacted]' },
          ...(options.logStream ? { stream: options.logStream } : {}),
        }
      : false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // Refuse __proto__ / constructor.prototype keys in JSON outright (400), not just strip them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  const deps: AppDeps = {
    db: database.db,
    dialect: database.dialect,
    now: options.now ?? Date.now,
    secrets: createSecrets(loadSecretKey({ secretKey: options.secretKey, dataDir })),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimit },
  };
  app.decorate('deps', deps);
  app.decorate('implementedEndpoints', new Set<string>());
  const robotEvents = new EventEmitter();
  // Every open SSE stream listens; the default limit of 10 would warn on a busy server.
  robotEvents.setMaxListeners(0);
  app.decorate('robotEvents', robotEvents);
  app.decorateRequest('session', null);
  app.addHook('onClose', async () => {
    await database.db.destroy();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await registerSecurity(app);
  await registerDocs(app);

  authRoutes(app);
  globalParamsRoutes(app);
  strategiesRoutes(app);
  readerParamsRoutes(app);
  readerRequestsRoutes(app);
  brokersRoutes(app);
  proxyRoutes(app);
  botCommandsRoutes(app);
  botsRoutes(app);
  tradingRoutes(app);
  // Last: whatever the modules above left out answers 501 through the same pipeline.
  registerNotImplemented(app);
  registerDocsRoutes(app);
  await registerStatic(app, options.webDist ?? DEFAULT_WEB_DIST);
  if (options.robot !== false) startRobotRuntime(app, options.robot);
  return app;
}
