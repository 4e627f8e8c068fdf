import { AsyncLocalStorage } from 'node:async_hooks';
import { ErrorCode } from '@app/contract';
import { fromDbBool } from '../db/dialect.ts';
import type { AppDeps } from '../plugins/context.ts';
import { HttpError } from './http-error.ts';

/**
 * The bot the route pipeline found the request's account owns (`route()` runs each handler in
 * it). Several accounts may claim one id while it is pending, so a bare id does not name a row.
 */
export const ownedBotScope = new AsyncLocalStorage<{ userid: string; id: number | null } | null>();

/**
 * The row id of a bot whose ownership the route pipeline already checked: the pipeline's row when
 * the id is the owner's, else the id's one holder. An id that names no row, or only claims no one
 * has proven, is simply not yours: the same 403 as the pipeline's.
 */
export async function botIdOf(deps: AppDeps, userid: string): Promise<number> {
  const owned = ownedBotScope.getStore();
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
