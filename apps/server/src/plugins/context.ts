import type { EventEmitter } from 'node:events';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { Secrets } from '../lib/secrets.ts';

/** Limits of the credential endpoints (login, registration). */
export interface RateLimits {
  /** Attempts per client IP per window. */
  max: number;
  timeWindowMs: number;
  /** Attempts per e-mail per window, whatever the IP (slows down spread-out guessing). */
  perEmailMax: number;
  perEmailWindowMs: number;
}

/** What every module needs, decorated once on the app (`app.deps`). */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Epoch milliseconds; injectable so tests move time without sleeping. */
  now: () => number;
  secrets: Secrets;
  rateLimits: RateLimits;
}

/** The logged-in account of a request, resolved from the `sid` cookie. */
export interface RequestSession {
  /** sha256 hex of the cookie's token (the sessions row id). */
  id: string;
  accountId: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** `METHOD /path` of every endpoint of the table a module has registered. */
    implementedEndpoints: Set<string>;
    /**
     * In-process robot news: `queued` (botId) when the API queued a command (wakes the runtime),
     * `change` (botId) when the runtime changed a bot's feed or figures (wakes its SSE streams).
     */
    robotEvents: EventEmitter;
  }
  interface FastifyRequest {
    session: RequestSession | null;
  }
}
