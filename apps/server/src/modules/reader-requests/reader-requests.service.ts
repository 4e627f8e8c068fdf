import type { ReaderRequestsTable } from '../../db/schema.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { insertReaderRequest } from './reader-requests.repository.ts';

/** Queues a reset or delete of the bot's signal reader; the reader runtime carries it out. */
export async function queueReaderRequest(
  deps: AppDeps,
  userid: string,
  action: ReaderRequestsTable['action'],
): Promise<void> {
  await insertReaderRequest(deps.db, await botIdOf(deps, userid), action, deps.now());
}
