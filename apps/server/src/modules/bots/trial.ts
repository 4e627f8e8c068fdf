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

/**
 * The expiry a bot created now starts with: a new trial, or, when this id was a bot before that
 * had an expiry, that one (no fresh trial by removing and re-adding). Only a `proven` claim (a
 * virtual bot, derived from the account's own verified bot) takes the remembered expiry whole;
 * a pending messaging-app claim gets at most a new trial's end, so paid days left on an id never
 * go to whoever claims it next (docs/decisions/2026-11-26-bot-claims.md).
 */
export async function startingExpirySec(
  trx: Kysely<Database>,
  userid: string,
  nowMs: number,
  trialDays: number,
  { proven }: { proven: boolean },
): Promise<number> {
  const trial = trialExpirySec(nowMs, trialDays);
  if (!proven) {
    const before = await trx
      .selectFrom('removed_bot_expiries')
      .select('botexp')
      .where('userid', '=', userid)
      .executeTakeFirst();
    return before ? Math.min(Number(before.botexp), trial) : trial;
  }
  const before = await trx
    .deleteFrom('removed_bot_expiries')
    .where('userid', '=', userid)
    .returning('botexp')
    .executeTakeFirst();
  return before ? Number(before.botexp) : trial;
}

/** Remembers a removed bot's expiry (when it had one) for `startingExpirySec`. */
export async function rememberRemovedExpiry(
  trx: Kysely<Database>,
  bot: { userid: string; botexp: number },
  nowMs: number,
): Promise<void> {
  if (bot.botexp <= 0) return;
  await trx
    .insertInto('removed_bot_expiries')
    .values({ userid: bot.userid, botexp: bot.botexp, removed_at: nowMs })
    .onConflict((oc) => oc.column('userid').doUpdateSet({ botexp: bot.botexp, removed_at: nowMs }))
    .execute();
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
