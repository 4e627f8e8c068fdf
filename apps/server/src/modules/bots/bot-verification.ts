import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode, virtualBotIdCandidates, type Language } from '@app/contract';
import { panelLanguage } from '../../lib/panel-language.ts';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { fromDbBool, type DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { chargeGuess, mayCodeBeSent } from './id-limits.ts';

/**
 * Proving a messaging-app bot id (docs/decisions/2026-11-26-bot-claims.md). A new non-virtual bot
 * is pending (`bots.verified` false) until the code sent to that id is entered. Pending claims on
 * one id coexist, in any number of accounts: a claim never removes anything. The first to prove
 * the id holds it (`markVerified`, the one place where a claim is proven); only then are the other
 * pending bots for that id dropped, while their accounts and everything else they own stay.
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
 * Refuses a new claim on `userid` inside the caller's transaction: 409 `botExist` when a bot
 * holds it (verified, or virtual), or when the claimant's account already has a bot with it.
 * Another account's pending claim is left alone: both wait for the code.
 */
export async function assertClaimable(
  trx: Db,
  userid: string,
  claimantAccountId?: number,
): Promise<void> {
  const rows = await trx
    .selectFrom('bots')
    .select(['account_id', 'verified', 'virtual'])
    .where('userid', '=', userid)
    .execute();
  const refused = rows.some(
    (r) => fromDbBool(r.verified) || fromDbBool(r.virtual) || r.account_id === claimantAccountId,
  );
  if (refused) throw new HttpError(409, ErrorCode.botExist);
}

/**
 * Locks every claim on `userid` (all its bot rows, in id order) until the transaction ends. Each
 * proof takes this lock before any other, so two proofs of one id at once (the code and a tap,
 * or two taps) run one after the other: the second then finds its own claim dropped or the id
 * held, and gets 409, instead of a deadlock or dropping the winner. SQLite has one writer: the
 * transaction suffices.
 */
export async function lockClaims(trx: Db, userid: string, dialect: DialectName): Promise<void> {
  const query = trx.selectFrom('bots').select('id').where('userid', '=', userid).orderBy('id');
  await (dialect === 'postgres' ? query.forUpdate() : query).execute();
}

/**
 * Marks the pending bot `botId` proven, inside the caller's transaction, after
 * {@link lockClaims}: the one place where a claim is proven (the 6-digit code, verifyBot, and the
 * tap on "Verificar no Telegram", modules/telegram-bot/start-tokens.ts, both end here). The other
 * pending bots for the same id are dropped — only those bots: their accounts, other bots,
 * settings and purchases stay, and their expiries are not remembered for the id (paid days stay
 * with the account that paid, never with the id's holder). Returns the row ids dropped. 409
 * `botExist` when another proof won: the id is held, or this claim was dropped meanwhile. How
 * and when it was proven are kept: a tap's proof can be taken back by the id's own chat for a
 * while (modules/telegram-bot/take-back.ts).
 */
export async function markVerified(
  trx: Db,
  botId: number,
  how: 'code' | 'tap',
  now: number,
): Promise<number[]> {
  const bot = await trx
    .selectFrom('bots')
    .select(['userid', 'verified', 'account_id'])
    .where('id', '=', botId)
    .executeTakeFirst();
  // Dropped by the proof that won (the caller read it before that one committed).
  if (!bot) throw new HttpError(409, ErrorCode.botExist);
  if (fromDbBool(bot.verified)) return [];
  const others = await trx
    .selectFrom('bots')
    .select(['id', 'verified'])
    .where('userid', '=', bot.userid)
    .where('id', '!=', botId)
    .execute();
  // Someone proved it first (a race): the unique index over holders would refuse it anyway.
  if (others.some((o) => fromDbBool(o.verified))) throw new HttpError(409, ErrorCode.botExist);
  const dropped = others.map((o) => o.id);
  if (dropped.length > 0) await trx.deleteFrom('bots').where('id', 'in', dropped).execute();
  await trx
    .updateTable('bots')
    .set({ verified: true, verified_by: how, verified_at: now, taken_back_at: null })
    .where('id', '=', botId)
    .execute();
  await trx.deleteFrom('bot_verifications').where('bot_id', '=', botId).execute();
  return [...dropped, ...(await settleSuspendedVirtuals(trx, bot.userid, bot.account_id))];
}

/**
 * Virtual bots derived from `userid` that a take-back suspended: the proving account's trade
 * again; another account's are dropped like the id's other pending claims, so their ids are free
 * for the account that now holds the source. Returns the row ids dropped.
 */
async function settleSuspendedVirtuals(
  trx: Db,
  userid: string,
  accountId: number,
): Promise<number[]> {
  const derived = virtualBotIdCandidates(userid);
  if (derived.length === 0) return [];
  const suspended = await trx
    .selectFrom('bots')
    .select(['id', 'account_id'])
    .where('virtual', '=', true)
    .where('verified', '=', false)
    .where('userid', 'in', derived)
    .execute();
  const own = suspended.filter((b) => Number(b.account_id) === Number(accountId)).map((b) => b.id);
  const others = suspended
    .filter((b) => Number(b.account_id) !== Number(accountId))
    .map((b) => b.id);
  if (own.length > 0) {
    await trx
      .updateTable('bots')
      .set({ verified: true, taken_back_at: null })
      .where('id', 'in', own)
      .execute();
  }
  if (others.length > 0) await trx.deleteFrom('bots').where('id', 'in', others).execute();
  return others;
}

/** A code just stored for a bot, to be sent once its transaction committed. */
export interface IssuedCode {
  botId: number;
  code: string;
}

/** Stores a fresh code for the bot (replacing any earlier one) and returns it to be sent. */
export async function issueCode(trx: Db, botId: number, now: number): Promise<IssuedCode> {
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
  return { botId, code };
}

/**
 * Sends the code after the transaction committed. A failed send leaves the claim pending (the
 * trader asks for a new code); it is logged by name only — the code never reaches a log.
 */
export async function sendCode(
  deps: AppDeps,
  log: FastifyBaseLogger,
  userid: string,
  issued: IssuedCode,
  language: Language,
): Promise<void> {
  try {
    await deps.messenger.sendVerificationCode(userid, issued.code, language, issued.botId);
  } catch (err) {
    log.warn({ error: (err as Error).name }, 'verification code not sent');
  }
}

async function pendingBot(deps: AppDeps, userid: string) {
  // Several accounts may claim one id: the row is the caller's (checked by the route pipeline).
  const id = await botIdOf(deps, userid);
  const bot = await deps.db
    .selectFrom('bots')
    .select(['id', 'verified'])
    .where('id', '=', id)
    .executeTakeFirst();
  // Removed in between: no longer yours, the pipeline's answer.
  if (!bot) throw new HttpError(403, ErrorCode.forbidden);
  return { id: bot.id, verified: fromDbBool(bot.verified) };
}

/**
 * Confirms the bot with the code sent to its id. Wrong: 400 `bots.errors.badCode`; expired or
 * guessed too often: 400 `bots.errors.codeExpired` (send a new one). Already verified: ok. Every
 * guess is first charged to the id, across all its claims (429 `bots.errors.verifyLimited`).
 */
export async function verifyBot(
  deps: AppDeps,
  reply: FastifyReply,
  userid: string,
  code: string,
): Promise<void> {
  const bot = await pendingBot(deps, userid);
  if (bot.verified) return;
  await chargeGuess(deps, reply, userid);
  const now = deps.now();
  await deps.db
    .transaction()
    .execute(async (trx) => {
      await lockClaims(trx, userid, deps.dialect);
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
      await markVerified(trx, bot.id, 'code', now);
      return 'ok';
    })
    .then((outcome) => {
      // Thrown after the commit, so the wrong attempt is counted.
      if (outcome === 'wrong')
        throw new HttpError(400, ErrorCode.badCode, { code: ErrorCode.badCode });
    });
}

/**
 * Sends a new code to a pending bot, at most once a minute per bot and within the id's own
 * allowance (one a minute, 10 a day, every claim's together): 429 with Retry-After beyond.
 */
export async function resendCode(
  deps: AppDeps,
  reply: FastifyReply,
  userid: string,
): Promise<void> {
  const bot = await pendingBot(deps, userid);
  if (bot.verified) return;
  const now = deps.now();
  const wait = await mayCodeBeSent(deps, userid);
  if (wait > 0) {
    reply.header('retry-after', String(Math.ceil(wait / 1000)));
    throw new HttpError(429, ErrorCode.rateLimited);
  }
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
  await sendCode(deps, reply.log, userid, code, panelLanguage(reply.request));
}
