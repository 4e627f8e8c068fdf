import type { RobotMessage } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { appendActivity } from '../robot/activity.ts';

/** At most one chat message per channel in this window; the rest are counted on the card. */
export const DOUBT_CHAT_INTERVAL_MS = 10 * 60_000;
/** How much of the message the feed line and the chat message quote. */
export const DOUBT_EXCERPT_CHARS = 160;

/** A message the reader could not account for, as the feed line tells it. */
export interface Doubt {
  /** The bot that read it. */
  botId: number;
  /** The bot whose chat list and cards these are: it alone can teach the channel. */
  ownerId: number;
  channelId: string;
  channelName: string;
  messageId: number;
  text: string;
  /** The words not understood, in message order (may be empty for a message read as nothing). */
  words: readonly string[];
  nowMs: number;
}

/** The message on one line, cut to {@link DOUBT_EXCERPT_CHARS} with an ellipsis. */
export function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= DOUBT_EXCERPT_CHARS
    ? flat
    : `${flat.slice(0, DOUBT_EXCERPT_CHARS - 1).trimEnd()}…`;
}

/**
 * The feed line of a doubtful message; `notify`: the room owner's chat is told now (the other
 * readers' lines never are).
 */
export function doubtMessage(doubt: Omit<Doubt, 'botId'>, notify: boolean): RobotMessage {
  return {
    // Without tokens to name, the line says the message could not be read as a signal.
    key: doubt.words.length > 0 ? 'robot.activity.doubt' : 'robot.activity.unreadable',
    params: {
      channel: doubt.channelName,
      channelId: doubt.channelId,
      messageId: doubt.messageId,
      excerpt: excerptOf(doubt.text),
      words: doubt.words.join(', '),
      notify,
    },
  };
}

/**
 * Records a doubtful message (inside the reader's transaction): a feed line for the bot that
 * read it, and, for the room owner, whether its chat is told now — at most once per channel per
 * {@link DOUBT_CHAT_INTERVAL_MS}; the doubts in between are counted (`channel_doubts.unsent`)
 * and shown on the card. A follower copying the rooms gets the feed line only: the trader of the
 * rooms is the one who can teach the channel.
 */
export async function noteDoubt(trx: Kysely<Database>, doubt: Doubt): Promise<void> {
  let notify = false;
  if (doubt.botId === doubt.ownerId) {
    const row = await trx
      .selectFrom('channel_doubts')
      .select(['notified_at', 'unsent'])
      .where('bot_id', '=', doubt.ownerId)
      .where('channel_id', '=', doubt.channelId)
      .executeTakeFirst();
    notify = !row || doubt.nowMs - Number(row.notified_at) >= DOUBT_CHAT_INTERVAL_MS;
    const last = { last_at: doubt.nowMs, last_message_id: doubt.messageId };
    const told = { notified_at: doubt.nowMs, message_id: doubt.messageId, unsent: 0 };
    if (!row) {
      await trx
        .insertInto('channel_doubts')
        .values({ bot_id: doubt.ownerId, channel_id: doubt.channelId, ...told, ...last })
        .execute();
    } else {
      await trx
        .updateTable('channel_doubts')
        .set(notify ? { ...told, ...last } : { unsent: Number(row.unsent) + 1, ...last })
        .where('bot_id', '=', doubt.ownerId)
        .where('channel_id', '=', doubt.channelId)
        .execute();
    }
  }
  await appendActivity(trx, {
    botId: doubt.botId,
    at: doubt.nowMs,
    kind: 'signal',
    message: doubtMessage(doubt, notify),
  });
}
