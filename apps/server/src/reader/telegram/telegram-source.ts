import { errors } from 'telegram';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { appendActivity } from '../../robot/activity.ts';
import type { MessageSource, SourceChat } from '../message-source.ts';
import { deliverMessage } from '../messages.ts';
import type { BotRef } from '../copy-rooms.ts';
import { advanceCursor, catchUpChats, followedChats } from './catch-up.ts';
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

export interface TelegramSourceOptions {
  db: Kysely<Database>;
  now: () => number;
  secrets: Secrets;
  credentials: ApiCredentials;
  createClient: TelegramClientFactory;
  /** Called after a followed chat's message was stored, to wake the reader. */
  onDelivered: () => void;
  onError?: (err: unknown, context: Record<string, unknown>) => void;
}

/** The messaging-app source: sign-in, the account's chats, and its new messages. */
export interface TelegramSource extends MessageSource {
  /** `/addphone`: the app sends the code; the half-open session waits, encrypted, for the code. */
  sendCode(bot: BotRef, phone: string): Promise<void>;
  /** `/authcode`: signs in with the code (and the 2FA password), lists the chats, follows them. */
  signIn(bot: BotRef, code: string, password: string): Promise<void>;
  /** Connects every signed-in account and follows its chats (server start). */
  start(): Promise<void>;
  /**
   * Asks Telegram, for each connected account, whether its session is still authorised (a cheap
   * call); a session refused for good is reported as the reader going down. Returns how many.
   */
  checkSessions(): Promise<number>;
  /** Resolves when every message received so far is stored (tests; a clean shutdown). */
  idle(): Promise<void>;
}

const DIALOG_LIMIT = 500;
/** First wait before connecting again an account whose connection failed at start, ms. */
export const RECONNECT_FIRST_MS = 30_000;
/** Longest wait between two such attempts, ms. */
const RECONNECT_MAX_MS = 10 * 60_000;

/**
 * Telegram's answers that say the stored session will never work again (the user ended it from
 * another device, or the account is gone): the reader of that bot is down until the trader
 * connects the phone again. https://core.telegram.org/api/errors#401-unauthorized
 */
const SESSION_GONE = new Set([
  'AUTH_KEY_UNREGISTERED',
  'AUTH_KEY_INVALID',
  'AUTH_KEY_PERM_EMPTY',
  'SESSION_REVOKED',
  'SESSION_EXPIRED',
  'USER_DEACTIVATED',
  'USER_DEACTIVATED_BAN',
]);

export function isSessionGone(err: unknown): boolean {
  return err instanceof errors.RPCError && SESSION_GONE.has(err.errorMessage);
}

/** The Telegram user-account adapter (the `telegram` package, MTProto). */
export function createTelegramSource(options: TelegramSourceOptions): TelegramSource {
  const { db, secrets, credentials } = options;
  const live = new Map<number, TelegramClientPort>();
  const inFlight = new Set<Promise<void>>();
  /**
   * Bots whose stored messages are complete up to now (caught up since the last connect, and the
   * connection has not dropped since): only then does a live message move the chat's cursor, so a
   * gap left by a drop is never skipped.
   */
  const caughtUp = new Set<number>();
  /** Drops seen per bot: a catch-up that a drop overtook does not mark the bot caught up. */
  const drops = new Map<number, number>();
  /** A catch-up waiting out a flood wait, per bot. */
  const retries = new Map<number, NodeJS.Timeout>();
  /** A start-up connection that failed (network down), tried again later, per bot. */
  const reconnects = new Map<number, NodeJS.Timeout>();
  /**
   * Catch-ups in progress: `idle()` waits for them, `close()` does not (one may be sleeping
   * through a flood wait of up to 60 s; dropped, it stops at its next step).
   */
  const catchUps = new Set<Promise<void>>();
  const trackIn =
    (set: Set<Promise<void>>) =>
    (work: Promise<void>): void => {
      set.add(work);
      void work.finally(() => set.delete(work));
    };
  const track = trackIn(inFlight);
  const trackCatchUp = trackIn(catchUps);
  const slot = (botId: number) => ({
    table: 'messaging_sessions',
    rowId: botId,
    field: 'session_enc',
  });

  async function sessionRow(botId: number) {
    return db
      .selectFrom('messaging_sessions')
      .selectAll()
      .where('bot_id', '=', botId)
      .executeTakeFirst();
  }

  async function drop(botId: number): Promise<void> {
    const client = live.get(botId);
    live.delete(botId);
    caughtUp.delete(botId);
    for (const timers of [retries, reconnects]) {
      const timer = timers.get(botId);
      if (timer) clearTimeout(timer);
      timers.delete(botId);
    }
    if (client) await client.destroy().catch(() => undefined);
  }

  /**
   * The session was refused for good: the client goes, and so do the dead session and the chat
   * list it offered (the panel then shows the reader not connected; the subscriptions stay for
   * when the trader connects the phone again), and a line in the bot's activity feed says the
   * reader is down (the operator's Telegram bot notifies it). Reported once: nothing is left to
   * fail again at the next start.
   */
  async function sessionLost(botId: number): Promise<void> {
    await drop(botId);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('messaging_chats').where('bot_id', '=', botId).execute();
      await trx.deleteFrom('messaging_sessions').where('bot_id', '=', botId).execute();
      await appendActivity(trx, {
        botId,
        at: options.now(),
        kind: 'session',
        message: { key: 'robot.activity.readerDown', params: {} },
      });
    });
  }

  /**
   * Connects the bot's account again after `delayMs` (doubling up to {@link RECONNECT_MAX_MS}
   * while it fails): gramjs reconnects a connection it had, not one that never opened, so an
   * account whose connection failed at start would otherwise stay unread until a reader reset.
   */
  function reconnectLater(botId: number, delayMs: number): void {
    if (reconnects.has(botId) || live.has(botId)) return;
    const timer = setTimeout(() => {
      reconnects.delete(botId);
      const attempt = connected(botId).catch((err: unknown) => {
        options.onError?.(err, { botId, reconnect: true });
        reconnectLater(botId, Math.min(delayMs * 2, RECONNECT_MAX_MS));
      });
      trackCatchUp(attempt.then(() => undefined));
    }, delayMs);
    timer.unref();
    reconnects.set(botId, timer);
  }

  /**
   * Stores a message of a chat the bot follows, for the reader, through the same path live or
   * caught up (a message stored twice is kept once: same source id). `receivedAtMs` is when it
   * reached the chat as far as the source knows: now for a live one, its posting instant for one
   * caught up, so the reader judges and plans it as of then and never trades it late.
   */
  async function store(
    botId: number,
    chatId: string,
    id: number,
    text: string,
    receivedAtMs: number,
  ): Promise<boolean> {
    if (text.trim() === '') return false;
    const stored = await deliverMessage(db, {
      botId,
      channelId: chatId,
      sourceId: String(id),
      text,
      receivedAtMs,
    });
    return stored !== null;
  }

  async function onMessage(botId: number, chatId: string, id: number, text: string) {
    if (!(await followedChats(db, botId)).has(chatId)) return;
    const stored = await store(botId, chatId, id, text, options.now());
    if (caughtUp.has(botId)) await advanceCursor(db, { botId, chatId, id, now: options.now() });
    if (stored) options.onDelivered();
  }

  /**
   * Catches the bot's followed chats up ({@link catchUpChats}); until it is done, a live message
   * does not move a cursor. A flood wait above gramjs's threshold stops the pass, which runs again
   * once the wait is over (while the same client is live).
   */
  async function catchUp(botId: number, client: TelegramClientPort): Promise<void> {
    caughtUp.delete(botId);
    const dropsBefore = drops.get(botId) ?? 0;
    let delivered = false;
    try {
      await catchUpChats({
        db,
        now: options.now,
        botId,
        client,
        active: () => live.get(botId) === client,
        store: async (chatId, m, receivedAtMs) => {
          const stored = await store(botId, chatId, m.id, m.message ?? '', receivedAtMs);
          if (stored) delivered = true;
          return stored;
        },
      });
    } catch (err) {
      if (err instanceof errors.FloodWaitError && live.get(botId) === client) {
        const retry = setTimeout(() => {
          retries.delete(botId);
          if (live.get(botId) === client) trackCatchUp(runCatchUp(botId, client));
        }, err.seconds * 1000);
        retry.unref();
        retries.set(botId, retry);
      }
      throw err;
    } finally {
      if (delivered) options.onDelivered();
    }
    if (live.get(botId) === client && (drops.get(botId) ?? 0) === dropsBefore) caughtUp.add(botId);
  }

  function runCatchUp(botId: number, client: TelegramClientPort): Promise<void> {
    return catchUp(botId, client).catch((err: unknown) =>
      options.onError?.(err, { botId, catchUp: true }),
    );
  }

  async function follow(botId: number, client: TelegramClientPort): Promise<void> {
    client.onNewMessage((event) => {
      const chatId = event.chatId?.toString();
      if (chatId === undefined) return;
      track(
        onMessage(botId, chatId, event.message.id, event.message.message ?? '').catch(
          (err: unknown) => options.onError?.(err, { botId }),
        ),
      );
    });
    // gramjs reconnects by itself and says so: a drop may have lost messages, so the stored
    // messages are complete again only once the reconnection has caught up.
    client.onConnectionState((state) => {
      if (live.get(botId) !== client) return;
      if (state === 'connected') {
        trackCatchUp(runCatchUp(botId, client));
      } else {
        caughtUp.delete(botId);
        drops.set(botId, (drops.get(botId) ?? 0) + 1);
      }
    });
    live.set(botId, client);
  }

  /** The bot's live client, connected and caught up (server start, reader reset). */
  async function connected(
    botId: number,
    { catchUp: catchUpNow = true }: { catchUp?: boolean } = {},
  ): Promise<TelegramClientPort | null> {
    const existing = live.get(botId);
    if (existing) return existing;
    const row = await sessionRow(botId);
    if (!row || row.status !== 'connected' || row.session_enc === null) return null;
    const client = options.createClient(secrets.decrypt(slot(botId), row.session_enc), credentials);
    try {
      await client.connect();
    } catch (err) {
      await client.destroy().catch(() => undefined);
      throw err;
    }
    await follow(botId, client);
    if (catchUpNow) await runCatchUp(botId, client);
    return client;
  }

  async function listDialogs(botId: number, client: TelegramClientPort): Promise<void> {
    const dialogs = await client.getDialogs({ limit: DIALOG_LIMIT });
    const chats = dialogs
      .filter((d) => (d.isChannel || d.isGroup) && d.id !== undefined)
      .map((d) => ({
        bot_id: botId,
        chat_id: String(d.id),
        name: (d.title ?? '').replace(/'/g, '').slice(0, 256),
      }));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('messaging_chats').where('bot_id', '=', botId).execute();
      if (chats.length > 0) await trx.insertInto('messaging_chats').values(chats).execute();
    });
  }

  return {
    kind: 'telegram',

    async sendCode(bot, phone) {
      await drop(bot.id);
      const client = options.createClient('', credentials, {
        floodSleepThresholdSec: INTERACTIVE_FLOOD_SLEEP_SEC,
      });
      try {
        await client.connect();
        const { phoneCodeHash } = await client.sendCode(credentials, phone);
        const values = {
          phone,
          status: 'code_sent' as const,
          session_enc: secrets.encrypt(slot(bot.id), client.saveSession()),
          phone_code_hash: phoneCodeHash,
          updated_at: options.now(),
        };
        await db
          .insertInto('messaging_sessions')
          .values({ bot_id: bot.id, ...values })
          .onConflict((oc) => oc.column('bot_id').doUpdateSet(values))
          .execute();
      } catch (err) {
        throw authErrorOf(err);
      } finally {
        await client.destroy().catch(() => undefined);
      }
    },

    async signIn(bot, code, password) {
      const row = await sessionRow(bot.id);
      if (!row || row.status !== 'code_sent' || !row.session_enc || !row.phone_code_hash) {
        throw new MessagingAuthError('phone.errors.noPendingCode', 409);
      }
      const client = options.createClient(
        secrets.decrypt(slot(bot.id), row.session_enc),
        credentials,
        { floodSleepThresholdSec: INTERACTIVE_FLOOD_SLEEP_SEC },
      );
      let signedIn = false;
      try {
        await client.connect();
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
            .signInWithPassword(credentials, {
              password: async () => password,
              onError: async (e) => {
                failure = e;
                return true; // never loop asking again: the trader answers through the panel
              },
            })
            .catch((e: unknown) => {
              failure ??= e;
            });
          if (failure !== null) {
            throw failure instanceof Error ? failure : new Error(String(failure));
          }
        }
        const values = {
          status: 'connected' as const,
          session_enc: secrets.encrypt(slot(bot.id), client.saveSession()),
          phone_code_hash: null,
          updated_at: options.now(),
        };
        await db
          .updateTable('messaging_sessions')
          .set(values)
          .where('bot_id', '=', bot.id)
          .execute();
        signedIn = true;
        await follow(bot.id, client);
        // Signed in is signed in: a chat list that fails to load now is listed again by
        // /updatechatlist or a reader reset.
        await listDialogs(bot.id, client).catch((err: unknown) =>
          options.onError?.(err, { botId: bot.id }),
        );
        // A new sign-in reads what comes next, not the chats' history.
        caughtUp.add(bot.id);
      } catch (err) {
        if (!signedIn) await client.destroy().catch(() => undefined);
        throw signedIn ? err : authErrorOf(err);
      }
    },

    async start() {
      const rows = await db
        .selectFrom('messaging_sessions')
        .select('bot_id')
        .where('status', '=', 'connected')
        .execute();
      for (const { bot_id } of rows) {
        try {
          const client = await connected(bot_id);
          // connect() does not ask whether the session is still authorised; this cheap call does.
          await client?.invoke(new Api.updates.GetState());
        } catch (err) {
          options.onError?.(err, { botId: bot_id });
          // Refused for good: reported once and dropped; else (network) tried again later.
          if (isSessionGone(err)) await sessionLost(bot_id);
          else reconnectLater(bot_id, RECONNECT_FIRST_MS);
        }
      }
    },

    async listChats(bot): Promise<SourceChat[]> {
      const rows = await db
        .selectFrom('messaging_chats')
        .select(['chat_id', 'name'])
        .where('bot_id', '=', bot.id)
        .orderBy('name')
        .execute();
      return rows.map((r) => ({ chatId: r.chat_id, name: r.name }));
    },

    async refresh(bot) {
      await drop(bot.id);
      const client = await connected(bot.id);
      if (!client) return;
      try {
        await listDialogs(bot.id, client);
      } catch (err) {
        if (isSessionGone(err)) await sessionLost(bot.id);
        throw err;
      }
    },

    async forget(bot) {
      const client = await connected(bot.id, { catchUp: false }).catch(() => null);
      if (client) await client.invoke(new Api.auth.LogOut()).catch(() => undefined);
      await drop(bot.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('messaging_chats').where('bot_id', '=', bot.id).execute();
        await trx.deleteFrom('messaging_cursors').where('bot_id', '=', bot.id).execute();
        await trx.deleteFrom('messaging_sessions').where('bot_id', '=', bot.id).execute();
      });
    },

    async checkSessions() {
      let lost = 0;
      for (const [botId, client] of [...live]) {
        try {
          await client.invoke(new Api.updates.GetState());
        } catch (err) {
          // Network trouble is gramjs's to retry; only a refused session is news.
          if (!isSessionGone(err)) continue;
          await sessionLost(botId);
          lost += 1;
        }
      }
      return lost;
    },

    async idle() {
      while (inFlight.size + catchUps.size > 0) await Promise.all([...inFlight, ...catchUps]);
    },

    async close() {
      for (const timer of reconnects.values()) clearTimeout(timer);
      reconnects.clear();
      await Promise.all([...inFlight]);
      for (const botId of [...live.keys()]) await drop(botId);
    },
  };
}
