import { inPartitions } from '../robot/partitions.ts';
import type { ReaderDeps } from './deps.ts';
import { roomOwnerOf, type BotRef } from './copy-rooms.ts';

/**
 * Carries out reset (re-read the chats from the source, reconnect, forget which signals were
 * already taken) and delete (forget the messaging session and its secrets, unsubscribe every
 * chat). Each request is settled 'done' or 'failed' with its time; one failure never stops the
 * next request.
 */
export async function processReaderRequests(
  deps: ReaderDeps,
  { limit = 20 }: { limit?: number } = {},
): Promise<{ id: number; status: 'done' | 'failed' }[]> {
  const held = deps.partitions?.() ?? null;
  if (held !== null && held.length === 0) return [];
  const mine = inPartitions('reader_requests.bot_id', held);
  const queued = await deps.db
    .selectFrom('reader_requests')
    .innerJoin('bots', 'bots.id', 'reader_requests.bot_id')
    .select([
      'reader_requests.id',
      'reader_requests.action',
      'bots.id as botId',
      'bots.userid',
      'bots.traderid',
      'bots.account_id',
    ])
    .where('reader_requests.status', '=', 'queued')
    // A request is carried out by the reader that holds its bot's partition.
    .$if(mine !== null, (q) => q.where(mine!))
    .orderBy('reader_requests.id')
    .limit(limit)
    .execute();
  const settled: { id: number; status: 'done' | 'failed' }[] = [];
  for (const request of queued) {
    const bot: BotRef = {
      id: request.botId,
      userid: request.userid,
      traderid: request.traderid,
      account_id: request.account_id,
    };
    let status: 'done' | 'failed' = 'done';
    try {
      if (request.action === 'reset') await reset(deps, bot);
      else await forget(deps, bot);
    } catch (err) {
      status = 'failed';
      deps.onError?.(err, { botId: bot.id, request: request.id });
    }
    await deps.db
      .updateTable('reader_requests')
      .set({ status, settled_at: deps.now() })
      .where('id', '=', request.id)
      .where('status', '=', 'queued')
      .execute();
    settled.push({ id: request.id, status });
  }
  return settled;
}

async function reset(deps: ReaderDeps, bot: BotRef): Promise<void> {
  const owner = await roomOwnerOf(deps.db, bot);
  await deps.inbox.refresh(owner);
  if (deps.telegram) await deps.telegram.refresh(owner);
  // Decided signals no longer block a repeat; undecided ones keep their key, so nothing is
  // traded twice.
  await deps.db
    .updateTable('signals')
    .set({ dedupe_key: null })
    .where('bot_id', '=', bot.id)
    .where('decided_at', 'is not', null)
    .execute();
}

async function forget(deps: ReaderDeps, bot: BotRef): Promise<void> {
  if (deps.telegram) await deps.telegram.forget(bot);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('messaging_chats').where('bot_id', '=', bot.id).execute();
    await trx.deleteFrom('messaging_sessions').where('bot_id', '=', bot.id).execute();
    await trx.deleteFrom('copy_rooms').where('bot_id', '=', bot.id).execute();
  });
}
