import type { Kysely } from 'kysely';
import { fromDbBool } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';

/** A bot row's identity. */
export interface BotRef {
  id: number;
  userid: string;
  traderid: string;
  /** The account that owns the bot (a card's `botID` routes among one account's bots). */
  account_id: number;
}

/**
 * Whose rooms (chat list, channel cards, messages) a bot reads (SPEC §6): its own when its trader
 * id is its user id (a trader), else those of the bot whose user id is its trader id ("copy
 * rooms", `/copyid`) — only while that trader lets it (`mayCopyRooms`). Otherwise its own rooms.
 */
export async function roomOwnerOf(db: Kysely<Database>, bot: BotRef): Promise<BotRef> {
  if (bot.traderid === bot.userid) return bot;
  const owner = await botRef(db, bot.traderid);
  return owner && (await mayCopyRooms(db, bot, owner)) ? owner : bot;
}

/**
 * Whether `bot` may read `trader`'s rooms: the trader is a trader and either a bot of the same
 * account or one that accepted `bot` as a follower (copy trading's request/accept lifecycle, any
 * product). Naming a trader id alone gives nothing (docs/decisions/2026-11-26-copy-rooms.md).
 */
export async function mayCopyRooms(
  db: Kysely<Database>,
  bot: BotRef,
  trader: BotRef,
): Promise<boolean> {
  if (!isTrader(trader) || trader.id === bot.id) return false;
  if (trader.account_id === bot.account_id) return true;
  const follow = await db
    .selectFrom('copy_follows')
    .select('id')
    .where('follower_bot_id', '=', bot.id)
    .where('trader_bot_id', '=', trader.id)
    .where('state', '=', 'accepted')
    .executeTakeFirst();
  return follow !== undefined;
}

/**
 * The bot an id names: the one that holds it (verified; a virtual bot is, unless suspended by a
 * take-back), else its only pending claim. While several accounts claim it, it names none of them
 * (docs/decisions/2026-11-26-bot-claims.md "Bot ids and claims").
 */
export async function botRef(db: Kysely<Database>, userid: string): Promise<BotRef | undefined> {
  const rows = await db
    .selectFrom('bots')
    .select(['id', 'userid', 'traderid', 'account_id', 'verified'])
    .where('userid', '=', userid)
    .execute();
  const row = rows.length === 1 ? rows[0] : rows.find((r) => fromDbBool(r.verified));
  return (
    row && { id: row.id, userid: row.userid, traderid: row.traderid, account_id: row.account_id }
  );
}

/** A bot row's identity by its row id. */
export async function botRefById(db: Kysely<Database>, id: number): Promise<BotRef | undefined> {
  return db
    .selectFrom('bots')
    .select(['id', 'userid', 'traderid', 'account_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether a bot is a trader (SPEC §6: user id equals trader id). */
export function isTrader(bot: BotRef): boolean {
  return bot.userid === bot.traderid;
}
