import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isSqlite, selectArrays } from '../db/bulk.ts';
import type { Database } from '../db/schema.ts';
import { cardFromRow, defaultCard, traderTimezoneOf, type ChannelCard } from './cards.ts';
import { botRef, botRefById, isTrader, roomOwnerOf, type BotRef } from './copy-rooms.ts';

/** One bot that reads a room, as the fan-in needs it. */
export interface RoomReader {
  id: number;
  userid: string;
  accountId: number;
  /** The bot's own reader clock (hours from UTC) for the times its feed shows. */
  timezone: number;
  /** It reads the messages after this one (where it started following: `reader_state`). */
  after: number;
}

/** A room (one owner's chat list and cards) and every bot that reads it. */
export interface Room {
  owner: BotRef;
  chats: Map<string, string>;
  cards: Map<string, ChannelCard>;
  /** The owner's reader clock: a chat without a saved card reads on it. */
  timezone: number;
  readers: RoomReader[];
}

/**
 * The room of `ownerId` with its readers (SPEC §6, copy-rooms.ts `roomOwnerOf`): the owner when
 * it reads its own rooms, and, when the owner is a trader its user id names, every bot whose
 * trader id is that user id and that may copy them (a bot of the same account, or one the
 * trader accepted as a follower). One query for the readers however many they are.
 */
export async function loadRoom(db: Kysely<Database>, ownerId: number): Promise<Room | null> {
  const owner = await botRefById(db, ownerId);
  if (!owner) return null;
  const [chats, cards, timezone, own, named, start] = await Promise.all([
    db
      .selectFrom('copy_rooms')
      .select(['chat_id', 'name'])
      .where('bot_id', '=', owner.id)
      .execute(),
    db.selectFrom('channel_cards').selectAll().where('bot_id', '=', owner.id).execute(),
    traderTimezoneOf(db, owner.id),
    roomOwnerOf(db, owner),
    isTrader(owner) ? botRef(db, owner.userid) : Promise.resolve(undefined),
    db
      .selectFrom('reader_state')
      .select('last_message_id')
      .where('bot_id', '=', owner.id)
      .executeTakeFirst(),
  ]);
  const readers: RoomReader[] = [];
  if (own.id === owner.id) {
    readers.push({
      id: owner.id,
      userid: owner.userid,
      accountId: owner.account_id,
      timezone,
      after: Number(start?.last_message_id ?? 0),
    });
  }
  if (named?.id === owner.id) readers.push(...(await followersOf(db, owner)));
  return {
    owner,
    chats: new Map(chats.map((c) => [c.chat_id, c.name])),
    cards: new Map(cards.map((c) => [c.id_num, cardFromRow(c)])),
    timezone,
    readers,
  };
}

/** The bots that copy a trader's rooms (`mayCopyRooms`, set-based), as arrays in one value. */
async function followersOf(db: Kysely<Database>, owner: BotRef): Promise<RoomReader[]> {
  const rows = await selectArrays(
    db,
    [
      sql`b.id`,
      sql`b.userid`,
      sql`b.account_id`,
      sql`coalesce(p.timerzone, -3)`,
      sql`coalesce(s.last_message_id, 0)`,
    ],
    sql`from bots b left join reader_params p on p.bot_id = b.id
      left join reader_state s on s.bot_id = b.id
      where b.traderid = ${owner.userid} and b.userid <> b.traderid and b.id <> ${owner.id}
        and (b.account_id = ${owner.account_id} or exists (
          select 1 from copy_follows f
          where f.follower_bot_id = b.id and f.trader_bot_id = ${owner.id}
            and f.state = 'accepted'))`,
  );
  return rows.map(([id, userid, accountId, timezone, after]) => ({
    id: Number(id),
    userid: String(userid),
    accountId: Number(accountId),
    timezone: Number(timezone),
    after: Number(after),
  }));
}

/** The card a message of `channelId` is read with, or null when the room does not follow it. */
export function roomCard(room: Room, channelId: string): ChannelCard | null {
  const name = room.chats.get(channelId);
  if (name === undefined) return null;
  return (
    room.cards.get(channelId) ?? defaultCard(channelId, name, room.owner.traderid, room.timezone)
  );
}

/**
 * Whether a reader takes the channel's signals (SPEC §3 card `botID`): a card that names a robot
 * routes its channel to that one among the owner account's bots; the account's other bots skip
 * it. Bots of other accounts that copy these rooms are not the owner's to route.
 */
export function takesChannel(card: ChannelCard, reader: RoomReader, owner: BotRef): boolean {
  if (card.botID === '' || reader.accountId !== owner.account_id) return true;
  return card.botID === reader.userid;
}

/** Many bot ids as one parameter: a derived table of one column `bot_id`. */
export function botIdsTable(db: Kysely<Database>, ids: readonly number[]): RawBuilder<unknown> {
  const text = JSON.stringify(ids);
  if (isSqlite(db)) return sql`(select value as bot_id from json_each(${text}))`;
  return sql`(select cast(x as bigint) as bot_id from json_array_elements_text(cast(${text} as json)) as x)`;
}
