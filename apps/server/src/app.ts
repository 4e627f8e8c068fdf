import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { DEFAULT_TRIAL_DAYS, isWebUrl } from '@app/contract';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { migrateToLatest, openDatabase } from './db/connect.ts';
import { LazyChildLogger } from './lib/lazy-child-logger.ts';
import { localOutbox, type BotMessenger } from './lib/messenger.ts';
import type { TelegramBotConfig } from './modules/telegram-bot/operator-bot.ts';
import { telegramBotRoutes } from './modules/telegram-bot/telegram-bot.routes.ts';
import { ConfigReader, metricsToken, type RetentionSettings } from './lib/config.ts';
import { startRetentionJob } from './db/retention.ts';
import { recordKeyCheck } from './lib/key-check.ts';
import { REDACT } from './lib/logger.ts';
import { createSecrets, loadSecretKey } from './lib/secrets.ts';
import { fastifyTrustProxy, type TrustProxy } from './lib/trust-proxy.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { DEFAULT_THROTTLE, type ThrottlePolicy } from './lib/throttle-policy.ts';
import { botCommandsRoutes } from './modules/bot-commands/bot-commands.routes.ts';
import { botsRoutes } from './modules/bots/bots.routes.ts';
import { buyRobotRoutes } from './modules/buy-robot/buy-robot.routes.ts';
import { halfConfiguredProviders } from './payments/real-providers.ts';
import {
  createPaymentRegistry,
  localStateMessage,
  type PaymentOptions,
  type PaymentRegistry,
} from './payments/registry.ts';
import { brokersRoutes } from './modules/brokers/brokers.routes.ts';
import { derivOAuthFromEnv, type DerivOAuthConfig } from './modules/brokers/deriv-oauth.ts';
import { globalParamsRoutes } from './modules/global-params/global-params.routes.ts';
import { healthRoutes, parseOperatorEmails } from './modules/health/health.routes.ts';
import { metricsRoutes } from './modules/health/metrics.routes.ts';
import { processMetrics, type Metrics } from './lib/metrics.ts';
import { proxyRoutes } from './modules/proxy/proxy.routes.ts';
import { readerParamsRoutes } from './modules/reader-params/reader-params.routes.ts';
import { readerRequestsRoutes } from './modules/reader-requests/reader-requests.routes.ts';
import { strategiesRoutes } from './modules/strategies/strategies.routes.ts';
import { panelConfigRoutes } from './modules/panel-config/panel-config.routes.ts';
import type { AppDeps, RateLimits, TelegramBotHandle } from './plugins/context.ts';
import { registerDocs, registerDocsRoutes } from './plugins/docs.ts';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { registerNotImplemented } from './plugins/route.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerStatic } from './plugins/static.ts';
import { createInboxSource } from './reader/inbox-source.ts';
import { createReader, type ReaderHandle, type ReaderRuntimeOptions } from './reader/runtime.ts';
import type { TelegramClientFactory } from './reader/telegram/client.ts';
import type { TelegramSource } from './reader/telegram/telegram-source.ts';
import { tradingRoutes } from './modules/trading/trading.routes.ts';
import { closeBrokers } from './robot/runtime.ts';
import { closeMarketData, marketDataOf } from './market/market-config.ts';
import { copyTraderRoutes } from './modules/copy-trader/copy-trader.routes.ts';
import { metaCopyRoutes } from './modules/meta-copy/meta-copy.routes.ts';
import { copyStatsRoutes } from './modules/copy-stats/copy-stats.routes.ts';
import { startRobotRuntime, type RobotRuntimeOptions } from './robot/scheduler.ts';
import { channelsRoutes } from './modules/channels/channels.routes.ts';
import { channelRecordsRoutes } from './modules/channel-records/channel-records.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { phoneRoutes } from './modules/phone/phone.routes.ts';
import { readerRoutes } from './modules/reader/reader.routes.ts';
import { signalsRoutes } from './modules/signals/signals.routes.ts';

export interface BuildOptions {
  /** `postgres://…` → PostgreSQL (pooled); otherwise the embedded SQLite. */
  databaseUrl?: string;
  /** Where SQLite's `app.db` and the generated `secret.key` live. Default `./data`. */
  dataDir?: string;
  /** Overrides the SQLite file; `:memory:` for tests. */
  sqliteFile?: string;
  /** Key for secrets at rest; else APP_SECRET_KEY; else the key file (below). */
  secretKey?: string;
  /** Key file (created 0600 when missing); else APP_SECRET_KEY_FILE; else `secret.key` in dataDir. */
  secretKeyFile?: string;
  /** The built panel. Default apps/web/dist of this repository. */
  webDist?: string;
  logger?: boolean;
  /** The log level when `logger` is on (LOG_LEVEL; default info). */
  logLevel?: string;
  /** PostgreSQL pool size and statement time-out (DATABASE_POOL_MAX, DATABASE_STATEMENT_TIMEOUT_MS). */
  database?: { poolMax?: number; statementTimeoutMs?: number };
  /** Where log lines go when `logger` is on (default stdout); tests read it. */
  logStream?: { write(line: string): void };
  /**
   * Behind a TLS-terminating reverse proxy: how many proxy hops to trust, or their addresses
   * (lib/trust-proxy.ts). The session cookie gets `Secure`, the Origin check compares with the
   * public host and limits count the real client address. Off by default: without a proxy those
   * headers are whatever the client says.
   */
  trustProxy?: TrustProxy;
  /** Request rate of login/registration per client IP (default 10 a minute). */
  rateLimit?: Partial<RateLimits>;
  /** Guessing limits of login and the registration cap; defaults in lib/throttle-policy.ts. */
  throttle?: Partial<ThrottlePolicy>;
  /** Sends bot verification codes; default: the local outbox file in dataDir (lib/messenger.ts). */
  messenger?: BotMessenger;
  /**
   * The support chat the panel's Configure menu links to (`SUPPORT_URL`, an http(s) URL); none:
   * the panel shows no support card.
   */
  supportUrl?: string;
  /** The clock (epoch ms); tests move it instead of sleeping. */
  now?: () => number;
  /**
   * The robot runtime (robot/scheduler.ts): on by default, polling the command queue every
   * `intervalMs` (1000). Tests pass `false` and call `processQueuedCommands` themselves.
   */
  robot?: false | RobotRuntimeOptions;
  /**
   * The signal reader (reader/runtime.ts): on by default, a pass every `intervalMs` (1000) and
   * at once when a message arrives. Tests pass `false` and call `app.reader.runOnce()`.
   */
  reader?: false | ReaderRuntimeOptions;
  /**
   * READER=off: the workers read the channels (WORKER_READER=on). This process keeps the
   * Telegram sign-in and chat lists but no live Telegram connection, and runs no reader.
   */
  readerInWorkers?: boolean;
  /**
   * The messaging-app source: default from TELEGRAM_API_ID / TELEGRAM_API_HASH; `null` = off
   * (local inbox only). Tests pass a fake client factory.
   */
  telegram?: { apiId: number; apiHash: string; createClient?: TelegramClientFactory } | null;
  /**
   * Payment providers: default the real ones whose keys are in the environment, and
   * the local provider while none is configured (PAYMENTS_LOCAL=on|off overrides).
   */
  payments?: PaymentOptions;
  /**
   * The panel's public address (PUBLIC_URL, e.g. https://robo.example.com) for the links a
   * payment provider sends the buyer back to and posts notifications to; default: the request's.
   */
  publicUrl?: string;
  /** "Conectar Deriv" (OAuth): default from DERIV_OAUTH_CLIENT_ID / DERIV_OAUTH_URL; null = off. */
  derivOAuth?: DerivOAuthConfig | null;
  /**
   * The accounts (e-mails) that count as operators: `/api/health` tells them, as it tells
   * loopback, where the secret key lives. Default OPERATOR_EMAILS (comma-separated); none.
   */
  operatorEmails?: string[];
  /**
   * A new bot's free trial in days (TRIAL_DAYS, default DEFAULT_TRIAL_DAYS = 7): its expiry is
   * its creation plus this; 0 = no trial, a bot must be bought before it trades.
   */
  trialDays?: number;
  /**
   * The operator's Telegram bot: default from TELEGRAM_BOT_TOKEN (and TELEGRAM_BOT_API_URL);
   * `null` = none (codes go to the outbox file). Tests pass a fake Bot API's root and `run: false`.
   */
  telegramBot?: TelegramBotConfig | null;
  /**
   * The bearer token a scraper on another machine sends to read `GET /metrics` (METRICS_TOKEN);
   * null/unset: only this machine reads it.
   */
  metricsToken?: string | null;
  /** The registry `GET /metrics` serves; default the process's (lib/metrics.ts). */
  metrics?: Metrics;
  /**
   * The pruning job of the append-only tables (db/retention.ts): server.ts passes the validated
   * RETENTION_* settings; absent or an interval of 0, no job (tests prune by hand).
   */
  retention?: RetentionSettings;
}

/** TELEGRAM_BOT_TOKEN switches the operator's bot on; TELEGRAM_BOT_API_URL replaces the API root. */
function telegramBotFromEnv(): TelegramBotConfig | null {
  const token = process.env.TELEGRAM_BOT_TOKEN?.trim() ?? '';
  if (token === '') return null;
  const apiRoot = process.env.TELEGRAM_BOT_API_URL?.trim() || undefined;
  if (apiRoot !== undefined && !isWebUrl(apiRoot)) {
    throw new Error('TELEGRAM_BOT_API_URL must be an http(s) URL, e.g. http://127.0.0.1:8081');
  }
  return { token, ...(apiRoot ? { apiRoot } : {}) };
}

/** METRICS_TOKEN as serverSettings validates it (build() called without server.ts: tests). */
function metricsTokenFromEnv(): string | null {
  const c = new ConfigReader(process.env);
  const token = metricsToken(c);
  c.done();
  return token;
}

/** TRIAL_DAYS: a whole number of days ≥ 0; unset or empty → the default. */
function trialDaysFromEnv(): number {
  const raw = process.env.TRIAL_DAYS?.trim() ?? '';
  if (raw === '') return DEFAULT_TRIAL_DAYS;
  if (!/^\d{1,5}$/.test(raw)) {
    throw new Error('TRIAL_DAYS must be a whole number of days (0 = no free trial), e.g. 7');
  }
  return Number(raw);
}

/** TELEGRAM_API_ID and TELEGRAM_API_HASH switch the Telegram source on. */
function telegramFromEnv(): BuildOptions['telegram'] {
  const apiId = Number(process.env.TELEGRAM_API_ID);
  const apiHash = process.env.TELEGRAM_API_HASH?.trim() ?? '';
  return Number.isInteger(apiId) && apiId > 0 && apiHash !== '' ? { apiId, apiHash } : null;
}

/** Request bodies above this are refused (413): no screen sends more than a few KiB. */
export const BODY_LIMIT_BYTES = 256 * 1024;

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const DEFAULT_RATE_LIMITS: RateLimits = { max: 10, timeWindowMs: 60_000 };

/**
 * Query values that are secrets never reach the request log: an OAuth `code` and `state` (Deriv
 * sends the browser back to `/brokerconfig?code=…&state=…`), a token.
 */
export function redactQuery(url: string): string {
  return url.replace(/([?&](?:code|state|token|access_token)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * One log line per request, written when it completes, with only what an operator needs; instead
 * of Fastify's two ("incoming request", "request completed") serialising the whole request and
 * reply through redaction, which was 5 % of the API's busy time.
 */
class OneLineRequestLog extends LogController {
  /**
   * The request line holds only method, url, status and time, so it skips the redaction every
   * other line goes through (its wildcard paths walked each line: 4 % of an authenticated read's
   * time). Made once, from the server's logger: same stream, level and bindings.
   */
  private lineLog: FastifyBaseLogger | null = null;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    req: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: req.method,
      url: redactQuery(req.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    this.lineLog ??= reply.server.log.child({}, { redact: [] });
    this.lineLog.info({ reqId: req.id, ...line }, 'request');
  }
}

/** Only the error's name and message: a driver error can carry query parameters. */
function errorSummary(err: unknown): { name: string; message: string } {
  return err instanceof Error
    ? { name: err.name, message: err.message }
    : { name: 'Error', message: String(err) };
}

/**
 * A payment provider with only some of its keys stays off; say so at start, naming the keys it
 * misses (never any value), so an operator does not wonder why its method reads "not available".
 */
function warnHalfConfiguredProviders(log: FastifyBaseLogger, env: NodeJS.ProcessEnv): void {
  for (const { provider, missing } of halfConfiguredProviders(env)) {
    log.warn(
      { provider, missing },
      `payment provider ${provider} is off: missing ${missing.join(', ')}`,
    );
  }
}

/** PUBLIC_URL as an origin (`https://host[:port]`), or null when unset. */
function publicUrlOf(raw: string | undefined): string | null {
  const given = raw?.trim().replace(/\/+$/, '') || null;
  if (given === null) return null;
  if (!isWebUrl(given)) {
    throw new Error('PUBLIC_URL must be an http(s) URL, e.g. https://robo.example.com');
  }
  return given;
}

/**
 * In production a real payment provider needs PUBLIC_URL: without it the links sent to the
 * provider (where the buyer returns, where notifications go) would be built from the request's
 * Host header, which the client chooses.
 */
function requirePublicUrlForRealPayments(
  payments: PaymentRegistry,
  publicUrl: string | null,
  env: NodeJS.ProcessEnv,
): void {
  if (publicUrl !== null || env.NODE_ENV?.trim() !== 'production') return;
  const real = payments.realNames;
  if (real.length > 0) {
    throw new Error(
      `PUBLIC_URL must be set in production when a payment provider is configured (${real.join(', ')}), e.g. PUBLIC_URL=https://robo.example.com`,
    );
  }
}

/** The whole server (API, panel, docs) on a migrated database; used by server.ts and every test. */
export async function build(options: BuildOptions = {}): Promise<FastifyInstance> {
  const supportUrl = options.supportUrl?.trim() || null;
  if (supportUrl !== null && !isWebUrl(supportUrl)) {
    throw new Error('SUPPORT_URL must be an http(s) URL, e.g. https://t.me/your_support');
  }
  const publicUrl = publicUrlOf(options.publicUrl ?? process.env.PUBLIC_URL);
  const trialDays = options.trialDays ?? trialDaysFromEnv();
  if (!Number.isInteger(trialDays) || trialDays < 0) {
    throw new Error('trialDays must be a whole number of days ≥ 0');
  }
  const dataDir = resolve(options.dataDir ?? 'data');
  // The logger exists once Fastify does; a connection dropped before that is only discarded.
  let onIdleError = (_err: Error): void => undefined;
  const database = await openDatabase({
    dataDir,
    onIdleError: (err) => onIdleError(err),
    ...(options.databaseUrl !== undefined ? { databaseUrl: options.databaseUrl } : {}),
    ...(options.sqliteFile !== undefined ? { sqliteFile: options.sqliteFile } : {}),
    ...options.database,
  });
  try {
    await migrateToLatest(database);
    // MARKET_DATA is read now, so a misspelt source stops the start instead of the first order.
    marketDataOf(database.db);
  } catch (err) {
    await database.db.destroy();
    throw err;
  }

  const app = Fastify({
    logger: options.logger
      ? {
          redact: { paths: REDACT, censor: '[redacted]' },
          level: options.logLevel ?? 'info',
          ...(options.logStream ? { stream: options.logStream } : {}),
        }
      : false,
    logController: new OneLineRequestLog(),
    childLoggerFactory: (logger, bindings, options) =>
      new LazyChildLogger(logger, bindings, options),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    // Refuse __proto__ / constructor.prototype keys in JSON outright (400), not just strip them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Errors raised before a route runs answer the same envelope as everything else.
    frameworkErrors,
    clientErrorHandler,
  });

  const loadedKey = loadSecretKey({
    secretKey: options.secretKey,
    secretKeyFile: options.secretKeyFile,
    dataDir,
  });
  const now = options.now ?? Date.now;
  const robotEvents = new EventEmitter();
  // Every open SSE stream listens; the default limit of 10 would warn on a busy server.
  robotEvents.setMaxListeners(0);
  const botConfig = options.telegramBot === undefined ? telegramBotFromEnv() : options.telegramBot;
  const deps: AppDeps = {
    db: database.db,
    dialect: database.dialect,
    now,
    secrets: createSecrets(loadedKey.key),
    keySource: loadedKey.source,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimit },
    throttle: { ...DEFAULT_THROTTLE, ...options.throttle },
    messenger: options.messenger ?? localOutbox(dataDir, now),
    trialDays,
    publicUrl,
  };
  app.decorate('deps', deps);
  // Workers compare their key with this fingerprint and refuse another one (lib/key-check.ts).
  if ((await recordKeyCheck(deps.db, loadedKey.key, now())) === 'changed') {
    app.log.warn(
      'secret key: this is not the key the database last ran with; broker logins and Telegram sessions saved under the old key cannot be decrypted',
    );
  }
  // The grammY bot (and its plugins) is loaded only when a token is configured.
  let telegramBot: TelegramBotHandle | null = null;
  if (botConfig) {
    const { createOperatorBot } = await import('./modules/telegram-bot/operator-bot.ts');
    telegramBot = createOperatorBot(botConfig, {
      deps,
      robotEvents,
      publicUrl,
      log: {
        info: (o, m) => app.log.info(o, m),
        warn: (o, m) => app.log.warn(o, m),
        error: (o, m) => app.log.error(o, m),
      },
    });
    if (options.messenger === undefined) deps.messenger = telegramBot.messenger;
  }
  app.decorate('telegramBot', telegramBot);
  onIdleError = (err) =>
    app.log.error({ err: errorSummary(err) }, 'database: an idle connection was dropped');
  const logError = (err: unknown, context: Record<string, unknown>) =>
    app.log.error({ err: errorSummary(err), ...context }, 'signal reader: failed');
  const telegramConfig = options.telegram === undefined ? telegramFromEnv() : options.telegram;
  const wakeReader = { wake: () => {} };
  // The `telegram` package (a quarter of the built server, and its API tables in memory) is
  // loaded only when Telegram is configured: start-up and idle memory.
  let telegram: TelegramSource | null = null;
  if (telegramConfig) {
    const { createTelegramSource } = await import('./reader/telegram/telegram-source.ts');
    telegram = createTelegramSource({
      db: deps.db,
      now: deps.now,
      secrets: deps.secrets,
      credentials: { apiId: telegramConfig.apiId, apiHash: telegramConfig.apiHash },
      createClient:
        telegramConfig.createClient ??
        (await import('./reader/telegram/client.ts')).createTelegramClient,
      onDelivered: () => wakeReader.wake(),
      onError: logError,
      keepLive: options.readerInWorkers !== true,
    });
  }
  const reader: ReaderHandle = createReader({
    db: deps.db,
    dialect: deps.dialect,
    now: deps.now,
    secrets: deps.secrets,
    inbox: createInboxSource(deps.db),
    telegram,
    onError: logError,
  });
  wakeReader.wake = () => reader.wake();
  app.decorate('reader', reader);
  app.decorate('implementedEndpoints', new Set<string>());
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
  brokersRoutes(app, {
    publicUrl,
    derivOAuth: options.derivOAuth === undefined ? derivOAuthFromEnv() : options.derivOAuth,
  });
  proxyRoutes(app);
  botCommandsRoutes(app);
  botsRoutes(app);
  metricsRoutes(app, {
    metrics: options.metrics ?? processMetrics(),
    token: options.metricsToken === undefined ? metricsTokenFromEnv() : options.metricsToken,
  });
  healthRoutes(
    app,
    (options.operatorEmails ?? parseOperatorEmails(process.env.OPERATOR_EMAILS)).map((e) =>
      e.trim().toLowerCase(),
    ),
  );
  panelConfigRoutes(app, supportUrl, telegramBot);
  channelsRoutes(app);
  inboxRoutes(app);
  signalsRoutes(app);
  readerRoutes(app);
  phoneRoutes(app);
  tradingRoutes(app);
  warnHalfConfiguredProviders(app.log, options.payments?.env ?? process.env);
  const payments = await createPaymentRegistry(options.payments);
  requirePublicUrlForRealPayments(payments, publicUrl, options.payments?.env ?? process.env);
  const localLine = localStateMessage(payments.localState);
  if (payments.localState.on) app.log.warn({ payments: 'local' }, localLine);
  else app.log.info({ payments: 'local' }, localLine);
  buyRobotRoutes(app, payments);
  copyTraderRoutes(app);
  metaCopyRoutes(app);
  copyStatsRoutes(app);
  channelRecordsRoutes(app);
  telegramBotRoutes(app, telegramBot);
  // Last: whatever the modules above left out answers 501 through the same pipeline.
  registerNotImplemented(app);
  registerDocsRoutes(app);
  await registerStatic(app, options.webDist ?? DEFAULT_WEB_DIST);
  // Broker connections (Deriv) close after the runtime has stopped (hooks run last-added first).
  app.addHook('onClose', () => closeBrokers(app.deps));
  app.addHook('onClose', () => closeMarketData(app.deps.db));
  if (options.robot !== false) startRobotRuntime(app, options.robot);
  if (options.retention && options.retention.intervalMs > 0) {
    const metrics = options.metrics ?? processMetrics();
    const job = startRetentionJob(deps.db, {
      retention: options.retention.days,
      batch: options.retention.batch,
      intervalMs: options.retention.intervalMs,
      now: deps.now,
      onRun: (deleted) => {
        for (const [table, n] of Object.entries(deleted)) metrics.prunedRows(table, n);
        app.log.info({ deleted }, 'retention: old rows pruned');
      },
      onError: (err) => app.log.error({ err: errorSummary(err) }, 'retention: pruning failed'),
    });
    app.addHook('onClose', () => job.stop());
  }
  // Stops before build()'s own hook closes the database (hooks run last-added first).
  app.addHook('onClose', () => reader.stop());
  if (options.reader !== false) reader.start(options.reader);
  if (telegramBot) {
    const handle = telegramBot;
    app.addHook('onClose', () => handle.stop());
    handle.start();
  }
  return app;
}
