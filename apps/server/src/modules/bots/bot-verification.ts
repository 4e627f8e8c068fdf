import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@app/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { fromDbBool } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';

/**
 * Proving a messaging-app bot id. A new non-virtual bot is pending
 * (`bots.verified` false) until the code sent to that id is entered; a pending claim does not
 * hold the id against its real owner: a new claim (registration or `addnewbot`) replaces it.
 */

/** A code is good for a day… */
export const CODE_TTL_MS = 24 * 60 * 60_000;
/** …and for this many wrong guesses (a million codes: 5 guesses are a 1-in-200,000 chance). */
export const CODE_MAX_ATTEMPTS = 5;
/** A new code is sent at most this often per bot. */
export const RESEND_INTERVAL_MS = 60_000;

type Db = Kysely<Database>;

function codeHash(botId: number, code: string): string {
  return createHash('sha256').update(`${botId}:${code}`, 'utf8').digest('hex');
}

/**
 * Makes the id free for a new claim inside the caller's transaction: 409 `botExist` when a
 * verified (or virtual) bot holds it; a pending bot of another account is removed, and with it
 * that account when it was its only bot (an account without a bot cannot exist).
 */
export async function releasePendingClaim(
  trx: Db,
  userid: string,
  claimantAccountId?: number,
): Promise<void> {
  const holder = await trx
    .selectFrom('bots')
    .select(['id', 'account_id', 'verified', 'virtual'])
    .where('userid', '=', userid)
    .executeTakeFirst();
  if (!holder) return;
  if (
    fromDbBool(holder.verified) ||
    fromDbBool(holder.virtual) ||
    holder.account_id === claimantAccountId
  ) {
    throw new HttpError(409, ErrorCode.botExist);
  }
  await trx.deleteFrom('bots').where('id', '=', holder.id).execute();
  const left = await trx
    .selectFrom('bots')
    .select('id')
    .where('account_id', '=', holder.account_id)
    .executeTakeFirst();
  if (!left) await trx.deleteFrom('accounts').where('id', '=', holder.account_id).execute();
}

/** Stores a fresh code for the bot (replacing any earlier one) and returns it to be sent. */
export async function issueCode(trx: Db, botId: number, now: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = {
    code_hash: codeHash(botId, code),
    attempts: 0,
    sent_at: now,
    expires_at: now + CODE_TTL_MS,
  };
  await trx
    .insertInto('bot_verifications')
    .values({ bot_id: botId, ...row })
    .onConflict((oc) => oc.column('bot_id').doUpdateSet(row))
    .execute();
  return code;
}

/**
 * Sends the code after the transaction committed. A failed send leaves the claim pending (the
 * trader asks for a new code); it is logged by name only — the code never reaches a log.
 */
export async function sendCode(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userid: string,
  code: string,
): Promise<void> {
  try {
    await deps.messenger.sendVerificationCode(userid, code);
  } catch (err) {
    log.warn({ error: (err as Error).name }, 'verification code not sent');
  }
}

async function pendingBot(deps: AppDeps, userid: string) {
  const bot = await deps.db
    .selectFrom('bots')
    .select(['id', 'verified'])
    .where('userid', '=', userid)
    .executeTakeFirst();
  // Removed in between: no longer yours, the pipeline's answer.
  if (!bot) throw new HttpError(403, ErrorCode.forbidden);
  return { id: bot.id, verified: fromDbBool(bot.verified) };
}

/**
 * The one place a pending bot becomes verified, inside the caller's transaction, once its id is
 * proven: by the 6-digit code (verifyBot) or by a tap on "Verificar no Telegram"
 * (modules/telegram-bot/start-tokens.ts). Its pending code goes with it.
 */
export async function markVerified(trx: Db, botId: number): Promise<void> {
  await trx.updateTable('bots').set({ verified: true }).where('id', '=', botId).execute();
  await trx.deleteFrom('bot_verifications').where('bot_id', '=', botId).execute();
}

/**
 * Confirms the bot with the code sent to its id. Wrong: 400 `bots.errors.badCode`; expired or
 * guessed too often: 400 `bots.errors.codeExpired` (send a new one). Already verified: ok.
 */
export async function verifyBot(deps: AppDeps, userid: string, code: string): Promise<void> {
  const bot = await pendingBot(deps, userid);
  if (bot.verified) return;
  const now = deps.now();
  await deps.db
    .transaction()
    .execute(async (trx) => {
      let query = trx.selectFrom('bot_verifications').selectAll().where('bot_id', '=', bot.id);
      if (deps.dialect === 'postgres') query = query.forUpdate();
      const pending = await query.executeTakeFirst();
      if (!pending || pending.expires_at <= now || pending.attempts >= CODE_MAX_ATTEMPTS) {
        throw new HttpError(400, ErrorCode.codeExpired, { code: ErrorCode.codeExpired });
      }
      const given = Buffer.from(codeHash(bot.id, code), 'hex');
      if (!timingSafeEqual(given, Buffer.from(pending.code_hash, 'hex'))) {
        await trx
          .updateTable('bot_verifications')
          .set({ attempts: pending.attempts + 1 })
          .where('bot_id', '=', bot.id)
          .execute();
        return 'wrong';
      }
      await markVerified(trx, bot.id);
      return 'ok';
    })
    .then((outcome) => {
      // Thrown after the commit, so the wrong attempt is counted.
      if (outcome === 'wrong')
        throw new HttpError(400, ErrorCode.badCode, { code: ErrorCode.badCode });
    });
}

/** Sends a new code to a pending bot, at most once a minute (429 with Retry-After). */
export async function resendCode(
  deps: AppDeps,
  reply: FastifyReply,
  userid: string,
): Promise<void> {
  const bot = await pendingBot(deps, userid);
  if (bot.verified) return;
  const now = deps.now();
  const code = await deps.db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('bot_verifications')
      .select('sent_at')
      .where('bot_id', '=', bot.id)
      .executeTakeFirst();
    if (last && now - last.sent_at < RESEND_INTERVAL_MS) {
      reply.header(
        'retry-after',
        String(Math.ceil((last.sent_at + RESEND_INTERVAL_MS - now) / 1000)),
      );
      throw new HttpError(429, ErrorCode.rateLimited);
    }
    return issueCode(trx, bot.id, now);
  });
  await sendCode(deps, reply.log, userid, code);
}
