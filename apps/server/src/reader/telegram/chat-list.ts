import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deliverMessage } from '../messages.ts';
import { within } from './calls.ts';
import type { TelegramClientPort } from './client.ts';

const DIALOG_LIMIT = 500;

/** The account's channels and groups, listed within `timeoutMs`, as the bot's chat list. */
export async function listDialogs(
  db: Kysely<Database>,
  botId: number,
  client: TelegramClientPort,
  timeoutMs: number,
): Promise<void> {
  const dialogs = await within(client.getDialogs({ limit: DIALOG_LIMIT }), timeoutMs, 'getDialogs');
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

/**
 * Stores a message of a chat the bot follows, for the reader, through the same path live or
 * caught up (a message stored twice is kept once: same source id). `receivedAtMs` is when it
 * reached the chat as far as the source knows: now for a live one, its posting instant for one
 * caught up, so the reader judges and plans it as of then and never trades it late. True when it
 * was new.
 */
export async function storeMessage(
  db: Kysely<Database>,
  m: { botId: number; chatId: string; id: number; text: string; receivedAtMs: number },
): Promise<boolean> {
  if (m.text.trim() === '') return false;
  const stored = await deliverMessage(db, {
    botId: m.botId,
    channelId: m.chatId,
    sourceId: String(m.id),
    text: m.text,
    receivedAtMs: m.receivedAtMs,
  });
  return stored !== null;
}
