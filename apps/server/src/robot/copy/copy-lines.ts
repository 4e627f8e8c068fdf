import type { CopyProduct, RobotMessage } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import { insertJsonRows, isSqlite, type BulkColumns } from '../../db/bulk.ts';
import type { Database } from '../../db/schema.ts';

/** One line of a follower's feed about a copy (written by the fan-out and the dispatcher). */
export interface FeedLine {
  bot_id: number;
  at: number;
  kind: 'order' | 'result';
  order_id: number;
  /** Written as JSON (text on SQLite, jsonb on PostgreSQL) by `insertLines`. */
  message: RobotMessage;
}

const LINE_COLUMNS: BulkColumns = {
  bot_id: 'bigint',
  at: 'bigint',
  kind: 'text',
  order_id: 'bigint',
  message: 'jsonb',
};

/** Every feed line in one statement with one parameter (db/bulk.ts). */
export async function insertLines(trx: Kysely<Database>, lines: FeedLine[]): Promise<void> {
  if (lines.length === 0) return;
  await insertJsonRows(trx, 'activity', LINE_COLUMNS, lines).execute(trx);
}

/**
 * The feed lines of the copies of one trader order that were placed (or refused) at `now`, built
 * by the database from their ledger rows in ONE statement: "copy of trader X opened: asset,
 * direction, stake" or "… failed: reason" — the same messages the dispatcher writes one by one,
 * without sending 10,000 of them as a parameter.
 */
export async function insertPlacedCopyLines(
  trx: Kysely<Database>,
  {
    copyOf,
    product,
    trader,
    now,
  }: { copyOf: number; product: CopyProduct; trader: string; now: number },
): Promise<void> {
  const obj = isSqlite(trx) ? sql.raw('json_object') : sql.raw('jsonb_build_object');
  await sql`insert into activity (bot_id, at, kind, order_id, message)
    select o.bot_id, cast(${now} as bigint), 'order', o.id, case when o.state = 'open'
      then ${obj}('key', 'robot.activity.copyOpen', 'params', ${obj}('trader', cast(${trader} as text),
        'asset', o.asset, 'direction', o.direction, 'stakeCents', o.stake_cents,
        'expiresAt', o.expires_at))
      else ${obj}('key', 'robot.activity.copyFailed', 'params', ${obj}('trader', cast(${trader} as text),
        'asset', o.asset, 'reason', o.fail_reason)) end
    from orders as o
    where o.copy_of = ${copyOf} and o.copy_product = ${product}
      and o.attempted_at = ${now} and o.state in ('open', 'failed')
    order by o.id`.execute(trx);
}
