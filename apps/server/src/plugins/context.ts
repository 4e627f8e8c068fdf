import type { EventEmitter } from 'node:events';
import type { TelegramBotHealth, TelegramBotState } from '@app/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { BotMessenger } from '../lib/messenger.ts';
import type { KeySource, Secrets } from '../lib/secrets.ts';
import type { ReaderHandle } from '../reader/runtime.ts';
import type { ThrottlePolicy } from '../lib/throttle-policy.ts';
import type { StreamHub } from './stream-hub.ts';

/** Request rate of the credential endpoints (login, registration) per client IP. */
export interface RateLimits {
  /** Requests per client IP per window. */
  max: number;
  timeWindowMs: number;
}

/** What every module needs, decorated once on the app (`app.deps`). */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Epoch milliseconds; injectable so tests move time without sleeping. */
  now: () => number;
  secrets: Secrets;
  /** Where the secrets key came from (reported by /api/health). */
  keySource: KeySource;
  rateLimits: RateLimits;
  /** Guessing limits of login and the registration cap (lib/throttle-policy.ts). */
  throttle: ThrottlePolicy;
  /** Sends verification codes to messaging-app ids (lib/messenger.ts). */
  messenger: BotMessenger;
  /** A new bot's free trial in days (TRIAL_DAYS): `botexp` = creation + this; 0 = none. */
  trialDays: number;
  /**
   * The panel's public origin (PUBLIC_URL, e.g. `https://robo.example.com`), or null: when set,
   * payment links and the Origin check use it instead of the request's Host header.
   */
  publicUrl: string | null;
}

/**
 * The operator's Telegram bot as the app carries it (`app.telegramBot`); the Telegram bot module
 * implements it (modules/telegram-bot/operator-bot.ts), so this layer names no module.
 */
/** What a webhook request came to (the route answers 401, 400 or 200 from it). */
export type WebhookOutcome = 'handled' | 'duplicate' | 'unauthorized' | 'invalid';

/** This process's receiver state (modules/telegram-bot/bot-status.ts), epoch ms. */
export interface TelegramBotStatus {
  state: TelegramBotState;
  since: number;
  lastError: { at: number; code: number | null; description: string } | null;
  retryAt: number | null;
  /** Sending paused until (a 429's retry_after, or backoff after failures); 0 = not paused. */
  sendingPausedUntil: number;
}

export interface TelegramBotHandle {
  /** The bot's @username once getMe answered, else null. */
  username(): string | null;
  mode: 'polling' | 'webhook';
  /** Waits for getMe (throws when Telegram refused the token or cannot be reached). */
  ready(): Promise<void>;
  /** `https://t.me/<bot>?start=<payload>`, or null before getMe answered. */
  deepLink(payload?: string): string | null;
  messenger: BotMessenger;
  /** One getUpdates without waiting, its updates handled; how many there were. */
  pollOnce(): Promise<number>;
  drainOnce(): Promise<number>;
  feedOnce(): Promise<number>;
  /**
   * A webhook request: `unauthorized` when its secret header is wrong, `invalid` when the body is
   * not an update; answered within a time limit (the handling goes on after the answer).
   */
  handleWebhook(secretHeader: string | undefined, update: unknown): Promise<WebhookOutcome>;
  /** The operator's view: state, last error, what waits in the outbox. */
  health(): Promise<TelegramBotHealth>;
  /** This process's receiver state. */
  status(): TelegramBotStatus;
  start(): void;
  stop(): Promise<void>;
}

/**
 * A copy-trading relationship between the caller's bot and the bot the request names, as the
 * endpoint's `relation` check found it: the `copy_follows` row, and what the caller is in it.
 */
export interface FollowMatch {
  id: number;
  product: 'copy' | 'meta';
  state: 'pending' | 'accepted' | 'refused';
  /** The caller's side. */
  role: 'follower' | 'trader';
  followerBotId: number;
  traderBotId: number;
}

/** The logged-in account of a request, resolved from the `sid` cookie. */
export interface RequestSession {
  /** sha256 hex of the cookie's token (the sessions row id). */
  id: string;
  accountId: number;
  /**
   * The bot the request names (its owner field, read before validation) looked up together with
   * the session: its row id when the account owns it, else null. Absent when not looked up.
   */
  ownedBot?: { userid: string; id: number | null };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The signal reader: its deps and sources, `wake()`, `onSignals()`. */
    reader: ReaderHandle;
    /** `METHOD /path` of every endpoint of the table a module has registered. */
    implementedEndpoints: Set<string>;
    /**
     * In-process robot news: `queued` (botId) when the API queued a command (wakes the runtime),
     * `change` (botId) when the runtime changed a bot's feed or figures (wakes its SSE streams).
     */
    robotEvents: EventEmitter;
    /** Every open live stream of this process (plugins/stream-hub.ts). */
    streamHub: StreamHub;
    /** The operator's Telegram bot (modules/telegram-bot), null without TELEGRAM_BOT_TOKEN. */
    telegramBot: TelegramBotHandle | null;
  }
  interface FastifyRequest {
    session: RequestSession | null;
    /** The relationships `route()` found for an endpoint that declares a `relation`. */
    follows?: FollowMatch[];
  }
}
