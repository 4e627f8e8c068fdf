import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toDbJson } from '../db/dialect.ts';

/**
 * Gives a bot a paid expiry without going through a provider: sets `botexp` and stores a paid
 * purchase covering the bot, so the server no longer counts its expiry as a free trial.
 */
export async function markPaid(app: FastifyInstance, userid: string, botexp: number) {
  const { db, now } = app.deps;
  const bot = await db
    .selectFrom('bots')
    .select(['id', 'account_id'])
    .where('userid', '=', userid)
    .executeTakeFirstOrThrow();
  const at = now();
  await db
    .insertInto('purchases')
    .values({
      id: randomBytes(16).toString('base64url'),
      account_id: bot.account_id,
      buyer_userid: userid,
      bot_ids: toDbJson([bot.id]),
      subid: 'brl-1-30',
      bots: 1,
      days: 30,
      currency: 'brl',
      amount_cents: 3990,
      paymethod: 'regional',
      provider: 'local',
      provider_ref: null,
      link: null,
      state: 'paid',
      seller_id: null,
      created_at: at,
      paid_at: at,
      updated_at: at,
    })
    .execute();
  await db.updateTable('bots').set({ botexp }).where('id', '=', bot.id).execute();
}
