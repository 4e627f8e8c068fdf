import type { ApiCredentials, TelegramClientFactory, TelegramClientPort } from './client.ts';

/**
 * Telegram could not be reached: gramjs's `connect()` resolved false (every attempt failed), or
 * a call did not answer within its time. gramjs never rejects such calls by itself: a client
 * whose connection never opened, or gave up reconnecting, leaves them waiting for ever.
 */
export class TelegramUnreachableError extends Error {
  constructor(readonly what: string) {
    super(`telegram: ${what} did not answer`);
    this.name = 'TelegramUnreachableError';
  }
}

/** `work`, or {@link TelegramUnreachableError} once `ms` have passed without an answer. */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TelegramUnreachableError(what)), ms);
    timer.unref?.();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** How long `destroy()` may take before the reader goes on without it, ms. */
const DESTROY_TIMEOUT_MS = 10_000;

/** Ends a client for good (gramjs's `disconnect()` leaves its update loop running). */
export async function destroyClient(client: TelegramClientPort): Promise<void> {
  await within(client.destroy(), DESTROY_TIMEOUT_MS, 'destroy').catch(() => undefined);
}

/**
 * A client built and connected within `timeoutMs`: a `connect()` that resolves false or does not
 * answer in time is {@link TelegramUnreachableError}, and the client is destroyed (its update
 * loop runs even when the connection never opened).
 */
export async function connectClient(
  createClient: TelegramClientFactory,
  session: string,
  credentials: ApiCredentials,
  options: { floodSleepThresholdSec: number; timeoutMs: number },
): Promise<TelegramClientPort> {
  const client = createClient(session, credentials, {
    floodSleepThresholdSec: options.floodSleepThresholdSec,
  });
  try {
    const ok = await within(client.connect(), options.timeoutMs, 'connect');
    if (ok === false) throw new TelegramUnreachableError('connect');
  } catch (err) {
    await destroyClient(client);
    throw err;
  }
  return client;
}
