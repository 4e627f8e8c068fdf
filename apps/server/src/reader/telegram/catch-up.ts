import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MessageInfo, TelegramClientPort } from './client.ts';

/** Dialogs listed per catch-up (as the chat list does). */
const DIALOG_LIMIT = 500;
/**
 * Messages fetched per followed chat when catching up (the newest ones above the cursor): a
 * signal is posted at most hours ahead, and older lines are too late anyway.
 */
export const CATCH_UP_LIMIT = 100;

/** Moves the chat's cursor up to `id`, never down. */
export async function advanceCursor(
  db: Kysely<Database>,
  c: { botId: number; chatId: string; id: number; now: number },
): Promise<void> {
  await db
    .insertInto('messaging_cursors')
    .values({ bot_id: c.botId, chat_id: c.chatId, last_message_id: c.id, updated_at: c.now })
    .onConflict((oc) =>
      oc
        .columns(['bot_id', 'chat_id'])
        .doUpdateSet({ last_message_id: c.id, updated_at: c.now })
        .where('messaging_cursors.last_message_id', '<', c.id),
    )
    .execute();
}

/**
 * The followed chats whose newest message (one GetPeerDialogs call) is above their cursor: a
 * message Telegram never pushed. Chats without a cursor are left to the next catch-up.
 */
export async function chatGaps(
  db: Kysely<Database>,
  botId: number,
  client: TelegramClientPort,
): Promise<Map<string, number>> {
  const followed = [...(await followedChats(db, botId))];
  const gaps = new Map<string, number>();
  if (followed.length === 0) return gaps;
  const cursors = await cursorsOf(db, botId);
  for (let i = 0; i < followed.length; i += PEERS_PER_CHECK) {
    const tops = await client.newestIds(followed.slice(i, i + PEERS_PER_CHECK));
    for (const [chatId, top] of tops) {
      const cursor = cursors.get(chatId);
      if (cursor !== undefined && top > cursor) gaps.set(chatId, top);
    }
  }
  return gaps;
}

/** Each followed chat's cursor: every message up to it is stored. */
async function cursorsOf(db: Kysely<Database>, botId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('messaging_cursors')
    .select(['chat_id', 'last_message_id'])
    .where('bot_id', '=', botId)
    .execute();
  return new Map(rows.map((c) => [c.chat_id, Number(c.last_message_id)]));
}

/** Peers asked per GetPeerDialogs call. */
const PEERS_PER_CHECK = 100;

/** The chats the bot follows (its chat list). */
export async function followedChats(db: Kysely<Database>, botId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('copy_rooms')
    .select('chat_id')
    .where('bot_id', '=', botId)
    .execute();
  return new Set(rows.map((r) => r.chat_id));
}

/** What one catch-up needs: the account's client and the reader's way in. */
export interface CatchUpInput {
  db: Kysely<Database>;
  now: () => number;
  botId: number;
  client: TelegramClientPort;
  /** False once the client was dropped (shutdown, reset): the catch-up then stops. */
  active: () => boolean;
  /** Stores one message for the reader (kept once by its id); true when it was new. */
  store: (chatId: string, message: MessageInfo, receivedAtMs: number) => Promise<boolean>;
  /**
   * Each chat's newest message id when already known (a gap check found them): only those
   * chats are read, without listing the dialogs again. Absent: every followed chat.
   */
  tops?: ReadonlyMap<string, number>;
  /** Bounds each call to Telegram (a client whose calls never answer is dead). */
  bounded?: <T>(work: Promise<T>, what: string) => Promise<T>;
}

/**
 * Reads what the bot's followed chats got while the account was not listening (gramjs 2.26's
 * `catchUp()` is empty). It lists the dialogs first: that gives each chat's newest message id and
 * fills gramjs's entity cache, without which a bare chat id does not resolve after a restart (a
 * StringSession keeps no entities). Then, per followed chat whose newest message is above its
 * cursor, `getMessages(chat, { minId: cursor, limit })` (the newest ones, newest first), stored
 * oldest first with the instant each was posted, and the cursor moves to the newest. A chat
 * without a cursor starts at its newest message: a chat just followed reads what comes next.
 * Errors (a flood wait above gramjs's threshold: `FloodWaitError`) are thrown after the chats
 * done so far. Returns whether a new message was stored.
 */
export async function catchUpChats(input: CatchUpInput): Promise<boolean> {
  const { db, botId, client } = input;
  const bounded = input.bounded ?? (<T>(work: Promise<T>) => work);
  const followed = await followedChats(db, botId);
  if (followed.size === 0) return false;
  const dialogs: { id: string; top: number }[] = input.tops
    ? [...input.tops].map(([id, top]) => ({ id, top }))
    : (await bounded(client.getDialogs({ limit: DIALOG_LIMIT }), 'getDialogs')).map((d) => ({
        id: String(d.id),
        top: d.message?.id ?? 0,
      }));
  if (!input.active()) return false;
  const cursors = await cursorsOf(db, botId);
  let delivered = false;
  for (const { id: chatId, top } of dialogs) {
    if (!followed.has(chatId)) continue;
    const cursor = cursors.get(chatId);
    if (cursor === undefined) {
      await advanceCursor(db, { botId, chatId, id: top, now: input.now() });
      continue;
    }
    if (top <= cursor) continue;
    const messages = await bounded(
      client.getMessages(chatId, { minId: cursor, limit: CATCH_UP_LIMIT }),
      'getMessages',
    );
    // A flood wait may have slept past a shutdown or a reset.
    if (!input.active()) return delivered;
    const now = input.now();
    for (const m of [...messages].sort((a, b) => a.id - b.id)) {
      // Posted then (a clock ahead of ours never dates a message in our future).
      if (await input.store(chatId, m, Math.min(now, m.date * 1000))) delivered = true;
    }
    const newest = Math.max(top, ...messages.map((m) => m.id));
    await advanceCursor(db, { botId, chatId, id: newest, now: input.now() });
  }
  return delivered;
}
