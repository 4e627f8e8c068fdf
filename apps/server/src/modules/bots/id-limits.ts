import { ErrorCode } from '@app/contract';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';

/**
 * Limits on proving a messaging-app id, counted **per id** across every claim on it (and per
 * account for creating claims), so that more claims, accounts or sessions buy no more guesses and
 * no more messages to the id's owner (docs/security.md "Bot verification"). Counters are rows of
 * `auth_throttle` (fixed windows from their first hit), shared by every server instance; each is
 * charged before the guarded thing happens, so parallel requests cannot slip under a limit.
 */
export const ID_LIMITS = {
  /**
   * Wrong-or-right code guesses per id: 5 per 15 minutes and 20 a day, whatever the claims. A
   * code is one of a million: 20 a day is a 1-in-50,000 chance a day, under 1 % a year.
   */
  guessesPerWindow: 5,
  guessWindowMs: 15 * 60_000,
  guessesPerDay: 20,
  /** Codes sent to one id, every claim's together: one a minute, 10 a day. */
  codeIntervalMs: 60_000,
  codesPerDay: 10,
  /** Bots an account may create per hour (a claim is a message to someone's chat). */
  botsAddedPerHour: 20,
  /** Pending (unproven) messaging-app bots one account may hold at once. */
  pendingPerAccount: 10,
  /** Pending claims on one id at once; a newer claim drops the oldest beyond this. */
  pendingPerId: 3,
};

const DAY_MS = 24 * 60 * 60_000;
const HOUR_MS = 60 * 60_000;

interface Window {
  key: string;
  max: number;
  windowMs: number;
}

type Db = Kysely<Database>;

/**
 * Charges one hit to every window, or none when any is spent; returns the wait (ms) until the
 * spent one frees up, 0 when charged.
 */
async function chargeWindows(
  db: Db,
  dialect: DialectName,
  now: number,
  windows: Window[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    for (const w of windows) {
      await trx
        .insertInto('auth_throttle')
        .values({ key: w.key, count: 0, at: 0, blocked_until: 0 })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    let query = trx
      .selectFrom('auth_throttle')
      .selectAll()
      .where(
        'key',
        'in',
        windows.map((w) => w.key),
      );
    if (dialect === 'postgres') query = query.forUpdate();
    const rows = new Map((await query.execute()).map((r) => [r.key, r]));
    const state = windows.map((w) => {
      const row = rows.get(w.key);
      const fresh = !row || now - Number(row.at) >= w.windowMs;
      return { w, count: fresh ? 0 : Number(row.count), start: fresh ? now : Number(row.at) };
    });
    const spent = state.filter((s) => s.count >= s.w.max);
    if (spent.length > 0) return Math.max(...spent.map((s) => s.start + s.w.windowMs - now));
    for (const s of state) {
      await trx
        .updateTable('auth_throttle')
        .set({ count: s.count + 1, at: s.start, blocked_until: 0 })
        .where('key', '=', s.w.key)
        .execute();
    }
    return 0;
  });
}

function refuse(reply: FastifyReply, waitMs: number, code: string): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
  throw new HttpError(429, code);
}

/** One code guess for `userid`, or 429 `bots.errors.verifyLimited` once the id's are spent. */
export async function chargeGuess(
  deps: AppDeps,
  reply: FastifyReply,
  userid: string,
): Promise<void> {
  const wait = await chargeWindows(deps.db, deps.dialect, deps.now(), [
    {
      key: `verify-id:${userid}`,
      max: ID_LIMITS.guessesPerWindow,
      windowMs: ID_LIMITS.guessWindowMs,
    },
    { key: `verify-id-day:${userid}`, max: ID_LIMITS.guessesPerDay, windowMs: DAY_MS },
  ]);
  if (wait > 0) refuse(reply, wait, ErrorCode.verifyLimited);
}

/**
 * Whether a code may be sent to `userid` now (charged when so): one a minute and 10 a day per id,
 * every claim's codes together.
 */
export async function mayCodeBeSent(deps: AppDeps, userid: string): Promise<number> {
  return chargeWindows(deps.db, deps.dialect, deps.now(), [
    { key: `code-id:${userid}`, max: 1, windowMs: ID_LIMITS.codeIntervalMs },
    { key: `code-id-day:${userid}`, max: ID_LIMITS.codesPerDay, windowMs: DAY_MS },
  ]);
}

/** One more bot for the account this hour, or 429. */
export async function chargeBotCreation(
  deps: AppDeps,
  reply: FastifyReply,
  accountId: number,
): Promise<void> {
  const wait = await chargeWindows(deps.db, deps.dialect, deps.now(), [
    { key: `add-bot:${accountId}`, max: ID_LIMITS.botsAddedPerHour, windowMs: HOUR_MS },
  ]);
  if (wait > 0) refuse(reply, wait, ErrorCode.rateLimited);
}

/** Refuses a new pending claim of an account that holds its allowance of them (409). */
export async function assertPendingRoom(trx: Db, accountId: number): Promise<void> {
  const row = await trx
    .selectFrom('bots')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('verified', '=', false)
    .where('virtual', '=', false)
    .executeTakeFirst();
  if (Number(row?.n ?? 0) >= ID_LIMITS.pendingPerAccount) {
    throw new HttpError(409, ErrorCode.tooManyPending);
  }
}

/**
 * Keeps at most `pendingPerId` pending claims on `userid` once a new one is added: the oldest
 * beyond it are dropped (their bot rows only, as a proof drops the losers), so a squatter's
 * claims cannot lock the owner out, and no id gathers claims without bound. Returns the rows
 * dropped.
 */
export async function trimClaims(trx: Db, userid: string): Promise<number[]> {
  const pending = await trx
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', userid)
    .where('verified', '=', false)
    .where('virtual', '=', false)
    .orderBy('id', 'desc')
    .execute();
  const dropped = pending.slice(ID_LIMITS.pendingPerId).map((r) => Number(r.id));
  if (dropped.length > 0) await trx.deleteFrom('bots').where('id', 'in', dropped).execute();
  return dropped;
}
