import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { roomOwnerOf } from '../../reader/copy-rooms.ts';

/**
 * The names the trader gave a bot's channels, by `idNum`: the chat list's and the local
 * channels' (of the bot whose rooms it reads, SPEC §6), else the channel card's own name. The
 * panel shows these, never the internal ids.
 */
export async function channelNamesOf(
  db: Kysely<Database>,
  botId: number,
): Promise<Map<string, string>> {
  const bot = await db
    .selectFrom('bots')
    .select(['id', 'userid', 'traderid', 'account_id'])
    .where('id', '=', botId)
    .executeTakeFirstOrThrow();
  const owner = await roomOwnerOf(db, bot);
  const roomBots = [...new Set([owner.id, bot.id])];
  const [cards, chats, locals] = await Promise.all([
    db
      .selectFrom('channel_cards')
      .select(['id_num', 'name'])
      .where('bot_id', 'in', roomBots)
      .execute(),
    db
      .selectFrom('copy_rooms')
      .select(['chat_id', 'name'])
      .where('bot_id', 'in', roomBots)
      .execute(),
    db
      .selectFrom('inbox_channels')
      .select(['id', 'name'])
      .where('bot_id', 'in', roomBots)
      .execute(),
  ]);
  const names = new Map<string, string>();
  for (const c of cards) if (c.name.trim()) names.set(c.id_num, c.name.trim());
  for (const c of chats) if (c.name.trim()) names.set(c.chat_id, c.name.trim());
  for (const l of locals) if (l.name.trim()) names.set(`inbox-${l.id}`, l.name.trim());
  return names;
}
