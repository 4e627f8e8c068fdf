import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { connectClient, destroyClient, within } from './calls.ts';
import { advanceCursor, catchUpChats, chatGaps, followedChats } from './catch-up.ts';
import { storeMessage } from './chat-list.ts';
import {
  Api,
  LIVE_FLOOD_SLEEP_SEC,
  type ApiCredentials,
  type TelegramClientFactory,
  type TelegramClientPort,
} from './client.ts';
import { LiveAccount, READ_CALL_TIMEOUT_MS, type CatchUpScope } from './live-account.ts';
import { forgetLostSession, isSessionGone } from './session-gone.ts';
import { sessionSlot } from './sign-in.ts';

/** First wait before connecting again an account whose connection failed or died, ms. */
export const RECONNECT_FIRST_MS = 30_000;
/** Longest wait between two such attempts, ms. */
const RECONNECT_MAX_MS = 10 * 60_000;
/**
 * A live account's `connect()` time, ms: gramjs's attempts end by themselves when the network
 * refuses at once, but an address that drops packets may never answer.
 */
export const CONNECT_TIMEOUT_MS = 30_000;
/** A session check's time (`updates.GetState`), ms. */
export const CHECK_TIMEOUT_MS = 30_000;

export interface LiveAccountsDeps {
  db: Kysely<Database>;
  now: () => number;
  secrets: Secrets;
  credentials: ApiCredentials;
  createClient: TelegramClientFactory;
  onDelivered: () => void;
  onError: (err: unknown, context: Record<string, unknown>) => void;
}

/** `updates.GetState` within its time: whether the session is still authorised. */
export function checkSession(client: TelegramClientPort): Promise<unknown> {
  return within(client.invoke(new Api.updates.GetState()), CHECK_TIMEOUT_MS, 'getState');
}

/**
 * The signed-in accounts this process reads, one {@link LiveAccount} each: connecting (in
 * bounded time, each on its own), replacing a dead client, connecting again later, and the
 * messages they bring in (live, or caught up).
 */
export function createLiveAccounts(deps: LiveAccountsDeps) {
  const { db } = deps;
  const live = new Map<number, LiveAccount>();
  /** Live messages being stored: `close()` and `idle()` wait for them. */
  const inFlight = new Set<Promise<void>>();
  /**
   * Catch-ups and reconnections in progress: `idle()` waits for them, `close()` does not (one
   * may be sleeping through a flood wait of up to 60 s; dropped, it stops at its next step).
   */
  const background = new Set<Promise<void>>();
  /** A connection that failed or died, tried again later, per bot. */
  const reconnects = new Map<number, NodeJS.Timeout>();
  const trackIn =
    (set: Set<Promise<void>>) =>
    (work: Promise<void>): void => {
      set.add(work);
      void work.finally(() => set.delete(work));
    };
  const track = trackIn(inFlight);
  const trackBackground = trackIn(background);

  async function drop(botId: number): Promise<void> {
    const account = live.get(botId);
    live.delete(botId);
    const timer = reconnects.get(botId);
    if (timer) clearTimeout(timer);
    reconnects.delete(botId);
    if (account) {
      account.close();
      await destroyClient(account.client);
    }
  }

  /** The session was refused for good: the client goes, and the session is forgotten. */
  async function sessionLost(botId: number): Promise<void> {
    await drop(botId);
    await forgetLostSession(db, botId, deps.now());
  }

  /**
   * Connects the bot's account again after `delayMs` (doubling up to {@link RECONNECT_MAX_MS}
   * while it fails): gramjs reconnects a connection it had for a few attempts only, and never
   * one that did not open, so such an account would otherwise stay unread until a reader reset.
   */
  function reconnectLater(botId: number, delayMs: number): void {
    if (reconnects.has(botId) || live.has(botId)) return;
    const next = Math.min(Math.max(delayMs * 2, RECONNECT_FIRST_MS), RECONNECT_MAX_MS);
    const timer = setTimeout(() => {
      reconnects.delete(botId);
      const attempt = connectAccount(botId).then(
        () => undefined,
        async (err: unknown) => {
          deps.onError(err, { botId, reconnect: true });
          if (isSessionGone(err)) await sessionLost(botId);
          else reconnectLater(botId, next);
        },
      );
      trackBackground(attempt);
    }, delayMs);
    timer.unref();
    reconnects.set(botId, timer);
  }

  async function onMessage(botId: number, chatId: string, id: number, text: string) {
    if (!(await followedChats(db, botId)).has(chatId)) return;
    const stored = await storeMessage(db, { botId, chatId, id, text, receivedAtMs: deps.now() });
    if (live.get(botId)?.caughtUp) await advanceCursor(db, { botId, chatId, id, now: deps.now() });
    if (stored) deps.onDelivered();
  }

  /** One catch-up pass of the bot's followed chats ({@link catchUpChats}), each call bounded. */
  async function catchUp(
    botId: number,
    client: TelegramClientPort,
    scope: CatchUpScope,
    active: () => boolean,
  ): Promise<void> {
    let delivered = false;
    try {
      await catchUpChats({
        db,
        now: deps.now,
        botId,
        client,
        active,
        ...(scope.kind === 'chats' ? { tops: scope.tops } : {}),
        bounded: (work, what) => within(work, READ_CALL_TIMEOUT_MS, what),
        store: async (chatId, m, receivedAtMs) => {
          const text = m.message ?? '';
          const stored = await storeMessage(db, { botId, chatId, id: m.id, text, receivedAtMs });
          if (stored) delivered = true;
          return stored;
        },
      });
    } finally {
      if (delivered) deps.onDelivered();
    }
  }

  /** Makes `client` the bot's live reader: its messages, its connection's ups and downs. */
  function follow(botId: number, client: TelegramClientPort): LiveAccount {
    const isLive = () => live.get(botId) === account;
    const account: LiveAccount = new LiveAccount(
      client,
      {
        catchUp: (c, scope, active) => catchUp(botId, c, scope, () => active() && isLive()),
        gaps: (c) => chatGaps(db, botId, c),
        replace: () => {
          if (!isLive()) return;
          trackBackground(drop(botId).then(() => reconnectLater(botId, 0)));
        },
        onError: (err, context) => deps.onError(err, { botId, ...context }),
      },
      trackBackground,
    );
    client.onNewMessage((event) => {
      const chatId = event.chatId?.toString();
      if (chatId === undefined || !isLive()) return;
      track(
        onMessage(botId, chatId, event.message.id, event.message.message ?? '').catch(
          (err: unknown) => deps.onError(err, { botId }),
        ),
      );
    });
    live.set(botId, account);
    return account;
  }

  /**
   * The bot's live client, connected (in bounded time) and its session checked; a catch-up is
   * asked (it runs in the background). Null when the bot has no signed-in session.
   */
  async function connectAccount(
    botId: number,
    { catchUp: catchUpNow = true }: { catchUp?: boolean } = {},
  ): Promise<TelegramClientPort | null> {
    const existing = live.get(botId);
    if (existing) return existing.client;
    const row = await db
      .selectFrom('messaging_sessions')
      .select(['status', 'session_enc'])
      .where('bot_id', '=', botId)
      .executeTakeFirst();
    if (!row || row.status !== 'connected' || row.session_enc === null) return null;
    const client = await connectClient(
      deps.createClient,
      deps.secrets.decrypt(sessionSlot(botId), row.session_enc),
      deps.credentials,
      { floodSleepThresholdSec: LIVE_FLOOD_SLEEP_SEC, timeoutMs: CONNECT_TIMEOUT_MS },
    );
    try {
      // connect() does not ask whether the session is still authorised; this cheap call does.
      await checkSession(client);
    } catch (err) {
      await destroyClient(client);
      throw err;
    }
    const other = live.get(botId);
    if (other) {
      // Connected meanwhile by another path (a reset): keep that one.
      await destroyClient(client);
      return other.client;
    }
    const account = follow(botId, client);
    if (catchUpNow) account.requestCatchUp();
    return client;
  }

  /** Connects one account at start: a network failure is tried again later, a dead session reported. */
  async function startAccount(botId: number): Promise<void> {
    try {
      const existing = live.get(botId);
      if (existing) await checkSession(existing.client);
      else await connectAccount(botId);
    } catch (err) {
      deps.onError(err, { botId });
      if (isSessionGone(err)) await sessionLost(botId);
      else reconnectLater(botId, RECONNECT_FIRST_MS);
    }
  }

  return {
    live,
    /** Whether a reconnection of the bot's account is booked (it is tried then, not before). */
    waiting: (botId: number) => reconnects.has(botId),
    drop,
    sessionLost,
    reconnectLater,
    follow,
    connectAccount,
    startAccount,
    async idle() {
      while (inFlight.size + background.size > 0) {
        await Promise.all([...inFlight, ...background]);
      }
    },
    async close() {
      for (const timer of reconnects.values()) clearTimeout(timer);
      reconnects.clear();
      await Promise.all([...inFlight]);
      for (const botId of [...live.keys()]) await drop(botId);
    },
  };
}
