import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Where the key that encrypts stored secrets comes from: the environment (`APP_SECRET_KEY`), a
 * key file outside the data directory, or `secret.key` beside the data (a copy of the data folder
 * then decrypts every broker password: the operator should move it).
 */
export const KEY_SOURCES = ['environment', 'key-file', 'beside-data'] as const;

/**
 * The operator bot's state (apps/server modules/telegram-bot/bot-status.ts): `off` without a
 * token; `starting` until Telegram first answered; `up` receiving; `retrying` after a network or
 * server failure; `conflict` while another poller or a webhook elsewhere takes the updates (409);
 * `unauthorized` once Telegram refused the token (401: revoked; a new token and a restart are
 * needed); `standby` in a process that leaves receiving to the one holding the lease; `stopped`.
 */
export const TELEGRAM_BOT_STATES = [
  'off',
  'starting',
  'up',
  'retrying',
  'conflict',
  'unauthorized',
  'standby',
  'stopped',
] as const;
export type TelegramBotState = (typeof TELEGRAM_BOT_STATES)[number];

const isoTime = z.string().nullable();

/** The operator's view of the robot's Telegram bot: what it does, why not, what waits to go out. */
export const TelegramBotHealthSchema = z.object({
  state: z.enum(TELEGRAM_BOT_STATES),
  /** `polling` (getUpdates) or `webhook`; null without a token. */
  mode: z.enum(['polling', 'webhook']).nullable(),
  username: z.string().nullable(),
  /** Which process receives: this one, another one (its lease is alive), or none at the moment. */
  receiver: z.enum(['this', 'other', 'none']),
  since: isoTime,
  /** The last failure as Telegram described it (never a token), or a network error. */
  lastError: z
    .object({ at: z.string(), code: z.number().nullable(), description: z.string() })
    .nullable(),
  /** When the receiver tries again (after a conflict, a network or server failure). */
  retryAt: isoTime,
  /** Sending paused until then (Telegram's 429, or backoff after failures). */
  sendingPausedUntil: isoTime,
  /** Messages waiting: queued, and codes waiting for their chat to write to the bot first. */
  outbox: z.object({
    queued: z.number().int(),
    oldestQueuedSec: z.number().int().nullable(),
    waitingForChat: z.number().int(),
  }),
});
export type TelegramBotHealth = z.infer<typeof TelegramBotHealthSchema>;

/**
 * What a load balancer learns from `GET /api/health` (the database answers); the key's source and
 * the warnings only on this machine (loopback, not proxied) or for a logged-in operator
 * (OPERATOR_EMAILS). No secret, no path.
 */
export const HealthSchema = z.object({
  ok: z.literal(true),
  database: z.enum(['sqlite', 'postgres']),
  secretKey: z.enum(KEY_SOURCES).optional(),
  /** Warning codes an operator should act on, e.g. `health.keyBesideData`. */
  warnings: z.array(z.string()).optional(),
  /**
   * Each outside connection's state, for an operator only (like `secretKey`): the Telegram bot
   * here; the reader and the brokers have their own keys.
   */
  connectors: z
    .object({
      telegramBot: TelegramBotHealthSchema.optional(),
    })
    .optional(),
});
export type Health = z.infer<typeof HealthSchema>;

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    area: 'health',
    summary:
      'Operator check: the database answers; where the secret key lives only to loopback or an operator (OPERATOR_EMAILS). Not in SPEC §7.',
    response: HealthSchema,
    owner: null,
  }),
};
