import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { precompiled } from '../db/precompiled.ts';
import type { RequestSession } from './context.ts';

interface SessionRow {
  account_id: number;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** Only in the lookup that names a bot. */
  bot_id?: number | null;
}

/** The session cookie's name (`__Host-sid` over https: see `cookieName`). */
export const SESSION_COOKIE = 'sid';

/**
 * A cookie's name for this request: `__Host-<name>` when it is Secure (https), which a browser
 * accepts only from this exact host, Secure, path `/` and without Domain, so a sibling subdomain
 * cannot plant one (session fixation by cookie tossing); the bare name over plain-http localhost.
 */
export function cookieName(name: string, req: FastifyRequest): string {
  return req.protocol === 'https' ? `__Host-${name}` : name;
}
/** A session ends after this long without a request (sliding expiry). */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session ends this long after its login however active it is (absolute lifetime). */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;

/** Where a session active at `at` now ends: the sliding expiry, never past the absolute one. */
function expiryOf(createdAt: number, at: number): number {
  return Math.min(at + SESSION_IDLE_MS, createdAt + SESSION_ABSOLUTE_MS);
}
/**
 * `last_seen_at` is written at most this often: a panel polls several endpoints per screen, and a
 * write per request would make every read a write.
 */
export const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

/** The sessions row id of a cookie token: only its hash is stored, so a database leak logs no one in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function cookieOptions(req: FastifyRequest, expiresAt: number, at: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure only over https: a plain-http localhost install must still be able to log in.
    secure: req.protocol === 'https',
    path: '/',
    maxAge: Math.max(0, Math.floor((expiresAt - at) / 1000)),
  };
}

/** The session by its id (the token's hash): every authenticated request reads it. */
const sessionById = precompiled<{ id: string }, SessionRow>((db, param) =>
  db
    .selectFrom('sessions')
    .select(['account_id', 'created_at', 'last_seen_at', 'expires_at'])
    .where('id', '=', param('id')),
);

/** The session and, in the same lookup, the account's bot `userid` (null when not theirs). */
const sessionWithOwnedBot = precompiled<{ id: string; userid: string }, SessionRow>((db, param) =>
  db
    .selectFrom('sessions')
    .leftJoin('bots', (join) =>
      join
        .onRef('bots.account_id', '=', 'sessions.account_id')
        .on('bots.userid', '=', param('userid')),
    )
    .select([
      'sessions.account_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'bots.id as bot_id',
    ])
    .where('sessions.id', '=', param('id')),
);

function cookieToken(req: FastifyRequest): string | null {
  const token = req.cookies[cookieName(SESSION_COOKIE, req)];
  // Our tokens are 43 characters; anything far longer is not ours and is not worth hashing.
  return token && token.length <= 128 ? token : null;
}

/**
 * Finds the request's session, ending it when idle too long and sliding it when active. With
 * `userid`, the same single lookup also finds that bot among the session account's bots
 * (`ownedBotId`, null when it is not theirs), so an owned read costs one query, not two.
 */
export async function resolveSession(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  userid?: string,
): Promise<RequestSession | null> {
  const token = cookieToken(req);
  if (token === null) return null;
  const { db, now } = app.deps;
  const id = hashToken(token);
  const row =
    userid === undefined
      ? (await sessionById(db, { id }))[0]
      : (await sessionWithOwnedBot(db, { id, userid }))[0];
  if (!row) return null;
  const at = now();
  const createdAt = Number(row.created_at);
  if (row.expires_at <= at || at - createdAt >= SESSION_ABSOLUTE_MS) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  if (at - row.last_seen_at >= LAST_SEEN_RESOLUTION_MS) {
    const expiresAt = expiryOf(createdAt, at);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: at, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
    // Slide the browser's copy too, or it would drop the cookie 30 days after login.
    reply.setCookie(cookieName(SESSION_COOKIE, req), token, cookieOptions(req, expiresAt, at));
  }
  const session: RequestSession = { id, accountId: row.account_id };
  if (userid !== undefined) {
    session.ownedBot = { userid, id: typeof row.bot_id === 'number' ? row.bot_id : null };
  }
  return session;
}

/**
 * Starts a new session for the account and sets its cookie. The session the request came with
 * (if any) is deleted: a fresh id on every login defeats session fixation.
 */
export async function startSession(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  accountId: number,
): Promise<void> {
  const { db, now } = app.deps;
  const token = randomBytes(32).toString('base64url');
  const at = now();
  const previous = cookieToken(req);
  await db.transaction().execute(async (trx) => {
    if (previous !== null) {
      await trx.deleteFrom('sessions').where('id', '=', hashToken(previous)).execute();
    }
    // Housekeeping: the account's expired sessions are of no further use.
    await trx
      .deleteFrom('sessions')
      .where('account_id', '=', accountId)
      .where('expires_at', '<=', at)
      .execute();
    await trx
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        account_id: accountId,
        created_at: at,
        last_seen_at: at,
        expires_at: expiryOf(at, at),
      })
      .execute();
  });
  reply.setCookie(cookieName(SESSION_COOKIE, req), token, cookieOptions(req, expiryOf(at, at), at));
}

/** Ends the request's session (if any) and clears the cookie. */
export async function endSession(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = cookieToken(req);
  if (token !== null) {
    await app.deps.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    // Its live streams end now (plugins/stream-hub.ts).
    app.robotEvents.emit('sessions-ended');
  }
  reply.clearCookie(cookieName(SESSION_COOKIE, req), {
    ...cookieOptions(req, 0, 0),
    maxAge: undefined,
  });
}

/**
 * Ends every session of the account ("sair de todos os dispositivos"), or every one but `keep`
 * (a password change keeps the session that made it). Returns how many ended.
 */
export async function endAccountSessions(
  app: FastifyInstance,
  accountId: number,
  keep: string | null = null,
): Promise<number> {
  let query = app.deps.db.deleteFrom('sessions').where('account_id', '=', accountId);
  if (keep !== null) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  app.robotEvents.emit('sessions-ended');
  return Number(result.numDeletedRows);
}
