import type { RobotMessage } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import { jsonIds, jsonRows, type BulkColumns } from '../../db/bulk.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The orders ledger's moves, for the bot's own orders and for copies alike. Every move is a
 * compare-and-set on the row's state (`placed` → `open` | `failed`, `open` → `won` | `lost` |
 * `draw`), so of two writers (a retry, another worker, a dispatcher) exactly one moves a row, and
 * the caller writes the consequences (session step, feed line, credit) only for the rows it moved.
 */

/** The result of a settled order. */
export type OrderResult = 'won' | 'lost' | 'draw';

export function resultOf(pnlCents: number): OrderResult {
  return pnlCents > 0 ? 'won' : pnlCents < 0 ? 'lost' : 'draw';
}

/** The feed line of a settled order (`robot.activity.won|lost|draw`). */
export function resultMessage(
  order: { asset: string; galeLevel: number },
  pnlCents: number,
  balanceCents: number,
  /** A paper order's price source (a market, or `simulated`): the line says which. */
  priceSource?: string,
): RobotMessage {
  return {
    key: `robot.activity.${resultOf(pnlCents)}`,
    params: {
      asset: order.asset,
      pnlCents,
      balanceCents,
      galeLevel: order.galeLevel,
      ...(priceSource === undefined ? {} : { priceSource }),
    },
  };
}

/** A broker's payout fraction (0.8734) as the ledger keeps it: percent, two decimals. */
export function payoutPctOf(payout: number): number {
  return Math.round(payout * 10_000) / 100;
}

/** Ids (PostgreSQL's int8 may come back as text) as a set of numbers. */
function idSet(rows: readonly { id: number | string }[]): Set<number> {
  return new Set(rows.map((r) => Number(r.id)));
}

// ─── the outbox claim ────────────────────────────────────────────────────────────────────────

/**
 * Claims a placed order for a broker call: `attempted_at` goes from `previous` (null: never
 * tried) to `now`. Committed before the call, so a crash after it means "ask the broker by client
 * ref" (reconcile) and never "send again".
 */
export async function claimOrder(
  db: Kysely<Database>,
  id: number,
  now: number,
  previous: number | null = null,
): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ attempted_at: now })
    .where('id', '=', id)
    .where('state', '=', 'placed')
    .where('attempted_at', previous === null ? 'is' : '=', previous)
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/** Gives claimed orders the broker never saw back to the outbox (same client ref: placed once). */
export async function releaseOrders(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('orders')
    .set({ attempted_at: null })
    .where(sql<boolean>`id in ${jsonIds(db, ids)}`)
    .where('state', '=', 'placed')
    .execute();
}

// ─── placed → open ───────────────────────────────────────────────────────────────────────────

/**
 * One order the broker accepted; `payoutPct` null keeps the payout the decision planned. A bot's
 * own order also says whether its fan-out is still to do (`fannedOutAt` null, see
 * {@link claimFanOut}) or has nothing to do (`now`).
 */
export async function openOrder(
  db: Kysely<Database>,
  order: {
    id: number;
    brokerOrderId: string;
    payoutPct: number | null;
    fannedOutAt: number | null;
  },
  now: number,
): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({
      state: 'open',
      confirmed_at: now,
      broker_order_id: order.brokerOrderId,
      fanned_out_at: order.fannedOutAt,
      ...(order.payoutPct === null ? {} : { payout_pct: order.payoutPct }),
    })
    .where('id', '=', order.id)
    .where('state', '=', 'placed')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/**
 * Takes the fan-out of a confirmed own order (`fanned_out_at` null → `now`): the one writer that
 * gets it fans the order out in the same transaction, so the fan-out is done once and, after a
 * crash in the middle, again whole.
 */
export async function claimFanOut(db: Kysely<Database>, id: number, now: number): Promise<boolean> {
  const res = await db
    .updateTable('orders')
    .set({ fanned_out_at: now })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .where('fanned_out_at', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

const OPEN_COLUMNS: BulkColumns = {
  id: 'bigint',
  broker_order_id: 'text',
  payout_pct: 'double precision',
};

/** Many accepted orders in one `UPDATE … FROM` (one JSON parameter); the ids it moved. */
export async function openOrders(
  trx: Kysely<Database>,
  orders: readonly { id: number; brokerOrderId: string; payoutPct: number }[],
  now: number,
): Promise<Set<number>> {
  if (orders.length === 0) return new Set();
  const v = jsonRows(
    trx,
    OPEN_COLUMNS,
    orders.map((o) => ({ id: o.id, broker_order_id: o.brokerOrderId, payout_pct: o.payoutPct })),
  );
  // MATERIALIZED: SQLite otherwise walks the placed orders and scans the JSON for each one.
  const done = await sql<{ id: number | string }>`with v as materialized ${v}
    update orders set state = 'open', confirmed_at = ${now},
      broker_order_id = v.broker_order_id, payout_pct = v.payout_pct
    from v
    where orders.id = v.id and orders.state = 'placed'
    returning orders.id`.execute(trx);
  return idSet(done.rows);
}

// ─── placed → failed ─────────────────────────────────────────────────────────────────────────

/**
 * Fails placed orders with `reason` (a broker refusal, `missed`, `late`); with `onlyUnattempted`
 * only those no broker call was claimed for. The ids it moved.
 */
export async function failOrders(
  db: Kysely<Database>,
  ids: readonly number[],
  reason: string,
  now: number,
  { onlyUnattempted = false }: { onlyUnattempted?: boolean } = {},
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  let q = db
    .updateTable('orders')
    .set({ state: 'failed', fail_reason: reason, settled_at: now })
    .where(sql<boolean>`id in ${jsonIds(db, ids)}`)
    .where('state', '=', 'placed');
  if (onlyUnattempted) q = q.where('attempted_at', 'is', null);
  return idSet(await q.returning('id').execute());
}

// ─── open → won | lost | draw ────────────────────────────────────────────────────────────────

/** One settlement: the order's P&L and the balance after it (null: not known yet). */
export interface Settlement {
  id: number;
  pnlCents: number;
  balanceAfterCents: number | null;
  /** The paper broker's prices and their source (market or `simulated`); absent elsewhere. */
  prices?: { source: string; entryPrice: number | null; exitPrice: number | null };
}

/** Settles one open order; its result, or null when another writer settled it first. */
export async function settleOrder(
  db: Kysely<Database>,
  s: Settlement,
  now: number,
): Promise<OrderResult | null> {
  const result = resultOf(s.pnlCents);
  const res = await db
    .updateTable('orders')
    .set({
      state: result,
      pnl_cents: s.pnlCents,
      settled_at: now,
      balance_after_cents: s.balanceAfterCents,
      ...(s.prices
        ? {
            price_source: s.prices.source,
            entry_price: s.prices.entryPrice,
            exit_price: s.prices.exitPrice,
          }
        : {}),
    })
    .where('id', '=', s.id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n ? result : null;
}

const SETTLE_COLUMNS: BulkColumns = {
  id: 'bigint',
  state: 'text',
  pnl_cents: 'bigint',
  balance_after_cents: 'bigint',
  price_source: 'text',
  entry_price: 'double precision',
  exit_price: 'double precision',
};

/** Many settlements in one `UPDATE … FROM` (one JSON parameter); the ids it moved. */
export async function settleOrders(
  trx: Kysely<Database>,
  settlements: readonly Settlement[],
  now: number,
): Promise<Set<number>> {
  if (settlements.length === 0) return new Set();
  const v = jsonRows(
    trx,
    SETTLE_COLUMNS,
    settlements.map((s) => ({
      id: s.id,
      state: resultOf(s.pnlCents),
      pnl_cents: s.pnlCents,
      balance_after_cents: s.balanceAfterCents,
      price_source: s.prices?.source ?? null,
      entry_price: s.prices?.entryPrice ?? null,
      exit_price: s.prices?.exitPrice ?? null,
    })),
  );
  const done = await sql<{ id: number | string }>`with v as materialized ${v}
    update orders set state = v.state, pnl_cents = v.pnl_cents, settled_at = ${now},
      balance_after_cents = v.balance_after_cents, price_source = v.price_source,
      entry_price = v.entry_price, exit_price = v.exit_price
    from v where orders.id = v.id and orders.state = 'open'
    returning orders.id`.execute(trx);
  return idSet(done.rows);
}

const BALANCE_AFTER_COLUMNS: BulkColumns = { id: 'bigint', balance_after_cents: 'bigint' };

/** The balance after settled orders, known only once they were credited (paper copies). */
export async function recordBalancesAfter(
  trx: Kysely<Database>,
  rows: readonly { id: number; balanceAfterCents: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const v = jsonRows(
    trx,
    BALANCE_AFTER_COLUMNS,
    rows.map((r) => ({ id: r.id, balance_after_cents: r.balanceAfterCents })),
  );
  await sql`with v as materialized ${v}
    update orders set balance_after_cents = v.balance_after_cents
    from v where orders.id = v.id`.execute(trx);
}
