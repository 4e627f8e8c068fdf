import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { cardFromRow, cardToRow, type ChannelCard } from '../../reader/cards.ts';

export async function chatList(db: Kysely<Database>, botId: number) {
  return db
    .selectFrom('copy_rooms')
    .select(['chat_id', 'name'])
    .where('bot_id', '=', botId)
    .orderBy('name')
    .execute();
}

/** Replaces the chat list; new chats get `newCard(chat)` unless they already have a card. */
export async function replaceChatList(
  db: Kysely<Database>,
  botId: number,
  chats: { chatId: string; name: string }[],
  newCard: (chat: { chatId: string; name: string }) => ChannelCard,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('copy_rooms').where('bot_id', '=', botId).execute();
    if (chats.length === 0) return;
    await trx
      .insertInto('copy_rooms')
      .values(
        chats.map((c) => ({ bot_id: botId, chat_id: c.chatId, name: c.name, created_at: now })),
      )
      .execute();
    for (const chat of chats) {
      await trx
        .insertInto('channel_cards')
        .values(cardToRow(botId, newCard(chat), now))
        .onConflict((oc) => oc.columns(['bot_id', 'id_num']).doNothing())
        .execute();
    }
  });
}

export async function cardsOf(db: Kysely<Database>, botId: number): Promise<ChannelCard[]> {
  const rows = await db
    .selectFrom('channel_cards')
    .innerJoin('copy_rooms', (j) =>
      j
        .onRef('copy_rooms.bot_id', '=', 'channel_cards.bot_id')
        .onRef('copy_rooms.chat_id', '=', 'channel_cards.id_num'),
    )
    .selectAll('channel_cards')
    .where('channel_cards.bot_id', '=', botId)
    .orderBy('copy_rooms.name')
    .execute();
  return rows.map(cardFromRow);
}

export async function upsertCard(
  db: Kysely<Database>,
  botId: number,
  card: ChannelCard,
  now: number,
): Promise<void> {
  const row = cardToRow(botId, card, now);
  const { bot_id: _bot, id_num: _id, ...columns } = row;
  await db
    .insertInto('channel_cards')
    .values(row)
    .onConflict((oc) => oc.columns(['bot_id', 'id_num']).doUpdateSet(columns))
    .execute();
}

/** Removes a chat from the list with its card; false when it was in neither. */
export async function removeChat(db: Kysely<Database>, botId: number, chatId: string) {
  return db.transaction().execute(async (trx) => {
    const list = await trx
      .deleteFrom('copy_rooms')
      .where('bot_id', '=', botId)
      .where('chat_id', '=', chatId)
      .executeTakeFirst();
    const card = await trx
      .deleteFrom('channel_cards')
      .where('bot_id', '=', botId)
      .where('id_num', '=', chatId)
      .executeTakeFirst();
    return Number(list.numDeletedRows) + Number(card.numDeletedRows) > 0;
  });
}
