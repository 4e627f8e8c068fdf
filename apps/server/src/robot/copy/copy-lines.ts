import type { CopyProduct, RobotMessage } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import { insertJsonRows, isSqlite, type BulkColumns } from '../../db/bulk.ts';
import type { Database } from '../../db/schema.ts';
import { realOrPlainLine } from '../real-money/real-lines.ts';

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
 * A copy's "opened" and "failed" lines store only their key: what they say (trader, asset,
 * direction, stake, reason) is the copy's own ledger row, read with the line
 * ({@link copyLineParams}); 10,000 copies of one order write 10,000 short lines, not 10,000
 * copies of their ledger rows (docs/decisions/2026-11-23-copies-placed-in-fan-out.md).
 */
export const COPY_OPEN = 'robot.activity.copyOpen';
export const COPY_FAILED = 'robot.activity.copyFailed';
/** How a real-money copy's "opened" line reads: with the broker's own reference of it. */
export const COPY_OPEN_REAL = 'robot.activity.copyOpenReal';

/** The stored message of a copy line. */
export function copyLine(key: typeof COPY_OPEN | typeof COPY_FAILED): RobotMessage {
  return { key, params: {} };
}

/** What a copy line's message says, from its copy's ledger row and its trader's user id. */
export interface CopyLineFacts {
  trader: string | null;
  asset: string | null;
  direction: string | null;
  stake_cents: number | string | null;
  expires_at: number | string | null;
  fail_reason: string | null;
  account_type: number | string | null;
  broker_order_id: string | null;
}

/**
 * The message of a feed line as the panel shows it: a copy line's params are filled from its
 * copy (`facts`); every other line is as stored.
 */
export function copyLineParams(message: RobotMessage, facts: CopyLineFacts): RobotMessage {
  if (Object.keys(message.params).length > 0 || facts.asset === null) return message;
  if (message.key === COPY_OPEN) {
    const params = {
      trader: facts.trader ?? '',
      asset: facts.asset,
      direction: facts.direction ?? '',
      stakeCents: Number(facts.stake_cents),
      expiresAt: Number(facts.expires_at),
    };
    // A real-money copy says the broker's own reference of it, as a real order does.
    return realOrPlainLine(facts.account_type, {
      real: facts.broker_order_id
        ? { key: COPY_OPEN_REAL, params: { ...params, brokerRef: facts.broker_order_id } }
        : null,
      plain: { key: message.key, params },
    });
  }
  if (message.key === COPY_FAILED) {
    return {
      key: message.key,
      params: { trader: facts.trader ?? '', asset: facts.asset, reason: facts.fail_reason ?? '' },
    };
  }
  return message;
}

/**
 * The feed lines of the copies of one trader order that were placed (or refused) at `now`, in
 * ONE statement from their ledger rows: a short "copy opened" or "copy failed" line each.
 */
export async function insertPlacedCopyLines(
  trx: Kysely<Database>,
  { copyOf, product, now }: { copyOf: number; product: CopyProduct; now: number },
): Promise<void> {
  const json = (m: RobotMessage) =>
    isSqlite(trx) ? sql`${JSON.stringify(m)}` : sql`cast(${JSON.stringify(m)} as jsonb)`;
  await sql`insert into activity (bot_id, at, kind, order_id, message)
    select o.bot_id, cast(${now} as bigint), 'order', o.id, case when o.state = 'open'
      then ${json(copyLine(COPY_OPEN))} else ${json(copyLine(COPY_FAILED))} end
    from orders as o
    where o.copy_of = ${copyOf} and o.copy_product = ${product}
      and o.attempted_at = ${now} and o.state in ('open', 'failed')
    order by o.id`.execute(trx);
}
