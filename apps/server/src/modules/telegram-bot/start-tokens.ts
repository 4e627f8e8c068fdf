import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fromDbBool } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { lockClaims, markVerified } from '../bots/bot-verification.ts';

/**
 * "Verificar no Telegram": a one-time token in the deep link `t.me/<bot>?start=<token>`. Telegram
 * hands it back as `/start <token>` together with the chat id of whoever tapped, which Telegram
 * vouches for; the pending bot is verified only when that chat id is the bot's id. The token is
 * 24 random bytes (base64url: Telegram allows A–Z, a–z, 0–9, _ and - up to 64 characters), kept as
 * its SHA-256, good for a day and spent on first use.
 */
export const START_TOKEN_TTL_MS = 24 * 60 * 60_000;
/** Live tokens per bot (the newest; a new one drops the oldest). */
export const START_TOKENS_PER_BOT = 5;

type Db = Kysely<Database>;

function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A fresh token for the pending bot (earlier unspent ones stay valid until they expire). */
export async function issueStartToken(db: Db, botId: number, now: number): Promise<string> {
  const token = `v${randomBytes(24).toString('base64url')}`;
  // Spent and expired tokens of any bot go: the table holds only live ones; and a bot keeps
  // only its newest few (each panel view asks for a link), so repeated calls store no more.
  await db.deleteFrom('tg_start_tokens').where('expires_at', '<=', now).execute();
  const kept = db
    .selectFrom('tg_start_tokens')
    .select('token_hash')
    .where('bot_id', '=', botId)
    .orderBy('expires_at', 'desc')
    .limit(START_TOKENS_PER_BOT - 1);
  await db
    .deleteFrom('tg_start_tokens')
    .where('bot_id', '=', botId)
    .where('token_hash', 'not in', kept)
    .execute();
  await db
    .insertInto('tg_start_tokens')
    .values({
      token_hash: tokenHash(token),
      bot_id: botId,
      expires_at: now + START_TOKEN_TTL_MS,
      used_at: null,
    })
    .execute();
  return token;
}

/** Whether a `/start` payload has the shape of a verification token (not a seller's `s_…`). */
export function isStartToken(payload: string): boolean {
  return /^v[A-Za-z0-9_-]{32}$/.test(payload);
}

/** A live token as the chat that opened it sees it: which account claims which id. */
export type TokenCheck =
  | { result: 'claim'; userid: string; botId: number; email: string }
  | { result: 'already'; userid: string }
  | { result: 'wrongChat' }
  | { result: 'expired' };

/** `a***@gmail.com`: enough for its owner to recognise the account, not to learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/**
 * What a tap on the link would do, without doing it: the first tap shows the claiming account
 * (masked) and asks for a second tap, because whoever made the link — maybe not the person
 * tapping — gets the id.
 */
export async function checkStartToken(
  db: Db,
  token: string,
  chatId: string,
  now: number,
): Promise<TokenCheck> {
  const row = await db
    .selectFrom('tg_start_tokens as t')
    .innerJoin('bots as b', 'b.id', 't.bot_id')
    .innerJoin('accounts as a', 'a.id', 'b.account_id')
    .select(['t.expires_at', 't.used_at', 'b.id as bot_id', 'b.userid', 'b.verified', 'a.email'])
    .where('t.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  if (!row || row.used_at !== null || Number(row.expires_at) <= now) return { result: 'expired' };
  if (row.userid !== chatId) return { result: 'wrongChat' };
  if (fromDbBool(row.verified)) return { result: 'already', userid: row.userid };
  return {
    result: 'claim',
    userid: row.userid,
    botId: Number(row.bot_id),
    email: maskEmail(row.email),
  };
}

/**
 * "Não reconheço": the claim this token belongs to is refused — that pending bot row only (its
 * account and the id's other claims stay), and only from the id's own chat. Returns the masked
 * e-mail of the account refused, or null when there was nothing to refuse.
 */
export async function refuseStartToken(
  db: Db,
  token: string,
  chatId: string,
  now: number,
): Promise<{ userid: string; email: string } | null> {
  const check = await checkStartToken(db, token, chatId, now);
  if (check.result !== 'claim') return null;
  await db
    .deleteFrom('bots')
    .where('id', '=', check.botId)
    .where('userid', '=', chatId)
    .where('verified', '=', false)
    .execute();
  return { userid: check.userid, email: check.email };
}

export type RedeemOutcome =
  | { result: 'verified'; userid: string; botId: number }
  | { result: 'already'; userid: string }
  | { result: 'taken'; userid: string }
  | { result: 'wrongChat' }
  | { result: 'expired' };

/**
 * Redeems a token sent from `chatId`. A token for another id is refused and stays unspent (the
 * right person may still tap it); an unknown, spent or expired one is refused. The bot turns
 * verified through `markVerified`, the same step the 6-digit code takes, after the same lock on
 * the id's claims (taken first: the chat's id is the only id this tap can prove). A tap that
 * lost a race to another proof of the id (its claim dropped meanwhile, or the id held) is
 * `taken`; one that comes after the other proof committed finds its token gone: `expired`.
 */
export async function redeemStartToken(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  token: string,
  chatId: string,
  now: number,
): Promise<RedeemOutcome> {
  const hash = tokenHash(token);
  // Read before waiting for the lock: a token that exists now and is gone under the lock was
  // dropped with its claim by the proof that won.
  const issued = await db
    .selectFrom('tg_start_tokens')
    .select('token_hash')
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  try {
    return await db.transaction().execute(async (trx): Promise<RedeemOutcome> => {
      await lockClaims(trx, chatId, dialect);
      let query = trx
        .selectFrom('tg_start_tokens as t')
        .innerJoin('bots as b', 'b.id', 't.bot_id')
        .select([
          't.token_hash',
          't.expires_at',
          't.used_at',
          'b.id as bot_id',
          'b.userid',
          'b.verified',
        ])
        .where('t.token_hash', '=', hash);
      if (dialect === 'postgres') query = query.forUpdate();
      const row = await query.executeTakeFirst();
      if (!row) {
        // Gone under the lock, or before the first read when the other proof won first (a pool
        // runs both at once): an id verified by now is taken, whichever read saw the token.
        const held =
          issued ??
          (await trx
            .selectFrom('bots')
            .select('id')
            .where('userid', '=', chatId)
            .where('verified', '=', true)
            .executeTakeFirst());
        return held ? { result: 'taken', userid: chatId } : { result: 'expired' };
      }
      if (row.used_at !== null || Number(row.expires_at) <= now) return { result: 'expired' };
      if (row.userid !== chatId) return { result: 'wrongChat' };
      await trx
        .updateTable('tg_start_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', row.token_hash)
        .execute();
      if (fromDbBool(row.verified)) return { result: 'already', userid: row.userid };
      const botId = Number(row.bot_id);
      await markVerified(trx, botId, 'tap', now);
      return { result: 'verified', userid: row.userid, botId };
    });
  } catch (err) {
    // The transaction rolled back: the token stays unspent, nothing changed.
    if (err instanceof HttpError && err.statusCode === 409)
      return { result: 'taken', userid: chatId };
    throw err;
  }
}
