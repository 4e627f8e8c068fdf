import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A message handed to the reader by a source. */
export interface IncomingMessage {
  /** The room owner's bot row id. */
  botId: number;
  channelId: string;
  /** The source's own id (Telegram message id); `null` for the local inbox. */
  sourceId: string | null;
  text: string;
  receivedAtMs: number;
}

/**
 * Stores a message for the reader; a message the source delivers twice (same source id) is kept
 * once. Returns the row id, or `null` for a repeat.
 */
export async function deliverMessage(
  db: Kysely<Database>,
  message: IncomingMessage,
): Promise<number | null> {
  const row = await db
    .insertInto('reader_messages')
    .values({
      bot_id: message.botId,
      channel_id: message.channelId,
      source_id: message.sourceId,
      text: message.text,
      received_at: message.receivedAtMs,
    })
    .onConflict((oc) => oc.columns(['bot_id', 'channel_id', 'source_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The newest message id of all rooms: where a new reader starts. */
export async function latestMessageId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('reader_messages')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/**
 * Gives a bot a reader cursor at the newest message when it has none, so a bot that starts
 * following rooms reads what comes next, not their history.
 */
export async function ensureReaderCursor(
  db: Kysely<Database>,
  botId: number,
  now: number,
): Promise<void> {
  const latest = await latestMessageId(db);
  await db
    .insertInto('reader_state')
    .values({ bot_id: botId, last_message_id: latest, last_message_at: null, updated_at: now })
    .onConflict((oc) => oc.column('bot_id').doNothing())
    .execute();
}
