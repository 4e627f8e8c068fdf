import type { RobotMessage } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import { insertJsonRows, jsonIds, jsonRows, type BulkColumns } from '../../db/bulk.ts';
import { ACTIVITY_COLUMNS } from '../activity.ts';
import type { Database } from '../../db/schema.ts';
import type { StoredSession } from '../session-store.ts';

/** What a batch of decisions writes, as rows (decide-batch.ts). */
export interface Written {
  orders: {
    bot_id: number;
    signal_id: number;
    channel_id: string | null;
    client_ref: string;
    session_ref: string;
    gale_level: number;
    broker_id: number;
    account_type: number;
    asset: string;
    direction: string;
    stake_cents: number;
    payout_pct: number;
    send_at: number;
    expires_at: number;
  }[];
  stamps: { id: number; decision: 'traded' | 'refused'; reason: string | null }[];
  sessions: { bot_id: number; version: number; state: StoredSession; money_key: string }[];
  /** Feed lines; `order_ref` names the line's order by client ref (its id is known once written). */
  lines: {
    bot_id: number;
    kind: 'decision' | 'session';
    signal_id: number | null;
    order_ref: string | null;
    message: RobotMessage;
  }[];
  wakes: { bot_id: number; due_at: number }[];
}

/** The ledger columns of an order the decisions write (the worker-pool bench's raw insert too). */
export const ORDER_COLUMNS: BulkColumns = {
  bot_id: 'bigint',
  signal_id: 'bigint',
  channel_id: 'text',
  client_ref: 'text',
  session_ref: 'text',
  gale_level: 'integer',
  broker_id: 'integer',
  account_type: 'integer',
  asset: 'text',
  direction: 'text',
  stake_cents: 'bigint',
  payout_pct: 'double precision',
  state: 'text',
  send_at: 'bigint',
  expires_at: 'bigint',
  created_at: 'bigint',
};

/**
 * Writes a batch of decisions in the caller's transaction, one statement per table whatever the
 * number of bots: the orders (placed, due at their instant), the signals stamped (only those
 * still undecided), the sessions saved (only at the version read), the feed lines, the wake-ups,
 * and the signals' doorbells done. A signal decided or a session saved by another writer in the
 * meantime throws: the whole batch rolls back and each bot's own run decides instead.
 */
export async function writeDecisions(
  trx: Kysely<Database>,
  w: Written,
  now: number,
): Promise<void> {
  const orderIds = new Map<string, number>();
  if (w.orders.length > 0) {
    const res = await insertJsonRows(
      trx,
      'orders',
      ORDER_COLUMNS,
      w.orders.map((o) => ({ ...o, state: 'placed', created_at: now })),
      sql`returning id, bot_id, client_ref`,
    ).execute(trx);
    for (const r of res.rows as { id: number; bot_id: number; client_ref: string }[]) {
      orderIds.set(`${Number(r.bot_id)}:${r.client_ref}`, Number(r.id));
    }
  }
  if (w.stamps.length > 0) {
    const v = jsonRows(trx, { id: 'bigint', decision: 'text', reason: 'text' }, w.stamps);
    const done = await sql`with v as materialized ${v}
      update signals set decided_at = ${now}, decision = v.decision, decision_reason = v.reason
      from v where signals.id = v.id and signals.decided_at is null
      returning signals.id`.execute(trx);
    if (done.rows.length !== w.stamps.length) throw new Error('Signals were decided elsewhere');
  }
  if (w.sessions.length > 0) {
    const v = jsonRows(
      trx,
      { bot_id: 'bigint', version: 'integer', state: 'jsonb', money_key: 'text' },
      w.sessions,
    );
    const saved = await sql`with v as materialized ${v}
      update bot_sessions set state = v.state, version = bot_sessions.version + 1,
        updated_at = ${now}, money_key = v.money_key
      from v where bot_sessions.bot_id = v.bot_id and bot_sessions.version = v.version
      returning bot_sessions.bot_id`.execute(trx);
    if (saved.rows.length !== w.sessions.length) {
      throw new Error('Sessions were saved by another writer');
    }
  }
  if (w.lines.length > 0) {
    await insertJsonRows(
      trx,
      'activity',
      ACTIVITY_COLUMNS,
      w.lines.map((l) => ({
        bot_id: l.bot_id,
        at: now,
        kind: l.kind,
        signal_id: l.signal_id,
        order_id:
          l.order_ref === null ? null : (orderIds.get(`${l.bot_id}:${l.order_ref}`) ?? null),
        message: l.message,
      })),
    ).execute(trx);
  }
  if (w.wakes.length > 0) {
    await insertJsonRows(
      trx,
      'bot_events',
      { bot_id: 'bigint', kind: 'text', due_at: 'bigint' },
      w.wakes.map((e) => ({ ...e, kind: 'wake' })),
    ).execute(trx);
  }
  if (w.stamps.length > 0) {
    await sql`update bot_events set done_at = ${now}
      where kind = 'signal' and done_at is null
        and ref_id in ${jsonIds(
          trx,
          w.stamps.map((s) => s.id),
        )}`.execute(trx);
  }
}
