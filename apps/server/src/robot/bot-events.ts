import { sql, type Kysely } from 'kysely';
import { isSqlite, jsonIds } from '../db/bulk.ts';
import type { BotEventKind, Database } from '../db/schema.ts';
import { inPartitions } from './partitions.ts';

/**
 * The one queue of bot events (`bot_events`): a command, a signal or a timer, due at an instant
 * (one queue, so the runtime has one thing to watch whatever woke the bot). An event is a
 * doorbell: the payload stays in its own table (`bot_commands`, `signals`, the ledger), and the
 * runtime, woken for the bot, takes everything of it that is due.
 */
export async function enqueueBotEvent(
  db: Kysely<Database>,
  event: { botId: number; kind: BotEventKind; refId?: number | null; dueAt: number },
): Promise<void> {
  await db
    .insertInto('bot_events')
    .values({
      bot_id: event.botId,
      kind: event.kind,
      ref_id: event.refId ?? null,
      due_at: event.dueAt,
    })
    .execute();
}

/**
 * Books a wake-up of a bot at `at` unless one at or before it is already pending (due times
 * instead of a fixed poll: a send 2 s before a candle closes wakes the runtime then).
 */
export async function scheduleWake(db: Kysely<Database>, botId: number, at: number): Promise<void> {
  const pending = await db
    .selectFrom('bot_events')
    .select('id')
    .where('bot_id', '=', botId)
    .where('done_at', 'is', null)
    .where('kind', '=', 'wake')
    .where('due_at', '=', at)
    .executeTakeFirst();
  if (!pending) await enqueueBotEvent(db, { botId, kind: 'wake', dueAt: at });
}

/**
 * Bots with an event due at `now`, most overdue first; only those of the partitions `held`
 * (null: every bot, the one-process runtime).
 */
export async function dueBots(
  db: Kysely<Database>,
  now: number,
  limit: number,
  held: readonly number[] | null = null,
): Promise<number[]> {
  const mine = inPartitions('bot_id', held);
  const rows = await db
    .selectFrom('bot_events')
    .select('bot_id')
    .select((eb) => eb.fn.min('due_at').as('due'))
    .where('done_at', 'is', null)
    .where('due_at', '<=', now)
    .$if(mine !== null, (q) => q.where(mine!))
    .groupBy('bot_id')
    .orderBy('due')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.bot_id));
}

/**
 * The earliest pending event of any bot of the partitions `held` (Unix ms), or null: when the
 * runtime must look next.
 */
export async function nextDueAt(
  db: Kysely<Database>,
  held: readonly number[] | null = null,
): Promise<number | null> {
  const mine = inPartitions('bot_id', held);
  const row = await db
    .selectFrom('bot_events')
    .select((eb) => eb.fn.min('due_at').as('due'))
    .where('done_at', 'is', null)
    .$if(mine !== null, (q) => q.where(mine!))
    .executeTakeFirst();
  return row?.due == null ? null : Number(row.due);
}

/** The newest event id of a bot now (what a run will have seen). */
export async function lastEventId(db: Kysely<Database>, botId: number): Promise<number> {
  const row = await db
    .selectFrom('bot_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('bot_id', '=', botId)
    .executeTakeFirst();
  return row?.id == null ? 0 : Number(row.id);
}

/** Marks the bot's events up to `upToId` that were due by `at` as done. */
export async function markEventsDone(
  db: Kysely<Database>,
  botId: number,
  upToId: number,
  at: number,
): Promise<void> {
  await db
    .updateTable('bot_events')
    .set({ done_at: at })
    .where('bot_id', '=', botId)
    .where('done_at', 'is', null)
    .where('id', '<=', upToId)
    .where('due_at', '<=', at)
    .execute();
}

/**
 * The wake-ups due now of `bots` that a batch left with nothing to do now (no order due to send,
 * no open order expired or waiting for its fan-out) are done: a run of the bot would only read
 * and find nothing. A command's or a signal's doorbell, or a bot with anything due, keeps ringing.
 */
export async function silenceDoorbells(
  db: Kysely<Database>,
  bots: readonly number[],
  now: number,
): Promise<void> {
  if (bots.length === 0) return;
  const busy = sql`o.copy_of is null and ((o.state = 'placed' and o.send_at <= ${now})
    or (o.state = 'open' and (o.expires_at <= ${now} or o.fanned_out_at is null)))`;
  if (isSqlite(db)) {
    await sql`update bot_events set done_at = ${now}
      where done_at is null and kind = 'wake' and due_at <= ${now}
        and bot_id in ${jsonIds(db, bots)}
        and not exists (select 1 from orders o where o.bot_id = bot_events.bot_id and ${busy})`.execute(
      db,
    );
    return;
  }
  // PostgreSQL: the bots as one array, the busy ones found in one pass and hashed. Right after a
  // signal the planner's statistics still see the orders table as it was (often empty): the
  // correlated form then scanned every order for every wake-up (12 s for 5,000 bots, past the
  // entries' tolerance); these forms cost one pass whatever the plan.
  const ids = sql`cast(${`{${bots.join(',')}}`} as bigint[])`;
  await sql`update bot_events set done_at = ${now}
    where done_at is null and kind = 'wake' and due_at <= ${now}
      and bot_id = any(${ids})
      and bot_id not in (select o.bot_id from orders o where o.bot_id = any(${ids}) and ${busy})`.execute(
    db,
  );
}
