import type { TelegramBotHealth, TelegramBotState } from '@app/contract';
import { GrammyError, HttpError } from 'grammy';
import type { TelegramBotStatus } from '../../plugins/context.ts';

/**
 * What the operator bot is doing, for the log and the operator's health view: receiving
 * (`up`), waiting to try again after a network or server failure (`retrying`), shut out by
 * another poller or webhook using the same token (`conflict`, tried again with backoff), stopped
 * for good because Telegram refused the token (`unauthorized`: revoked at BotFather; only a new
 * token and a restart bring it back), leaving the receiving to another process (`standby`).
 * Errors are kept as Telegram described them, with the token blanked out.
 */

export type BotStatusSnapshot = TelegramBotStatus;
export type BotError = NonNullable<TelegramBotStatus['lastError']>;

/** Whether Telegram refused the token itself (401): nothing will work until it is replaced. */
export function isUnauthorized(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 401;
}

/** Whether another poller or a webhook holds the updates (409). */
export function isConflict(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 409;
}

/** Telegram's own error code of a refusal, or null for a network failure or a non-JSON page. */
export function errorCodeOf(err: unknown): number | null {
  return err instanceof GrammyError ? err.error_code : null;
}

/** A failure worth retrying later: no answer, a page that is not Telegram's, or a 5xx. */
export function isTransient(err: unknown): boolean {
  if (err instanceof HttpError) return true;
  if (err instanceof GrammyError) return err.error_code >= 500;
  return !(err instanceof GrammyError);
}

export function describeError(err: unknown, token: string, at: number): BotError {
  const raw =
    err instanceof GrammyError
      ? err.description
      : err instanceof HttpError
        ? `${err.message}${err.error instanceof Error ? ` (${err.error.message})` : ''}`
        : err instanceof Error
          ? err.message
          : String(err);
  // grammY keeps URLs out of its messages; blank the token anyway, wherever it might show.
  const description = raw.split(token).join('[token]').slice(0, 300);
  return { at, code: errorCodeOf(err), description };
}

export class BotStatus {
  private current: BotStatusSnapshot;

  constructor(
    private readonly now: () => number,
    private readonly onChange: (snapshot: BotStatusSnapshot) => void = () => undefined,
  ) {
    this.current = {
      state: 'starting',
      since: now(),
      lastError: null,
      retryAt: null,
      sendingPausedUntil: 0,
    };
  }

  snapshot(): BotStatusSnapshot {
    return { ...this.current };
  }

  get state(): TelegramBotState {
    return this.current.state;
  }

  /** Moves to `state` (keeping `since` when it does not change); `error` is remembered. */
  set(state: TelegramBotState, extra: { error?: BotError; retryAt?: number | null } = {}): void {
    const changed = state !== this.current.state;
    this.current = {
      ...this.current,
      state,
      since: changed ? this.now() : this.current.since,
      ...(extra.error ? { lastError: extra.error } : {}),
      retryAt:
        extra.retryAt === undefined ? (changed ? null : this.current.retryAt) : extra.retryAt,
    };
    if (changed || extra.error) this.onChange(this.snapshot());
  }

  /** A failure that changes no state (a send that failed): remembered for the health view. */
  failed(error: BotError): void {
    this.current = { ...this.current, lastError: error };
  }

  pauseSending(until: number): void {
    this.current = { ...this.current, sendingPausedUntil: until };
  }
}

/** The health view's shape of a snapshot (ISO times). */
export function healthOf(
  snapshot: BotStatusSnapshot | null,
  rest: Omit<TelegramBotHealth, 'state' | 'since' | 'lastError' | 'retryAt' | 'sendingPausedUntil'>,
): TelegramBotHealth {
  const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);
  return {
    ...rest,
    state: snapshot?.state ?? 'starting',
    since: iso(snapshot?.since),
    lastError: snapshot?.lastError
      ? {
          at: iso(snapshot.lastError.at) ?? '',
          code: snapshot.lastError.code,
          description: snapshot.lastError.description,
        }
      : null,
    retryAt: iso(snapshot?.retryAt),
    sendingPausedUntil: iso(snapshot?.sendingPausedUntil),
  };
}
