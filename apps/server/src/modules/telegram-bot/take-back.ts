import { virtualBotIdCandidates } from '@app/contract';
import type { Kysely } from 'kysely';
import { fromDbBool, type DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { lockClaims } from '../bots/bot-verification.ts';
import { maskEmail } from './start-tokens.ts';

/**
 * Taking an id back. A tap on "Sim, sou eu" gives the id to the panel account that made the link,
 * and the person tapping may have been talked into it (the link came from someone else). The id's
 * own chat is its owner: for TAKE_BACK_DAYS after a tap proved an id, a fresh `/start` from that
 * chat shows which account holds it (masked) with a "retomar" button, and the button turns that
 * account's bot pending again (`taken_back_at` set: the panel tells the account why). The id can
 * then be claimed and proven anew, by its owner or, if the owner taps again, by the same account.
 * An id proven by the 6-digit code is not offered: the owner typed or handed over the code.
 * After the window the holder keeps the id as with a code: what an operator's support decides.
 * The holding account's virtual bots derived from the id are suspended with it (pending,
 * `taken_back_at` set): they trade again if that account proves the id again, and are dropped
 * when another account proves it (bots/bot-verification.ts `markVerified`), so the owner can
 * derive its own virtual bots.
 */
export const TAKE_BACK_DAYS = 30;
export const TAKE_BACK_WINDOW_MS = TAKE_BACK_DAYS * 24 * 60 * 60_000;

type Db = Kysely<Database>;

/** The bot holding `chatId`'s id by a tap inside the window, as the chat is shown it. */
export interface HeldByTap {
  accountId: number;
  botId: number;
  userid: string;
  /** The holding panel account's e-mail, masked. */
  email: string;
  verifiedAt: number;
}

async function tapHolder(db: Db, chatId: string, now: number, botId?: number) {
  let query = db
    .selectFrom('bots as b')
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .select([
      'b.id',
      'b.account_id',
      'b.userid',
      'b.verified',
      'b.virtual',
      'b.verified_at',
      'a.email',
    ])
    .where('b.userid', '=', chatId)
    .where('b.verified_by', '=', 'tap');
  if (botId !== undefined) query = query.where('b.id', '=', botId);
  const rows = await query.execute();
  const row = rows.find(
    (r) =>
      fromDbBool(r.verified) &&
      !fromDbBool(r.virtual) &&
      r.verified_at !== null &&
      Number(r.verified_at) > now - TAKE_BACK_WINDOW_MS,
  );
  if (!row) return null;
  return {
    accountId: Number(row.account_id),
    botId: Number(row.id),
    userid: row.userid,
    email: maskEmail(row.email),
    verifiedAt: Number(row.verified_at),
  };
}

/** Who holds the chat's id by a recent tap, if anyone: what a fresh `/start` offers back. */
export async function heldByTap(db: Db, chatId: string, now: number): Promise<HeldByTap | null> {
  return tapHolder(db, chatId, now);
}

/**
 * The "retomar" button: from the id's own chat only, and only while the tap that proved it is
 * inside the window. The holding bot turns pending (its settings, purchases and account stay; it
 * no longer trades nor answers this chat), its unspent links die, and `taken_back_at` tells its
 * panel why. Under the same lock as every proof of the id, so a take-back and a proof at once run
 * one after the other. Null when there is nothing to take back (already taken, window over, not
 * this chat's id).
 */
export async function takeBack(
  db: Db,
  dialect: DialectName,
  chatId: string,
  botId: number,
  now: number,
): Promise<HeldByTap | null> {
  return db.transaction().execute(async (trx) => {
    await lockClaims(trx, chatId, dialect);
    const held = await tapHolder(trx, chatId, now, botId);
    if (!held) return null;
    await trx
      .updateTable('bots')
      .set({ verified: false, verified_by: null, verified_at: null, taken_back_at: now })
      .where('id', '=', held.botId)
      .execute();
    const derived = virtualBotIdCandidates(chatId);
    if (derived.length > 0) {
      await trx
        .updateTable('bots')
        .set({ verified: false, taken_back_at: now })
        .where('account_id', '=', held.accountId)
        .where('virtual', '=', true)
        .where('userid', 'in', derived)
        .execute();
    }
    await trx.deleteFrom('tg_start_tokens').where('bot_id', '=', held.botId).execute();
    return held;
  });
}
