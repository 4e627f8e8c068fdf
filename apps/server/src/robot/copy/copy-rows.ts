import type { RobotMessage } from '@app/contract';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema.ts';
import type { BrokerLookup } from '../ledger/broker-call.ts';
import type { RuntimeDeps } from '../runtime-deps.ts';
import type { FeedLine } from './copy-lines.ts';

/** Rows per INSERT: far below SQLite's and PostgreSQL's bound-parameter limits (~20 columns each). */
export const CHUNK = 500;

type OrderRow = Selectable<OrdersTable>;

/** What the copy dispatcher reads of a copy's ledger row. */
export type CopyRow = Pick<
  OrderRow,
  | 'id'
  | 'bot_id'
  | 'client_ref'
  | 'broker_id'
  | 'account_type'
  | 'asset'
  | 'direction'
  | 'stake_cents'
  | 'send_at'
  | 'expires_at'
  | 'attempted_at'
  | 'copy_trader_bot_id'
>;

/** The columns of {@link CopyRow}, for `select` and `returning`. */
export const COPY_ROW_COLUMNS = [
  'id',
  'bot_id',
  'client_ref',
  'broker_id',
  'account_type',
  'asset',
  'direction',
  'stake_cents',
  'send_at',
  'expires_at',
  'attempted_at',
  'copy_trader_bot_id',
] as const;

/**
 * Ids as numbers (PostgreSQL's int8 may come as text), on the row itself: spreading thousands of
 * wide rows into new objects is a V8 slow path (~10 µs a row).
 */
export function numericIds<R extends { id: number | string; bot_id: number | string }>(
  row: R,
): R & { id: number; bot_id: number } {
  row.id = Number(row.id);
  row.bot_id = Number(row.bot_id);
  return row as R & { id: number; bot_id: number };
}

/** A feed line of the copy's follower about the copy. */
export function copyFeedLine(
  row: Pick<CopyRow, 'id' | 'bot_id'>,
  at: number,
  kind: FeedLine['kind'],
  message: RobotMessage,
): FeedLine {
  return { bot_id: row.bot_id, at, kind, order_id: row.id, message };
}

/**
 * One pass of the copy dispatcher: the runtime, the pass's instant, its broker time-out and row
 * bound, one broker per (bot, broker) for the pass, and the followers whose feed it changed.
 */
export interface DispatchPass {
  rt: RuntimeDeps;
  now: number;
  timeoutMs: number;
  limit: number;
  brokers: BrokerLookup;
  touched: Set<number>;
}
