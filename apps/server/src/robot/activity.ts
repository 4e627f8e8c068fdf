import type { RobotMessage } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import { isSqlite, type BulkColumns } from '../db/bulk.ts';
import { toDbJson } from '../db/dialect.ts';
import type { ActivityTable, Database } from '../db/schema.ts';

/** The columns of a feed line written in bulk (`insertJsonRows`; a row's absent ids are null). */
export const ACTIVITY_COLUMNS: BulkColumns = {
  bot_id: 'bigint',
  at: 'bigint',
  kind: 'text',
  signal_id: 'bigint',
  order_id: 'bigint',
  message: 'jsonb',
};

/** Appends one line to a bot's activity feed (inside the transaction that did the thing). */
export async function appendActivity(
  db: Kysely<Database>,
  item: {
    botId: number;
    at: number;
    kind: ActivityTable['kind'];
    message: RobotMessage;
    signalId?: number | null;
    orderId?: number | null;
  },
): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      bot_id: item.botId,
      at: item.at,
      kind: item.kind,
      signal_id: item.signalId ?? null,
      order_id: item.orderId ?? null,
      message: toDbJson(item.message),
    })
    .execute();
}

/**
 * Appends the same line to many bots' feeds in one statement (a channel message read for every
 * follower): the ids and the message travel as two parameters whatever their number.
 */
export async function appendActivityFor(
  db: Kysely<Database>,
  botIds: readonly number[],
  item: { at: number; kind: ActivityTable['kind']; message: RobotMessage },
): Promise<void> {
  if (botIds.length === 0) return;
  const ids = JSON.stringify(botIds);
  const message = toDbJson(item.message);
  await (
    isSqlite(db)
      ? sql`insert into activity (bot_id, at, kind, signal_id, order_id, message)
          select value, ${item.at}, ${item.kind}, null, null, ${message} from json_each(${ids})`
      : sql`insert into activity (bot_id, at, kind, signal_id, order_id, message)
          select cast(x as bigint), ${item.at}, ${item.kind}, null, null, cast(${message} as jsonb)
          from json_array_elements_text(cast(${ids} as json)) as x`
  ).execute(db);
}
