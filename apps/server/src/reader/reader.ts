import type { Kysely, Selectable } from 'kysely';
import { ROBOT_PARTITIONS } from '../db/migrations/1101-robot-partitions.ts';
import type { Database, ReaderMessagesTable } from '../db/schema.ts';
import { inPartitions } from '../robot/partitions.ts';
import type { ReaderDeps } from './deps.ts';
import { fanInMessage } from './fan-in.ts';
import { loadRoom } from './rooms.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Dedupe keys of the bot's signals of the last day (older entry instants are past anyway). */
export async function seenKeys(
  db: Kysely<Database>,
  botId: number,
  nowMs: number,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('signals')
    .select('dedupe_key')
    .where('bot_id', '=', botId)
    .where('dedupe_key', 'is not', null)
    .where('parsed_at', '>', nowMs - DAY_MS)
    .execute();
  return new Set(rows.flatMap((r) => (r.dedupe_key === null ? [] : [r.dedupe_key])));
}

/** Where a pass starts: the newest message, and where the held partitions are read to. */
async function marks(
  db: Kysely<Database>,
  held: readonly number[] | null,
): Promise<{ top: number; low: number }> {
  const row = await db
    .selectFrom('reader_partitions')
    .select((eb) => [
      eb.fn.min('read_to').as('low'),
      eb
        .selectFrom('reader_messages')
        .select((m) => m.fn.max('id').as('top'))
        .as('top'),
    ])
    .$if(held !== null, (q) => q.where('partition', 'in', held as number[]))
    .executeTakeFirst();
  return { top: Number(row?.top ?? 0), low: Number(row?.low ?? 0) };
}

/** The messages of the held partitions' rooms not read yet, oldest first. */
async function unread(
  db: Kysely<Database>,
  held: readonly number[] | null,
  from: { top: number; low: number },
  limit: number,
): Promise<Selectable<ReaderMessagesTable>[]> {
  const mine = inPartitions('m.bot_id', held);
  return db
    .selectFrom('reader_messages as m')
    .leftJoin('reader_rooms as r', 'r.owner_id', 'm.bot_id')
    .selectAll('m')
    .where('m.id', '>', from.low)
    .where('m.id', '<=', from.top)
    .where((eb) =>
      eb.or([eb('r.last_message_id', 'is', null), eb('m.id', '>', eb.ref('r.last_message_id'))]),
    )
    .$if(mine !== null, (q) => q.where(mine!))
    .orderBy('m.id')
    .limit(limit)
    .execute();
}

/**
 * Moves the held partitions' marks to `to`, except a partition with a failed room: it stays just
 * before its first failed message, to be read again by the next pass.
 */
async function advance(
  db: Kysely<Database>,
  held: readonly number[] | null,
  to: number,
  failed: Map<number, number>,
): Promise<void> {
  const all = held ?? Array.from({ length: ROBOT_PARTITIONS }, (_, p) => p);
  const clean = all.filter((p) => !failed.has(p));
  if (clean.length > 0) {
    await db
      .updateTable('reader_partitions')
      .set({ read_to: to })
      .where('partition', 'in', clean)
      .where('read_to', '<', to)
      .execute();
  }
  for (const [p, first] of failed) {
    await db
      .updateTable('reader_partitions')
      .set({ read_to: Math.min(to, first - 1) })
      .where('partition', '=', p)
      .where('read_to', '<', Math.min(to, first - 1))
      .execute();
  }
}

/**
 * One pass of the reader over the rooms of the partitions it holds (every room on the one-process
 * runtime): the messages past the partitions' mark → each room's card → `parseSignal` once per
 * message → every reader's `signals` rows (fan-in.ts). An idle pass is one statement, whatever
 * the number of bots. One room's failure is reported and never stops the others; its message is
 * read again at the next pass. Returns the bots that got new accepted signals (for the trading
 * runtime's wake-up).
 */
export async function readNewMessages(
  deps: ReaderDeps,
  { limit = 200 }: { limit?: number } = {},
): Promise<number[]> {
  const held = deps.partitions?.() ?? null;
  if (held !== null && held.length === 0) return [];
  const from = await marks(deps.db, held);
  if (from.top <= from.low) return [];
  const messages = await unread(deps.db, held, from, limit);
  const rooms = new Map<number, Selectable<ReaderMessagesTable>[]>();
  for (const m of messages) rooms.set(m.bot_id, [...(rooms.get(m.bot_id) ?? []), m]);
  const woken = new Set<number>();
  const failed = new Map<number, number>();
  for (const [ownerId, list] of rooms) {
    let at = list[0]?.id ?? 0;
    try {
      const room = await loadRoom(deps.db, ownerId);
      if (!room) continue;
      for (const message of list) {
        at = message.id;
        for (const id of (await fanInMessage(deps, room, message)).woken) woken.add(id);
      }
    } catch (err) {
      deps.onError?.(err, { botId: ownerId, messageId: at });
      const p = ownerId % ROBOT_PARTITIONS;
      failed.set(p, Math.min(failed.get(p) ?? at, at));
    }
  }
  // A full page: read up to its last message; otherwise every message up to `top` was seen.
  const to = messages.length === limit ? (messages[messages.length - 1]?.id ?? from.low) : from.top;
  await advance(deps.db, held, to, failed);
  return [...woken];
}
