import { errors } from 'telegram';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { BotRef } from '../copy-rooms.ts';
import { connectClient, destroyClient, TelegramUnreachableError, within } from './calls.ts';
import {
  Api,
  INTERACTIVE_FLOOD_SLEEP_SEC,
  type ApiCredentials,
  type TelegramClientFactory,
  type TelegramClientPort,
} from './client.ts';

/** A sign-in failure a person can act on: an i18n key, the HTTP status, and its params. */
export class MessagingAuthError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly params?: Record<string, number>,
  ) {
    super(code);
    this.name = 'MessagingAuthError';
  }
}

/** Maps the package's errors to ours; anything unexpected is the app's refusal, not our crash. */
export function authErrorOf(err: unknown): MessagingAuthError {
  if (err instanceof MessagingAuthError) return err;
  if (err instanceof TelegramUnreachableError) {
    return new MessagingAuthError('phone.errors.unreachable', 503);
  }
  if (err instanceof errors.FloodWaitError) {
    return new MessagingAuthError('phone.errors.floodWait', 429, { seconds: err.seconds });
  }
  const message = err instanceof errors.RPCError ? err.errorMessage : '';
  switch (message) {
    case 'PHONE_CODE_INVALID':
    case 'PHONE_CODE_EMPTY':
      return new MessagingAuthError('phone.errors.codeInvalid', 400);
    case 'PHONE_CODE_EXPIRED':
    case 'PHONE_CODE_HASH_EMPTY':
      return new MessagingAuthError('phone.errors.codeExpired', 400);
    case 'PASSWORD_HASH_INVALID':
      return new MessagingAuthError('phone.errors.passwordInvalid', 400);
    case 'PHONE_NUMBER_BANNED':
      return new MessagingAuthError('phone.errors.banned', 400);
    case 'PHONE_NUMBER_INVALID':
      return new MessagingAuthError('phone.errors.invalid', 400);
    case 'PHONE_NUMBER_UNOCCUPIED':
      return new MessagingAuthError('phone.errors.noAccount', 400);
    default:
      return new MessagingAuthError('phone.errors.failed', 502);
  }
}

/**
 * How long one sign-in step (`/addphone`, `/authcode`) may wait for Telegram, ms, from connecting
 * to its answer: a person is waiting, and gramjs alone would wait for ever on a network that is
 * down. The chat list after a sign-in has the same time again.
 */
export const INTERACTIVE_TIMEOUT_MS = 10_000;

export interface SignInDeps {
  db: Kysely<Database>;
  now: () => number;
  secrets: Secrets;
  credentials: ApiCredentials;
  createClient: TelegramClientFactory;
}

export const sessionSlot = (botId: number) => ({
  table: 'messaging_sessions',
  rowId: botId,
  field: 'session_enc',
});

/** An interactive client: sleeps through short flood waits only, connected in bounded time. */
function interactiveClient(deps: SignInDeps, session: string): Promise<TelegramClientPort> {
  return connectClient(deps.createClient, session, deps.credentials, {
    floodSleepThresholdSec: INTERACTIVE_FLOOD_SLEEP_SEC,
    timeoutMs: INTERACTIVE_TIMEOUT_MS,
  });
}

/** `/addphone`: the app sends the code; the half-open session waits, encrypted, for the code. */
export async function sendCode(deps: SignInDeps, bot: BotRef, phone: string): Promise<void> {
  let client: TelegramClientPort | null = null;
  try {
    await within(
      (async () => {
        client = await interactiveClient(deps, '');
        const { phoneCodeHash } = await client.sendCode(deps.credentials, phone);
        const values = {
          phone,
          status: 'code_sent' as const,
          session_enc: deps.secrets.encrypt(sessionSlot(bot.id), client.saveSession()),
          phone_code_hash: phoneCodeHash,
          updated_at: deps.now(),
        };
        await deps.db
          .insertInto('messaging_sessions')
          .values({ bot_id: bot.id, ...values })
          .onConflict((oc) => oc.column('bot_id').doUpdateSet(values))
          .execute();
      })(),
      INTERACTIVE_TIMEOUT_MS,
      'sendCode',
    );
  } catch (err) {
    throw authErrorOf(err);
  } finally {
    if (client) await destroyClient(client);
  }
}

/** Signs the half-open session in with the code (and the 2FA password); the signed-in client. */
async function signedInClient(
  deps: SignInDeps,
  row: { phone: string; phone_code_hash: string; session_enc: string },
  botId: number,
  code: string,
  password: string,
  hold: (client: TelegramClientPort) => void,
): Promise<TelegramClientPort> {
  const client = await interactiveClient(
    deps,
    deps.secrets.decrypt(sessionSlot(botId), row.session_enc),
  );
  hold(client);
  try {
    const result = await client.invoke(
      new Api.auth.SignIn({
        phoneNumber: row.phone,
        phoneCodeHash: row.phone_code_hash,
        phoneCode: code,
      }),
    );
    // A number with no Telegram account: the right code answers "sign up", not a session
    // (older layers raise PHONE_NUMBER_UNOCCUPIED). Never treated as signed in.
    if (result instanceof Api.auth.AuthorizationSignUpRequired) {
      throw new MessagingAuthError('phone.errors.noAccount', 400);
    }
  } catch (err) {
    if (!(err instanceof errors.RPCError && err.errorMessage === 'SESSION_PASSWORD_NEEDED')) {
      throw err;
    }
    if (password === '') throw new MessagingAuthError('phone.errors.passwordRequired', 400);
    let failure: unknown = null;
    await client
      .signInWithPassword(deps.credentials, {
        password: async () => password,
        onError: async (e) => {
          failure = e;
          return true; // never loop asking again: the trader answers through the panel
        },
      })
      .catch((e: unknown) => {
        failure ??= e;
      });
    if (failure !== null) throw failure instanceof Error ? failure : new Error(String(failure));
  }
  return client;
}

/**
 * `/authcode`: signs in within {@link INTERACTIVE_TIMEOUT_MS}, stores the session as connected and
 * hands the signed-in client over to the live reader (`adopt`). Any failure destroys the client.
 */
export async function signIn(
  deps: SignInDeps,
  bot: BotRef,
  code: string,
  password: string,
  adopt: (client: TelegramClientPort) => Promise<void>,
): Promise<void> {
  const row = await deps.db
    .selectFrom('messaging_sessions')
    .selectAll()
    .where('bot_id', '=', bot.id)
    .executeTakeFirst();
  if (!row || row.status !== 'code_sent' || !row.session_enc || !row.phone_code_hash) {
    throw new MessagingAuthError('phone.errors.noPendingCode', 409);
  }
  const pending = { ...row, session_enc: row.session_enc, phone_code_hash: row.phone_code_hash };
  let held: TelegramClientPort | null = null;
  let client: TelegramClientPort;
  try {
    client = await within(
      signedInClient(deps, pending, bot.id, code, password, (c) => {
        held = c;
      }),
      INTERACTIVE_TIMEOUT_MS,
      'signIn',
    );
  } catch (err) {
    if (held) await destroyClient(held);
    throw authErrorOf(err);
  }
  await deps.db
    .updateTable('messaging_sessions')
    .set({
      status: 'connected',
      session_enc: deps.secrets.encrypt(sessionSlot(bot.id), client.saveSession()),
      phone_code_hash: null,
      updated_at: deps.now(),
    })
    .where('bot_id', '=', bot.id)
    .execute();
  await adopt(client);
}
