import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Secrets } from '../../lib/secrets.ts';
import type { MessageSource, SourceChat } from '../message-source.ts';
import type { BotRef } from '../copy-rooms.ts';
import { inPartitions } from '../../robot/partitions.ts';
import { within } from './calls.ts';
import { listDialogs } from './chat-list.ts';
import {
  Api,
  LIVE_FLOOD_SLEEP_SEC,
  type ApiCredentials,
  type TelegramClientFactory,
  type TelegramClientPort,
} from './client.ts';
import {
  checkSession,
  CHECK_TIMEOUT_MS,
  createLiveAccounts,
  RECONNECT_FIRST_MS,
} from './live-accounts.ts';
import { isSessionGone } from './session-gone.ts';
import { INTERACTIVE_TIMEOUT_MS, sendCode, signIn } from './sign-in.ts';

export { authErrorOf, INTERACTIVE_TIMEOUT_MS, MessagingAuthError } from './sign-in.ts';
export { CATCH_UP_MIN_GAP_MS, DOWN_GRACE_MS, GAP_CHECK_MS } from './live-account.ts';
export { CONNECT_TIMEOUT_MS, RECONNECT_FIRST_MS } from './live-accounts.ts';
export { isSessionGone } from './session-gone.ts';

export interface TelegramSourceOptions {
  db: Kysely<Database>;
  now: () => number;
  secrets: Secrets;
  credentials: ApiCredentials;
  createClient: TelegramClientFactory;
  /** Called after a followed chat's message was stored, to wake the reader. */
  onDelivered: () => void;
  onError?: (err: unknown, context: Record<string, unknown>) => void;
  /**
   * The partitions this process reads (`bot_id % 64` of the account's bot, the room's owner, as
   * the reader's rooms): only their accounts are connected. Absent or null: every account.
   */
  partitions?: () => readonly number[] | null;
  /**
   * False in a server whose reader runs in the workers (READER=off): a sign-in or a chat-list
   * refresh lists the chats and lets the client go; the reader holding the account's partition
   * connects it (within {@link SESSION_SYNC_MS}). Default true.
   */
  keepLive?: boolean;
}

/** How often a partitioned reader looks for accounts signed in or moved to it, ms. */
export const SESSION_SYNC_MS = 5_000;

/** The messaging-app source: sign-in, the account's chats, and its new messages. */
export interface TelegramSource extends MessageSource {
  /** `/addphone`: the app sends the code; the half-open session waits, encrypted, for the code. */
  sendCode(bot: BotRef, phone: string): Promise<void>;
  /** `/authcode`: signs in with the code (and the 2FA password), lists the chats, follows them. */
  signIn(bot: BotRef, code: string, password: string): Promise<void>;
  /**
   * Connects every signed-in account, each on its own (one that cannot connect is tried again
   * later and holds no other), and follows its chats (server start).
   */
  start(): Promise<void>;
  /**
   * Asks Telegram, for each connected account, whether its session is still authorised (a cheap
   * call); a session refused for good is reported as the reader going down. Returns how many.
   */
  checkSessions(): Promise<number>;
  /**
   * A partitioned reader's accounts follow its partitions: those of partitions it holds and not
   * connected yet (a new sign-in, a take-over) are connected, those of partitions it gave up are
   * let go. At most every {@link SESSION_SYNC_MS}, or when the partitions changed; at once
   * otherwise.
   */
  sync(): Promise<void>;
  /** Resolves when every message received so far is stored (tests; a clean shutdown). */
  idle(): Promise<void>;
}

/** Accounts connected at once at start (each has its own time limit). */
const START_LANES = 16;

/** The Telegram user-account adapter (the `telegram` package, MTProto). */
export function createTelegramSource(options: TelegramSourceOptions): TelegramSource {
  const { db } = options;
  const onError = (err: unknown, context: Record<string, unknown>) =>
    options.onError?.(err, context);
  const accounts = createLiveAccounts({
    db,
    now: options.now,
    secrets: options.secrets,
    credentials: options.credentials,
    createClient: options.createClient,
    onDelivered: options.onDelivered,
    onError,
  });
  const keepLive = options.keepLive ?? true;
  let syncedHeld: string | null = null;
  let syncedAt = -Infinity;

  /** The signed-in accounts of the partitions held (every one when `held` is null). */
  const heldSessions = async (held: readonly number[] | null): Promise<number[]> => {
    if (held !== null && held.length === 0) return [];
    const mine = inPartitions('bot_id', held);
    const rows = await db
      .selectFrom('messaging_sessions')
      .select('bot_id')
      .where('status', '=', 'connected')
      .$if(mine !== null, (q) => q.where(mine!))
      .execute();
    return rows.map((r) => Number(r.bot_id));
  };

  const connectAll = async (botIds: number[]): Promise<void> => {
    const queue = [...botIds];
    const lane = async () => {
      for (let botId = queue.shift(); botId !== undefined; botId = queue.shift()) {
        await accounts.startAccount(botId);
      }
    };
    await Promise.all(Array.from({ length: Math.min(START_LANES, queue.length) }, lane));
  };

  const signInDeps = {
    db,
    now: options.now,
    secrets: options.secrets,
    credentials: options.credentials,
    createClient: options.createClient,
  };

  return {
    kind: 'telegram',

    async sendCode(bot, phone) {
      await accounts.drop(bot.id);
      await sendCode(signInDeps, bot, phone);
    },

    async signIn(bot, code, password) {
      await signIn(signInDeps, bot, code, password, async (client) => {
        await accounts.drop(bot.id);
        // The interactive client reads from now on: with the live reader's flood threshold.
        client.setFloodSleepThreshold(LIVE_FLOOD_SLEEP_SEC);
        const account = accounts.follow(bot.id, client);
        // Signed in is signed in: a chat list that fails to load now is listed again by
        // /updatechatlist or a reader reset.
        await listDialogs(db, bot.id, client, INTERACTIVE_TIMEOUT_MS).catch((err: unknown) =>
          onError(err, { botId: bot.id }),
        );
        // A new sign-in reads what comes next, not the chats' history.
        account.caughtUp = true;
        if (!keepLive) await accounts.drop(bot.id);
      });
    },

    async start() {
      if (!keepLive) return;
      const held = options.partitions?.() ?? null;
      syncedHeld = held === null ? null : held.join(',');
      syncedAt = options.now();
      await connectAll(await heldSessions(held));
    },

    async sync() {
      if (!keepLive || !options.partitions) return;
      const held = options.partitions();
      const key = held === null ? null : held.join(',');
      if (key === syncedHeld && options.now() - syncedAt < SESSION_SYNC_MS) return;
      syncedHeld = key;
      syncedAt = options.now();
      const mine = await heldSessions(held);
      const keep = new Set(mine);
      for (const botId of [...accounts.live.keys()]) {
        if (!keep.has(botId)) await accounts.drop(botId);
      }
      await connectAll(mine.filter((id) => !accounts.live.has(id) && !accounts.waiting(id)));
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
      await accounts.drop(bot.id);
      let client: TelegramClientPort | null;
      try {
        client = await accounts.connectAccount(bot.id, { catchUp: keepLive });
      } catch (err) {
        if (isSessionGone(err)) await accounts.sessionLost(bot.id);
        else accounts.reconnectLater(bot.id, RECONNECT_FIRST_MS);
        throw err;
      }
      if (!client) return;
      try {
        await listDialogs(db, bot.id, client, INTERACTIVE_TIMEOUT_MS);
      } catch (err) {
        if (isSessionGone(err)) await accounts.sessionLost(bot.id);
        throw err;
      } finally {
        if (!keepLive) await accounts.drop(bot.id);
      }
    },

    async forget(bot) {
      const client = await accounts.connectAccount(bot.id, { catchUp: false }).catch(() => null);
      if (client) {
        await within(client.invoke(new Api.auth.LogOut()), CHECK_TIMEOUT_MS, 'logOut').catch(
          () => undefined,
        );
      }
      await accounts.drop(bot.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('messaging_chats').where('bot_id', '=', bot.id).execute();
        await trx.deleteFrom('messaging_cursors').where('bot_id', '=', bot.id).execute();
        await trx.deleteFrom('messaging_sessions').where('bot_id', '=', bot.id).execute();
      });
    },

    async checkSessions() {
      let lost = 0;
      // All at once, each bounded: a client whose calls never answer holds no other.
      await Promise.all(
        [...accounts.live].map(async ([botId, account]) => {
          try {
            await checkSession(account.client);
          } catch (err) {
            // Network trouble is gramjs's to retry (or the dead-client watch's); only a
            // refused session is news.
            if (!isSessionGone(err) || accounts.live.get(botId) !== account) return;
            await accounts.sessionLost(botId);
            lost += 1;
          }
        }),
      );
      return lost;
    },

    idle: () => accounts.idle(),
    close: () => accounts.close(),
  };
}
