import { ErrorCode } from '@app/contract';
import type { AppDeps } from '../plugins/context.ts';
import { HttpError } from './http-error.ts';

/**
 * The row id of a bot whose ownership the route pipeline already checked. A bot removed in
 * between is simply not yours any more: the same 403 as the pipeline's.
 */
export async function botIdOf(deps: AppDeps, userid: string): Promise<number> {
  const row = await deps.db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', userid)
    .executeTakeFirst();
  if (!row) throw new HttpError(403, ErrorCode.forbidden);
  return row.id;
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
