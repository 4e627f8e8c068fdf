import type { Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { Secrets } from '../lib/secrets.ts';
import type { ReaderHandle } from '../reader/runtime.ts';

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
    /** The signal reader: its deps and sources, `wake()`, `onSignals()`. */
    reader: ReaderHandle;
    /** `METHOD /path` of every endpoint of the table a module has registered. */
    implementedEndpoints: Set<string>;
  }
  interface FastifyRequest {
    session: RequestSession | null;
  }
}
