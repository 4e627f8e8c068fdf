import type { Kysely } from 'kysely';
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
 * rooms", `/copyid`). A trader id naming no bot falls back to the bot's own rooms.
 */
export async function roomOwnerOf(db: Kysely<Database>, bot: BotRef): Promise<BotRef> {
  if (bot.traderid === bot.userid) return bot;
  const owner = await db
    .selectFrom('bots')
    .select(['id', 'userid', 'traderid', 'account_id'])
    .where('userid', '=', bot.traderid)
    .executeTakeFirst();
  return owner ?? bot;
}

export async function botRef(db: Kysely<Database>, userid: string): Promise<BotRef | undefined> {
  return db
    .selectFrom('bots')
    .select(['id', 'userid', 'traderid', 'account_id'])
    .where('userid', '=', userid)
    .executeTakeFirst();
}

/** Whether a bot is a trader (SPEC §6: user id equals trader id). */
export function isTrader(bot: BotRef): boolean {
  return bot.userid === bot.traderid;
}
