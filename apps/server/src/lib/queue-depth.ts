import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { QueueDepth, QueueDepthSource, QueueName } from './metrics.ts';

/**
 * The queue gauges' source on a process's database, read at each scrape: bot events not done
 * yet (the `bot_events_due` index on done_at, due_at) and chat messages queued in the outbox.
 * Two aggregate queries a scrape; nothing between scrapes.
 */
export function queueDepthSource(db: Kysely<Database>, now: () => number): QueueDepthSource {
  return async () => {
    const at = now();
    const [events, outbox] = await Promise.all([
      db
        .selectFrom('bot_events')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.min('due_at').as('oldest'),
        ])
        .where('done_at', 'is', null)
        .where('due_at', '<=', at)
        .executeTakeFirst(),
      db
        .selectFrom('tg_outbox')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('status', '=', 'queued')
        .executeTakeFirst(),
    ]);
    const depth = (row: { n: number | string; oldest: unknown } | undefined): QueueDepth => {
      const oldest = row?.oldest == null ? null : Number(row.oldest);
      return {
        depth: Number(row?.n ?? 0),
        oldestAgeSec: oldest === null ? null : Math.max(0, (at - oldest) / 1000),
      };
    };
    const out: Record<QueueName, QueueDepth> = {
      bot_events: depth(events),
      tg_outbox: depth(outbox),
    };
    return out;
  };
}
