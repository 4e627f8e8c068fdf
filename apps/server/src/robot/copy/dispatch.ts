import type { RobotMessage } from '@app/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import { jsonRows, type BulkColumns } from '../../db/bulk.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import {
  placeRequestOf,
  type BatchBroker,
  type BrokerAdapter,
  type OrderStatus,
  type PlaceAnswer,
  type PlaceRequest,
} from '../brokers/broker-adapter.ts';
import {
  PAPER_LEDGER_PREFIX,
  paperPnlCents,
  creditPaperCopiesIn,
} from '../brokers/paper-broker.ts';
import { describeError, type RuntimeDeps } from '../runtime-deps.ts';
import { COPY_FAILED, COPY_OPEN, copyLine, insertLines, type FeedLine } from './copy-lines.ts';
import { CHUNK } from './fan-out.ts';

/** Same budgets as the bot's own orders (run-session.ts): a copy may go out this late, no later. */
export const COPY_LATE_TOLERANCE_MS = 5_000;
export const COPY_BROKER_TIMEOUT_MS = 10_000;
/** Broker calls in flight at once per pass; one slow follower never holds the others. */
const CONCURRENCY = 32;

type OrderRow = Selectable<OrdersTable>;
type CopyRow = Pick<
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

/** What one dispatch pass did. */
export interface DispatchReport {
  sent: number;
  failed: number;
  late: number;
  reconciled: number;
  settled: number;
  /** When copies need the dispatcher next (Unix ms), or null. */
  nextDueAt: number | null;
}

const COLUMNS = [
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

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('broker_timeout')), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `fn` over `items` with at most `limit` in flight; a rejection is that item's only. */
async function pool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<({ ok: true; value: R } | { ok: false; error: unknown })[]> {
  const out = new Array<{ ok: true; value: R } | { ok: false; error: unknown }>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next;
      next += 1;
      try {
        out[i] = { ok: true, value: await fn(items[i] as T) };
      } catch (error) {
        out[i] = { ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Ids as numbers (PostgreSQL's int8 may come as text), on the row itself: spreading thousands of
 * wide rows into new objects is a V8 slow path (~10 µs a row).
 */
function numericIds<R extends { id: number | string; bot_id: number | string }>(
  row: R,
): R & { id: number; bot_id: number } {
  row.id = Number(row.id);
  row.bot_id = Number(row.bot_id);
  return row as R & { id: number; bot_id: number };
}

function line(row: CopyRow, at: number, kind: FeedLine['kind'], message: RobotMessage): FeedLine {
  return { bot_id: row.bot_id, at, kind, order_id: row.id, message };
}

/** Fails copies whose entry deadline passed before they were sent: never sent late. */
async function failLate(
  rt: RuntimeDeps,
  now: number,
  limit: number,
  touched: Set<number>,
): Promise<number> {
  const rows = await rt.db
    .selectFrom('orders')
    .select(COLUMNS)
    .where('copy_of', 'is not', null)
    .where('state', '=', 'placed')
    .where('attempted_at', 'is', null)
    .where('send_at', '<', now - COPY_LATE_TOLERANCE_MS)
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  return failCopies(rt, rows, now, 'late', true, touched);
}

async function failCopies(
  rt: RuntimeDeps,
  rows: CopyRow[],
  now: number,
  reason: string,
  onlyUnattempted = false,
  touched?: Set<number>,
): Promise<number> {
  return rt.db
    .transaction()
    .execute((trx) => failCopiesIn(trx, rows, now, reason, onlyUnattempted, touched));
}

/** Fails `rows` (still placed) with `reason` and a feed line each, inside `trx`. */
async function failCopiesIn(
  trx: Kysely<Database>,
  rows: CopyRow[],
  now: number,
  reason: string,
  onlyUnattempted = false,
  touched?: Set<number>,
): Promise<number> {
  let failed = 0;
  const lines: FeedLine[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    let q = trx
      .updateTable('orders')
      .set({ state: 'failed', fail_reason: reason, settled_at: now })
      .where(
        'id',
        'in',
        chunk.map((r) => r.id),
      )
      .where('state', '=', 'placed');
    if (onlyUnattempted) q = q.where('attempted_at', 'is', null);
    const ids = await q.returning('id').execute();
    const hit = new Set(ids.map((r) => Number(r.id)));
    for (const r of chunk) {
      if (!hit.has(r.id)) continue;
      failed += 1;
      touched?.add(r.bot_id);
      lines.push(line(r, now, 'order', copyLine(COPY_FAILED)));
    }
  }
  await insertLines(trx, lines);
  return failed;
}

/** One broker per (bot, broker) per pass; a failing look-up fails only that bot's copies. */
function brokerCache(rt: RuntimeDeps): (row: CopyRow) => Promise<BrokerAdapter> {
  const cache = new Map<string, Promise<BrokerAdapter>>();
  return (row) => {
    const key = `${row.bot_id}:${row.broker_id}`;
    let b = cache.get(key);
    if (!b) {
      b = rt.brokerFor(row.bot_id, row.broker_id);
      cache.set(key, b);
    }
    return b;
  };
}

/** Confirms copies the broker accepted (state open + a feed line), fails the refused ones. */
async function writeAnswers(
  rt: RuntimeDeps,
  results: { row: CopyRow; answer: PlaceAnswer }[],
  now: number,
  touched: Set<number>,
): Promise<{ sent: number; failed: number }> {
  if (results.length === 0) return { sent: 0, failed: 0 };
  return rt.db.transaction().execute((trx) => writeAnswersIn(trx, results, now, touched));
}

const ANSWER_COLUMNS: BulkColumns = {
  id: 'bigint',
  broker_order_id: 'text',
  payout_pct: 'double precision',
};

/**
 * `writeAnswers` inside `trx`: the accepted copies become open with their broker order id and
 * payout in one `UPDATE … FROM (VALUES …)` per chunk (state-guarded: only a copy still placed),
 * the refused ones failed with their reason; one feed line per changed copy.
 */
async function writeAnswersIn(
  trx: Kysely<Database>,
  results: { row: CopyRow; answer: PlaceAnswer }[],
  now: number,
  touched: Set<number>,
): Promise<{ sent: number; failed: number }> {
  if (results.length === 0) return { sent: 0, failed: 0 };
  let sent = 0;
  const refused = new Map<string, CopyRow[]>();
  const accepted: { row: CopyRow; brokerOrderId: string; payoutPct: number }[] = [];
  for (const { row, answer } of results) {
    if (answer.ok) {
      const payoutPct = Math.round(answer.payout * 10_000) / 100;
      accepted.push({ row, brokerOrderId: answer.brokerOrderId, payoutPct });
      continue;
    }
    const list = refused.get(answer.error);
    if (list) list.push(row);
    else refused.set(answer.error, [row]);
  }
  const lines: FeedLine[] = [];
  if (accepted.length > 0) {
    // Every answer in one UPDATE … FROM (rows as one JSON parameter), guarded by state.
    const answers = jsonRows(
      trx,
      ANSWER_COLUMNS,
      accepted.map((c) => ({
        id: c.row.id,
        broker_order_id: c.brokerOrderId,
        payout_pct: c.payoutPct,
      })),
    );
    // MATERIALIZED: SQLite otherwise walks the placed orders and scans the JSON for each one.
    const done = await sql<{ id: number | string }>`with v as materialized ${answers}
      update orders set state = 'open', confirmed_at = ${now},
        broker_order_id = v.broker_order_id, payout_pct = v.payout_pct
      from v
      where orders.id = v.id and orders.state = 'placed'
      returning orders.id`.execute(trx);
    const hit = new Set(done.rows.map((d) => Number(d.id)));
    for (const { row } of accepted) {
      if (!hit.has(row.id)) continue;
      sent += 1;
      touched.add(row.bot_id);
      lines.push(line(row, now, 'order', copyLine(COPY_OPEN)));
    }
  }
  await insertLines(trx, lines);
  let failed = 0;
  // Refusals grouped by reason: one statement per reason and chunk, not per order.
  for (const [reason, rows] of refused) {
    failed += await failCopiesIn(trx, rows, now, reason, false, touched);
  }
  return { sent, failed };
}

/**
 * Copies claimed by a dispatcher that never wrote the answer (it died, or the broker timed out):
 * asked at the broker by client ref. Found → open; missing and past the deadline → failed
 * `missed`; missing in time → released to be sent (same client ref: the broker places it once).
 */
async function reconcileStale(
  rt: RuntimeDeps,
  now: number,
  timeoutMs: number,
  limit: number,
  touched: Set<number>,
): Promise<number> {
  const stale = await rt.db
    .selectFrom('orders')
    .select(COLUMNS)
    .where('copy_of', 'is not', null)
    .where('state', '=', 'placed')
    .where('attempted_at', 'is not', null)
    .where('attempted_at', '<=', now - 2 * timeoutMs)
    .limit(limit)
    .execute();
  if (stale.length === 0) return 0;
  const brokerOf = brokerCache(rt);
  const claimed: CopyRow[] = [];
  for (const row of stale) {
    const res = await rt.db
      .updateTable('orders')
      .set({ attempted_at: now })
      .where('id', '=', row.id)
      .where('state', '=', 'placed')
      .where('attempted_at', '=', row.attempted_at)
      .executeTakeFirst();
    if (res.numUpdatedRows === 1n) claimed.push(row);
  }
  const looked = await pool(claimed, CONCURRENCY, async (row) => {
    const broker = await brokerOf(row);
    return withTimeout(broker.lookup(row.client_ref, now), timeoutMs);
  });
  const found: { row: CopyRow; answer: PlaceAnswer }[] = [];
  const missed: CopyRow[] = [];
  const release: number[] = [];
  claimed.forEach((row, i) => {
    const r = looked[i];
    if (!r?.ok) return; // the broker did not answer: asked again after the next time-out
    const status: OrderStatus = r.value;
    if (status.status !== 'missing') {
      found.push({
        row,
        answer: { ok: true, brokerOrderId: status.brokerOrderId, payout: 0, balanceCents: null },
      });
    } else if (now > row.send_at + COPY_LATE_TOLERANCE_MS) missed.push(row);
    else release.push(row.id);
  });
  await writeAnswers(rt, found, now, touched);
  if (missed.length > 0) await failCopies(rt, missed, now, 'missed', false, touched);
  for (let i = 0; i < release.length; i += CHUNK) {
    await rt.db
      .updateTable('orders')
      .set({ attempted_at: null })
      .where('id', 'in', release.slice(i, i + CHUNK))
      .where('state', '=', 'placed')
      .execute();
  }
  return found.length + missed.length + release.length;
}

/** Sends the copies due now: claimed in one statement per chunk, sent in parallel. */
async function sendDue(
  rt: RuntimeDeps,
  now: number,
  timeoutMs: number,
  limit: number,
  touched: Set<number>,
): Promise<{ sent: number; failed: number }> {
  // Found and claimed in one statement: the compare-and-set (still placed, never attempted) is
  // re-checked on every row it updates, so of two dispatchers only one gets a copy. Committed
  // before any broker call: a crash after it means "ask the broker" (reconcileStale).
  const due = rt.db
    .selectFrom('orders')
    .select('id')
    .where('copy_of', 'is not', null)
    .where('state', '=', 'placed')
    .where('attempted_at', 'is', null)
    .where('send_at', '<=', now)
    .where('send_at', '>=', now - COPY_LATE_TOLERANCE_MS)
    .orderBy('send_at')
    .limit(limit);
  const claimed: CopyRow[] = (
    await rt.db
      .updateTable('orders')
      .set({ attempted_at: now })
      .where('id', 'in', due)
      .where('state', '=', 'placed')
      .where('attempted_at', 'is', null)
      .returning(COLUMNS)
      .execute()
  ).map(numericIds);
  if (claimed.length === 0) return { sent: 0, failed: 0 };
  rt.fault?.('before_broker_call');
  const requestOf = (row: CopyRow): PlaceRequest => placeRequestOf(row, now);
  // Copies whose broker takes a batch go in one call per batch broker; the others one by one.
  const batches = new Map<BatchBroker, CopyRow[]>();
  const single: CopyRow[] = [];
  for (const row of claimed) {
    const batch = rt.batchBroker?.(row.bot_id, row.broker_id) ?? null;
    const list = batch ? batches.get(batch) : undefined;
    if (batch && list) list.push(row);
    else if (batch) batches.set(batch, [row]);
    else single.push(row);
  }
  const results: { row: CopyRow; answer: PlaceAnswer }[] = [];
  const unknown = (row: CopyRow, err: unknown): void => {
    // Unknown outcome (time-out, dropped connection): left claimed, reconciled by client ref.
    rt.log.error({ err: describeError(err), order: row.id }, 'copy: broker call failed');
  };
  let sent = 0;
  let failed = 0;
  for (const [batch, rows] of batches) {
    const items = rows.map((row) => ({ botId: row.bot_id, request: requestOf(row) }));
    const placeIn = batch.placeManyIn;
    if (placeIn) {
      // A broker in our own database: its orders and the ledger's answers in one transaction.
      // The rows are ours (claimed above); if one was not answered in the ledger after all, the
      // whole batch rolls back, placements included, and is reconciled like a lost request.
      const done = await rt.db
        .transaction()
        .execute(async (trx) => {
          const answers = await placeIn(trx, items);
          const written = await writeAnswersIn(
            trx,
            rows.map((row, i) => ({ row, answer: answers[i] as PlaceAnswer })),
            now,
            touched,
          );
          if (written.sent + written.failed !== rows.length) throw new Error('copy_claim_lost');
          return written;
        })
        .catch((err: unknown) => {
          for (const row of rows) unknown(row, err);
          return { sent: 0, failed: 0 };
        });
      sent += done.sent;
      failed += done.failed;
      continue;
    }
    if (!batch.placeMany) {
      single.push(...rows);
      continue;
    }
    try {
      const answers = await withTimeout(batch.placeMany(items), timeoutMs * 3);
      rows.forEach((row, i) => results.push({ row, answer: answers[i] as PlaceAnswer }));
    } catch (err) {
      for (const row of rows) unknown(row, err);
    }
  }
  const brokerOf = brokerCache(rt);
  const answers = await pool(single, CONCURRENCY, async (row) =>
    withTimeout((await brokerOf(row)).placeOrder(requestOf(row)), timeoutMs),
  );
  rt.fault?.('after_broker_call');
  single.forEach((row, i) => {
    const a = answers[i];
    if (a?.ok) results.push({ row, answer: a.value });
    else unknown(row, a?.error);
  });
  const rest = await writeAnswers(rt, results, now, touched);
  return { sent: sent + rest.sent, failed: failed + rest.failed };
}

const SETTLE_COLUMNS: BulkColumns = {
  id: 'bigint',
  state: 'text',
  pnl_cents: 'bigint',
};
const BALANCE_AFTER_COLUMNS: BulkColumns = { id: 'bigint', balance_after_cents: 'bigint' };

type SettleRow = CopyRow & Pick<OrderRow, 'payout_pct' | 'confirmed_at' | 'broker_order_id'>;

/**
 * Settles paper copies kept in the ledger (`PAPER_LEDGER_PREFIX`) in one transaction: the rows
 * are settled first (state-guarded, so of two dispatchers only one settles a copy), then only
 * those are credited to the followers' paper balances and get the balance after them.
 */
async function settleLedgerPaper(
  rt: RuntimeDeps,
  rows: SettleRow[],
  now: number,
  touched: Set<number>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const results = rows.map((row) => {
    const pnlCents = paperPnlCents({
      asset: row.asset,
      direction: row.direction,
      stakeCents: Number(row.stake_cents),
      payout: Number(row.payout_pct) / 100,
      openAtMs: Number(row.confirmed_at ?? row.send_at),
      expiresAtMs: row.expires_at,
    });
    return { row, pnlCents, state: pnlCents > 0 ? 'won' : pnlCents < 0 ? 'lost' : 'draw' };
  });
  return rt.db.transaction().execute(async (trx) => {
    const values = jsonRows(
      trx,
      SETTLE_COLUMNS,
      results.map((r) => ({ id: r.row.id, state: r.state, pnl_cents: r.pnlCents })),
    );
    const done = await sql<{ id: number | string }>`with v as materialized ${values}
      update orders set state = v.state, pnl_cents = v.pnl_cents, settled_at = ${now}
      from v where orders.id = v.id and orders.state = 'open'
      returning orders.id`.execute(trx);
    const mine = new Set(done.rows.map((d) => Number(d.id)));
    const settled = results.filter((r) => mine.has(r.row.id));
    if (settled.length === 0) return 0;
    const balances = await creditPaperCopiesIn(
      trx,
      settled.map(({ row, pnlCents }) => ({
        botId: row.bot_id,
        accountType: row.account_type,
        stakeCents: Number(row.stake_cents),
        pnlCents,
      })),
    );
    const after = jsonRows(
      trx,
      BALANCE_AFTER_COLUMNS,
      settled.map((r, i) => ({ id: r.row.id, balance_after_cents: balances[i] })),
    );
    await sql`with v as materialized ${after}
      update orders set balance_after_cents = v.balance_after_cents
      from v where orders.id = v.id`.execute(trx);
    const lines = settled.map((r, i) => {
      touched.add(r.row.bot_id);
      return line(r.row, now, 'result', {
        key: `robot.activity.${r.state}`,
        params: {
          asset: r.row.asset,
          pnlCents: r.pnlCents,
          balanceCents: balances[i] ?? 0,
          galeLevel: 0,
        },
      });
    });
    await insertLines(trx, lines);
    return settled.length;
  });
}

/** Settles open copies whose expiry passed; the follower's session never sees them. */
async function settleDue(
  rt: RuntimeDeps,
  now: number,
  timeoutMs: number,
  limit: number,
  touched: Set<number>,
): Promise<number> {
  const rows: SettleRow[] = (
    await rt.db
      .selectFrom('orders')
      .select([...COLUMNS, 'payout_pct', 'confirmed_at', 'broker_order_id'])
      .where('copy_of', 'is not', null)
      .where('state', '=', 'open')
      .where('expires_at', '<=', now)
      .limit(limit)
      .execute()
  ).map(numericIds);
  if (rows.length === 0) return 0;
  const inLedger = (r: SettleRow) => r.broker_order_id?.startsWith(PAPER_LEDGER_PREFIX) === true;
  const ledgerSettled = await settleLedgerPaper(rt, rows.filter(inLedger), now, touched);
  const due: CopyRow[] = rows.filter((r) => !inLedger(r));
  if (due.length === 0) return ledgerSettled;
  const brokerOf = brokerCache(rt);
  const looked = await pool(due, CONCURRENCY, async (row) =>
    withTimeout((await brokerOf(row)).lookup(row.client_ref, now), timeoutMs),
  );
  let settled = ledgerSettled;
  await rt.db.transaction().execute(async (trx) => {
    const lines: FeedLine[] = [];
    for (let i = 0; i < due.length; i += 1) {
      const row = due[i] as CopyRow;
      const r = looked[i];
      if (!r?.ok || r.value.status !== 'settled') continue;
      const { pnlCents, balanceCents } = r.value;
      const result = pnlCents > 0 ? 'won' : pnlCents < 0 ? 'lost' : 'draw';
      const res = await trx
        .updateTable('orders')
        .set({
          state: result,
          pnl_cents: pnlCents,
          settled_at: now,
          balance_after_cents: balanceCents,
        })
        .where('id', '=', row.id)
        .where('state', '=', 'open')
        .executeTakeFirst();
      if (res.numUpdatedRows !== 1n) continue;
      settled += 1;
      touched.add(row.bot_id);
      lines.push(
        line(row, now, 'result', {
          key: `robot.activity.${result}`,
          params: { asset: row.asset, pnlCents, balanceCents: balanceCents ?? 0, galeLevel: 0 },
        }),
      );
    }
    await insertLines(trx, lines);
  });
  return settled;
}

async function nextDue(db: Kysely<Database>, timeoutMs: number): Promise<number | null> {
  // Copies waiting to be sent or answered: the outbox (state 'placed'), short.
  const outbox = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.min('send_at').filterWhere('attempted_at', 'is', null).as('send'),
      eb.fn.min('attempted_at').as('stale'),
    ])
    .where('state', '=', 'placed')
    .where('copy_of', 'is not', null)
    .executeTakeFirst();
  // The next open copy to settle: the first in the (state, expires_at) index, not a scan of
  // every open copy (10,000 after a big trader's order).
  const open = await db
    .selectFrom('orders')
    .select('expires_at')
    .where('state', '=', 'open')
    .where('copy_of', 'is not', null)
    .orderBy('expires_at')
    .limit(1)
    .executeTakeFirst();
  const instants = [
    outbox?.send,
    open?.expires_at,
    outbox?.stale === null || outbox?.stale === undefined
      ? null
      : Number(outbox.stale) + 2 * timeoutMs,
  ]
    .filter((x) => x !== null && x !== undefined)
    .map(Number);
  return instants.length ? Math.min(...instants) : null;
}

/**
 * The copy dispatcher (decisions.md "copy execution"): sends, reconciles and settles the copies
 * that fan-outs wrote into followers' ledgers. Every step claims rows with a compare-and-set on
 * the row, so any number of dispatchers (server, workers) may run at once and no copy is placed
 * twice; a copy is never sent after its entry deadline. Called by every runtime pass.
 * @example await dispatchCopies(rt) // { sent: 10, failed: 0, late: 0, reconciled: 0, settled: 0, nextDueAt }
 */
export async function dispatchCopies(
  rt: RuntimeDeps,
  { limit = 20_000 }: { limit?: number } = {},
): Promise<DispatchReport> {
  const timeoutMs = rt.brokerTimeoutMs ?? COPY_BROKER_TIMEOUT_MS;
  const now = rt.now();
  const touched = new Set<number>();
  const late = await failLate(rt, now, limit, touched);
  const reconciled = await reconcileStale(rt, now, timeoutMs, limit, touched);
  const { sent, failed } = await sendDue(rt, now, timeoutMs, limit, touched);
  const settled = await settleDue(rt, now, timeoutMs, limit, touched);
  // The followers' feeds and dashboards changed (the SSE stream listens per bot).
  if (rt.onChange) for (const botId of touched) rt.onChange(botId);
  return { sent, failed, late, reconciled, settled, nextDueAt: await nextDue(rt.db, timeoutMs) };
}
