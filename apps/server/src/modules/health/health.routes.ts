import { endpoints, type Health, type TelegramBotHealth } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { route } from '../../plugins/route.ts';
import type { RequestSession } from '../../plugins/context.ts';

/** No TELEGRAM_BOT_TOKEN: no bot; codes go to the outbox file. */
const TELEGRAM_BOT_OFF: TelegramBotHealth = {
  state: 'off',
  mode: null,
  username: null,
  receiver: 'none',
  since: null,
  lastError: null,
  retryAt: null,
  sendingPausedUntil: null,
  outbox: { queued: 0, oldestQueuedSec: null, waitingForChat: 0 },
};

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request from this machine itself: the client address is loopback and no proxy forwarded it
 * (a reverse proxy on the same machine connects from loopback for everyone, but says so).
 */
function fromThisMachine(req: FastifyRequest): boolean {
  return (
    LOOPBACK.has(req.ip) &&
    req.headers['x-forwarded-for'] === undefined &&
    req.headers.forwarded === undefined
  );
}

/** The operators' e-mails (OPERATOR_EMAILS, comma-separated), trimmed and lower-case. */
export function parseOperatorEmails(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
}

/**
 * `GET /api/health`: the database answers a query (what a load balancer needs; the bot being down
 * does not fail it, the panel still serves). Where the secret key lives (and the warning about
 * it) and each connector's state (the Telegram bot: receiving or why not, its last error, what
 * waits in its outbox) are told only to this machine or a logged-in operator: to anyone else the
 * first is a map of where to look for the key, the second of what is failing.
 */
export function healthRoutes(app: FastifyInstance, operatorEmails: readonly string[]): void {
  const operators = new Set(operatorEmails);
  async function isOperator(session: RequestSession | null): Promise<boolean> {
    if (session === null || operators.size === 0) return false;
    const row = await app.deps.db
      .selectFrom('accounts')
      .select('email')
      .where('id', '=', session.accountId)
      .executeTakeFirst();
    return row !== undefined && operators.has(row.email);
  }

  route(app, endpoints.health, async ({ req, maybeSession }): Promise<Health> => {
    const { db, dialect, keySource } = app.deps;
    await sql`select 1`.execute(db);
    const health: Health = { ok: true, database: dialect };
    if (fromThisMachine(req) || (await isOperator(maybeSession))) {
      health.secretKey = keySource;
      health.warnings = keySource === 'beside-data' ? ['health.keyBesideData'] : [];
      health.connectors = {
        telegramBot: app.telegramBot ? await app.telegramBot.health() : TELEGRAM_BOT_OFF,
      };
    }
    return health;
  });
}
