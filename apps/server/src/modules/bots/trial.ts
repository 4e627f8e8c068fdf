import type { Kysely } from 'kysely';
import { fromDbJson } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

const DAY_SEC = 86_400;

/**
 * The expiry (Unix seconds) a bot created at `nowMs` starts with: its free trial's end. With no
 * trial (0 days) that is the creation itself, so the bot is expired until it is bought; never 0,
 * which means "no expiry" and is kept only by bots created before trials (grandfathered).
 */
export function trialExpirySec(nowMs: number, trialDays: number): number {
  return Math.floor(nowMs / 1000) + trialDays * DAY_SEC;
}

/** Row ids of the account's bots that a paid purchase has covered: their expiry is not a trial. */
export async function paidBotIds(db: Kysely<Database>, accountId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('purchases')
    .select('bot_ids')
    .where('account_id', '=', accountId)
    .where('state', '=', 'paid')
    .execute();
  return new Set(rows.flatMap((r) => fromDbJson<number[]>(r.bot_ids).map(Number)));
}
