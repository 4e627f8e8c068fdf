import type { RobotMessage } from '@app/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import { jsonRows, type BulkColumns } from '../db/bulk.ts';
import type { Database, ReaderMessagesTable } from '../db/schema.ts';
import { processMetrics } from '../lib/metrics.ts';
import { appendActivityFor } from '../robot/activity.ts';
import { cancelFromChannelFor } from '../robot/decide/cancel-entries.ts';
import type { ReaderDeps } from './deps.ts';
import { doubtMessage, noteDoubt, type Doubt } from './doubts.ts';
import {
  clockTime,
  doubtWords,
  isDoubt,
  readChannelMessage,
  type ReadLine,
  type ReadResult,
} from './read-message.ts';
import { botIdsTable, roomCard, takesChannel, type Room, type RoomReader } from './rooms.ts';

type Row = ReadLine['row'];

/** The columns of a read line's `signals` row besides `bot_id` (one JSON value for every line). */
const LINE_COLUMNS = {
  ord: 'integer',
  channel_id: 'text',
  message_id: 'bigint',
  line: 'integer',
  status: 'text',
  reason: 'text',
  asset: 'text',
  direction: 'text',
  signal_time: 'text',
  signal_at: 'bigint',
  timeframe_min: 'integer',
  gales: 'integer',
  signal_type: 'integer',
  delay_ms: 'integer',
  lote: 'double precision',
  galefat: 'double precision',
  broker_id: 'integer',
  dedupe_key: 'text',
  received_at: 'bigint',
  parsed_at: 'bigint',
  entry_at: 'bigint',
} as const satisfies BulkColumns;
const SIGNAL_COLUMNS = Object.keys(LINE_COLUMNS).filter((c) => c !== 'ord');

/**
 * Writes `rows` (one message's lines, in line order) for every bot of `botIds` in ONE statement:
 * the bots × the lines, each bot's lines in line order; an accepted line a bot already holds
 * (same dedupe key) is left out. How many rows it wrote.
 */
async function insertLines(
  trx: Kysely<Database>,
  botIds: readonly number[],
  rows: readonly Row[],
): Promise<number> {
  const lines = rows.map((row, ord) => ({ ...row, ord }));
  const cols = sql.join(SIGNAL_COLUMNS.map((c) => sql.id(c)));
  const picked = sql.join(SIGNAL_COLUMNS.map((c) => sql`l.${sql.id(c)}`));
  // The lines outer (SQLite loops a CROSS JOIN in the order written): each line's JSON is read
  // once, not once per bot.
  const result = await sql`insert into signals (bot_id, ${cols})
    select b.bot_id, ${picked}
    from ${jsonRows(trx, LINE_COLUMNS, lines)} as l cross join ${botIdsTable(trx, botIds)} as b
    where true order by l.ord, b.bot_id
    on conflict (bot_id, dedupe_key) do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * The accepted lines each bot did not get because it held them already: `bot → keys`. Asked
 * only when the insert wrote fewer rows than bots × lines (a repeat of a signal).
 */
async function repeatsOf(
  trx: Kysely<Database>,
  botIds: readonly number[],
  keys: readonly string[],
  messageId: number,
): Promise<Map<number, Set<string>>> {
  const held = await sql<{ bot_id: number | string; dedupe_key: string; message_id: unknown }>`
    select s.bot_id, s.dedupe_key, s.message_id from signals s
    where s.bot_id in (select bot_id from ${botIdsTable(trx, botIds)} as b)
      and s.dedupe_key in (${sql.join(keys)})`.execute(trx);
  const before = new Map<number, Set<string>>();
  for (const r of held.rows) {
    // This message's own rows were just written; a row of another message is the repeat's.
    if (Number(r.message_id) === messageId) continue;
    const id = Number(r.bot_id);
    before.set(id, (before.get(id) ?? new Set()).add(r.dedupe_key));
  }
  return before;
}

/** A repeat of a signal the bot holds: recorded as the parser records one (`duplicate`). */
function duplicateRow(row: Row): Row {
  return {
    ...row,
    status: 'rejected',
    reason: 'duplicate',
    direction: null,
    signal_at: null,
    timeframe_min: null,
    gales: null,
    entry_at: null,
    dedupe_key: null,
  };
}

/**
 * The feed line of a message's new pending entries ("Lista recebida de sala-vip: 4 entradas…"):
 * the trader sees that the robot read the channel, and the panel's live stream re-reads the
 * dashboard's next entries at once instead of when the first one is decided.
 */
function receivedMessage(channel: string, taken: readonly Row[], timezone: number): RobotMessage {
  const first = [...taken].sort((a, b) => (a.entry_at ?? 0) - (b.entry_at ?? 0))[0] as Row;
  const at = first.signal_at ?? first.entry_at;
  const params = {
    channel,
    asset: first.asset ?? '',
    direction: first.direction ?? '',
    time: at ? clockTime(at, timezone) : '',
  };
  return taken.length === 1
    ? { key: 'robot.activity.received', params }
    : { key: 'robot.activity.receivedList', params: { ...params, count: taken.length } };
}

/** The same feed line for many bots: grouped by its text, one statement per distinct line. */
async function appendGrouped(
  trx: Kysely<Database>,
  at: number,
  lines: Iterable<[number, RobotMessage]>,
): Promise<void> {
  const groups = new Map<string, { message: RobotMessage; ids: number[] }>();
  for (const [botId, message] of lines) {
    const key = JSON.stringify(message);
    const group = groups.get(key) ?? { message, ids: [] };
    group.ids.push(botId);
    groups.set(key, group);
  }
  for (const { message, ids } of groups.values()) {
    await appendActivityFor(trx, ids, { at, kind: 'signal', message });
  }
}

/** What one message fanned in: the bots that got new accepted entries. */
export interface FanIn {
  woken: number[];
}

/**
 * The rows of one message for every reader that takes its channel, inside the transaction that
 * claimed them: the lines (each bot's own id and repeats), the cancel posts, the feed lines
 * (received, doubt) and the room owner's doubt count.
 */
async function writeRead(
  trx: Kysely<Database>,
  room: Room,
  takers: readonly RoomReader[],
  read: ReadResult,
  message: Selectable<ReaderMessagesTable>,
  channelName: string,
  nowMs: number,
): Promise<number[]> {
  const ids = takers.map((r) => r.id);
  const rows = read.lines.map((l) => l.row);
  const accepted = rows.filter((r) => r.status === 'accepted');
  let repeats = new Map<number, Set<string>>();
  if (rows.length > 0) {
    const written = await insertLines(trx, ids, rows);
    if (written < ids.length * rows.length) {
      const keys = accepted.flatMap((r) => (r.dedupe_key ? [r.dedupe_key] : []));
      repeats = await repeatsOf(trx, ids, keys, message.id);
      const dup: Row[] = [];
      for (const [botId, held] of repeats) {
        for (const r of accepted) {
          if (r.dedupe_key && held.has(r.dedupe_key))
            dup.push({ ...duplicateRow(r), bot_id: botId });
        }
      }
      const { ord: _ord, ...columns } = LINE_COLUMNS;
      const dupCols = { bot_id: 'bigint', ...columns } as const;
      if (dup.length > 0) {
        const names = sql.join(Object.keys(dupCols).map((c) => sql.id(c)));
        await sql`insert into signals (${names}) select ${names}
          from ${jsonRows(trx, dupCols, dup)} as v where true`.execute(trx);
      }
    }
  }
  // A cancel post about a signal cancels this channel's matching entries not sent yet.
  for (const row of rows) {
    if (row.status !== 'rejected' || row.reason !== 'cancelled' || !row.asset) continue;
    await cancelFromChannelFor(
      trx,
      ids,
      {
        channelId: message.channel_id,
        asset: row.asset,
        time: row.signal_time ?? null,
        messageId: message.id,
        line: row.line ?? 0,
      },
      { at: nowMs, text: message.text },
    );
  }
  const woken: number[] = [];
  const received: [number, RobotMessage][] = [];
  const byTimezone = new Map<number, RobotMessage>();
  for (const reader of takers) {
    const held = repeats.get(reader.id);
    if (held === undefined) {
      if (accepted.length === 0) continue;
      let line = byTimezone.get(reader.timezone);
      if (!line) {
        line = receivedMessage(channelName, accepted, reader.timezone);
        byTimezone.set(reader.timezone, line);
      }
      received.push([reader.id, line]);
    } else {
      const taken = accepted.filter((r) => !(r.dedupe_key && held.has(r.dedupe_key)));
      if (taken.length === 0) continue;
      received.push([reader.id, receivedMessage(channelName, taken, reader.timezone)]);
    }
    woken.push(reader.id);
  }
  await appendGrouped(trx, nowMs, received);
  // A line it could not account for is not traded: the trader is asked (feed, chat).
  if (isDoubt(read)) {
    const doubt: Omit<Doubt, 'botId'> = {
      ownerId: room.owner.id,
      channelId: message.channel_id,
      channelName,
      messageId: message.id,
      text: message.text,
      words: doubtWords(read),
      nowMs,
    };
    if (ids.includes(room.owner.id)) await noteDoubt(trx, { ...doubt, botId: room.owner.id });
    const others = ids.filter((id) => id !== room.owner.id);
    await appendActivityFor(trx, others, {
      at: nowMs,
      kind: 'signal',
      message: doubtMessage(doubt, false),
    });
  }
  return woken;
}

/**
 * Reads one message of a room for every bot that reads the room, in one transaction: parsed once
 * (the card is the room's), the room's cursor advanced, and every reader's rows written
 * set-based, in as many statements for 10,000 readers as for one. A message another reader
 * process took already (the room's cursor is past it) gets nothing, nor does a bot that started
 * following after it; so after a restart or a take-over no message is read twice, and none is
 * skipped.
 */
export async function fanInMessage(
  deps: ReaderDeps,
  room: Room,
  message: Selectable<ReaderMessagesTable>,
): Promise<FanIn> {
  const nowMs = deps.now();
  const card = roomCard(room, message.channel_id);
  const channelName = room.chats.get(message.channel_id) ?? '';
  const read =
    card?.chanEnable === true
      ? readChannelMessage(message.text, card, {
          botId: room.owner.id,
          channelId: message.channel_id,
          nowMs,
          receivedAtMs: message.received_at,
          messageId: message.id,
          // Each bot's repeats are found by its own rows (the dedupe key is unique per bot).
          seen: new Set(),
          traderTimezone: room.timezone,
        })
      : null;
  const cursor = {
    last_message_id: message.id,
    last_message_at: message.received_at,
    updated_at: nowMs,
  };
  const woken = await deps.db.transaction().execute(async (trx): Promise<number[] | null> => {
    // The room's cursor, advanced with the rows (and locked until they commit): a message is
    // read once for all the room's readers, whichever reader process takes it.
    const took = await trx
      .insertInto('reader_rooms')
      .values({ owner_id: room.owner.id, ...cursor })
      .onConflict((oc) =>
        oc
          .column('owner_id')
          .doUpdateSet(cursor)
          .where('reader_rooms.last_message_id', '<', message.id),
      )
      .returning('owner_id')
      .executeTakeFirst();
    if (!took) return null; // another reader took it
    if (!read || !card) return [];
    // A bot that started following after this message does not read it.
    const takers = room.readers.filter(
      (r) => r.after < message.id && takesChannel(card, r, room.owner),
    );
    if (takers.length === 0) return [];
    return writeRead(trx, room, takers, read, message, channelName, nowMs);
  });
  if (woken === null) return { woken: [] };
  if (read) processMetrics().readerRead(message.received_at, nowMs);
  return { woken };
}
