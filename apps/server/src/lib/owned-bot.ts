import { ErrorCode } from '@app/contract';
import type { Kysely } from 'kysely';
import { fromDbBool } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from './http-error.ts';

/**
 * The bot the route pipeline found the request's account owns. Several accounts may claim one id
 * while it is pending, so a bare id does not name a row: `route()` hands each handler `deps`
 * carrying it (`ctx.deps.ownedBot`), passed on explicitly, never through an async context (on
 * Node 20 an `AsyncLocalStorage` turns on a hook for every promise of every request).
 */
export interface OwnedBot {
  userid: string;
  id: number | null;
}

/** What `botIdOf` reads: the database, and the request's owned bot when there is a request. */
export interface OwnedBotDeps {
  db: Kysely<Database>;
  /** Set on the `deps` `route()` hands a handler; absent outside a request (jobs, tests). */
  ownedBot?: OwnedBot | null;
}

/**
 * The row id of a bot whose ownership the route pipeline already checked: the pipeline's row when
 * the id is the owner's, else the id's one holder. An id that names no row, or only claims no one
 * has proven, is simply not yours: the same 403 as the pipeline's.
 */
export async function botIdOf(deps: OwnedBotDeps, userid: string): Promise<number> {
  const owned = deps.ownedBot;
  if (owned && owned.userid === userid && owned.id !== null) {
    // Removed in between: the row is gone.
    const row = await deps.db
      .selectFrom('bots')
      .select('id')
      .where('id', '=', owned.id)
      .executeTakeFirst();
    if (!row) throw new HttpError(403, ErrorCode.forbidden);
    return row.id;
  }
  const rows = await deps.db
    .selectFrom('bots')
    .select(['id', 'verified'])
    .where('userid', '=', userid)
    .execute();
  const holder = rows.length === 1 ? rows[0] : rows.find((r) => fromDbBool(r.verified));
  if (!holder) throw new HttpError(403, ErrorCode.forbidden);
  return holder.id;
}

/**
 * Saves whose owner is the query's `userid` also carry one in the body (SPEC §3). Ownership was
 * checked on the query's, so a body naming another bot would write there: refuse it.
 */
export function requireSameBot(queryUserid: string, bodyUserid: string): void {
  if (bodyUserid !== queryUserid) {
    throw new HttpError(400, ErrorCode.invalidParams, { userid: ErrorCode.invalidParams });
  }
}
