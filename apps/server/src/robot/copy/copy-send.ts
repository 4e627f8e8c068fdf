import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  placeRequestOf,
  type BatchBroker,
  type OrderStatus,
  type PlaceAnswer,
  type PlaceRequest,
} from '../brokers/broker-adapter.ts';
import {
  BROKER_CONCURRENCY,
  oldestSendable,
  pool,
  sendDeadline,
  withTimeout,
} from '../orders/broker-call.ts';
import { failOrders, openOrders, payoutPctOf, releaseOrders } from '../orders/ledger.ts';
import { describeError } from '../runtime-deps.ts';
import { targetKey } from '../brokers/own-adapters.ts';
import { copyRefusal } from './copy-guard.ts';
import { COPY_FAILED, COPY_OPEN, copyLine, insertLines, type FeedLine } from './copy-lines.ts';
import {
  COPY_ROW_COLUMNS,
  copyFeedLine,
  numericIds,
  type CopyRow,
  type DispatchPass,
} from './copy-rows.ts';

/** A copy and the broker's answer to it. */
type Answered = { row: CopyRow; answer: PlaceAnswer };

/** Fails `rows` (still placed) with `reason` and a feed line each, inside `trx`. */
export async function failCopiesIn(
  trx: Kysely<Database>,
  rows: readonly CopyRow[],
  reason: string,
  { now, touched }: Pick<DispatchPass, 'now' | 'touched'>,
  { onlyUnattempted = false }: { onlyUnattempted?: boolean } = {},
): Promise<number> {
  const ids = rows.map((r) => r.id);
  const hit = await failOrders(trx, ids, reason, now, { onlyUnattempted });
  const lines: FeedLine[] = [];
  for (const r of rows) {
    if (!hit.has(r.id)) continue;
    touched.add(r.bot_id);
    lines.push(copyFeedLine(r, now, 'order', copyLine(COPY_FAILED)));
  }
  await insertLines(trx, lines);
  return lines.length;
}

/**
 * The answers in `trx`: the accepted copies become open with their broker order id and payout in
 * one statement (state-guarded: only a copy still placed), the refused ones failed with their
 * reason (one statement per reason); one feed line per changed copy.
 */
async function writeAnswersIn(
  trx: Kysely<Database>,
  results: readonly Answered[],
  pass: DispatchPass,
): Promise<{ sent: number; failed: number }> {
  const { now, touched } = pass;
  if (results.length === 0) return { sent: 0, failed: 0 };
  const refused = new Map<string, CopyRow[]>();
  const accepted: { row: CopyRow; brokerOrderId: string; payoutPct: number }[] = [];
  for (const { row, answer } of results) {
    if (answer.ok) {
      accepted.push({
        row,
        brokerOrderId: answer.brokerOrderId,
        payoutPct: payoutPctOf(answer.payout),
      });
      continue;
    }
    const list = refused.get(answer.error);
    if (list) list.push(row);
    else refused.set(answer.error, [row]);
  }
  const hit = await openOrders(
    trx,
    accepted.map((c) => ({ id: c.row.id, brokerOrderId: c.brokerOrderId, payoutPct: c.payoutPct })),
    now,
  );
  const lines: FeedLine[] = [];
  for (const { row } of accepted) {
    if (!hit.has(row.id)) continue;
    touched.add(row.bot_id);
    lines.push(copyFeedLine(row, now, 'order', copyLine(COPY_OPEN)));
  }
  await insertLines(trx, lines);
  let failed = 0;
  for (const [reason, rows] of refused) failed += await failCopiesIn(trx, rows, reason, pass);
  return { sent: lines.length, failed };
}

/** {@link writeAnswersIn} in a transaction of its own. */
function writeAnswers(
  pass: DispatchPass,
  results: readonly Answered[],
): Promise<{ sent: number; failed: number }> {
  if (results.length === 0) return Promise.resolve({ sent: 0, failed: 0 });
  return pass.rt.db.transaction().execute((trx) => writeAnswersIn(trx, results, pass));
}

/**
 * Copies claimed by a dispatcher that never wrote the answer (it died, or the broker timed out),
 * claimed again in one statement (compare-and-set on the claim instant: of two dispatchers only
 * one gets a copy). A broker kept in our own database (paper) is asked in one query
 * (`lookupManyIn`), with no time-out: asked one by one through PostgreSQL's pool under the broker
 * budget, such copies outlasted it on a loaded machine, stayed claimed and were never failed
 * `missed`. Remote brokers are asked by client ref, each under the budget. Found → open;
 * missing and past the deadline → failed `missed`; missing in time → released to be sent (same
 * client ref: the broker places it once).
 */
export async function reconcileStale(pass: DispatchPass): Promise<number> {
  const { rt, now, timeoutMs, limit } = pass;
  const stale = rt.db
    .selectFrom('orders')
    .select('id')
    .where('copy_of', 'is not', null)
    .where('state', '=', 'placed')
    .where('attempted_at', 'is not', null)
    .where('attempted_at', '<=', now - 2 * timeoutMs)
    .limit(limit);
  const claimed: CopyRow[] = (
    await rt.db
      .updateTable('orders')
      .set({ attempted_at: now })
      .where('id', 'in', stale)
      .where('state', '=', 'placed')
      .where('attempted_at', 'is not', null)
      .where('attempted_at', '<=', now - 2 * timeoutMs)
      .returning(COPY_ROW_COLUMNS)
      .execute()
  ).map(numericIds);
  if (claimed.length === 0) return 0;
  const statusOf = new Map<CopyRow, OrderStatus>();
  const inDatabase = new Map<NonNullable<BatchBroker['lookupManyIn']>, CopyRow[]>();
  const remote: CopyRow[] = [];
  // A copy sent through the follower's own adapter is asked there, never in the paper ledger
  // (where it is missing, and would be released and sent again).
  const own = await ownTargets(rt, claimed);
  for (const row of claimed) {
    const lookupMany = own.has(targetKey(row.bot_id, row.broker_id))
      ? undefined
      : rt.batchBroker?.(row.bot_id, row.broker_id)?.lookupManyIn;
    const list = lookupMany ? inDatabase.get(lookupMany) : undefined;
    if (lookupMany && list) list.push(row);
    else if (lookupMany) inDatabase.set(lookupMany, [row]);
    else remote.push(row);
  }
  for (const [lookupMany, rows] of inDatabase) {
    const statuses = await lookupMany(
      rt.db,
      rows.map((row) => ({ botId: row.bot_id, clientRef: row.client_ref })),
    );
    rows.forEach((row, i) => statusOf.set(row, statuses[i] as OrderStatus));
  }
  const looked = await pool(remote, BROKER_CONCURRENCY, async (row) =>
    withTimeout(
      (await pass.brokers(row.bot_id, row.broker_id)).lookup(row.client_ref, now),
      timeoutMs,
    ),
  );
  remote.forEach((row, i) => {
    const r = looked[i];
    if (r?.ok) statusOf.set(row, r.value);
  });
  const found: Answered[] = [];
  const missed: CopyRow[] = [];
  const release: number[] = [];
  for (const row of claimed) {
    const status = statusOf.get(row);
    if (!status) continue; // the broker did not answer: asked again after the next time-out
    if (status.status !== 'missing') {
      found.push({
        row,
        answer: { ok: true, brokerOrderId: status.brokerOrderId, payout: 0, balanceCents: null },
      });
    } else if (now > sendDeadline(row.send_at)) missed.push(row);
    else release.push(row.id);
  }
  await writeAnswers(pass, found);
  if (missed.length > 0) {
    await rt.db.transaction().execute((trx) => failCopiesIn(trx, missed, 'missed', pass));
  }
  await releaseOrders(rt.db, release);
  return found.length + missed.length + release.length;
}

/** Which of the copies' (follower, broker) pairs trade through the follower's own adapter. */
async function ownTargets(rt: DispatchPass['rt'], rows: readonly CopyRow[]): Promise<Set<string>> {
  return rt.ownBroker
    ? rt.ownBroker(
        rt.db,
        rows.map((r) => ({ botId: r.bot_id, brokerId: r.broker_id, account: r.account_type })),
      )
    : new Set<string>();
}

/**
 * Where claimed copies go: the follower's own network adapter one call at a time when it stored
 * its login at a real-trading broker (`ownBroker`); else the batch broker (paper, in one
 * transaction), or one call at a time through `brokerFor` when there is none. A Real copy bound
 * for the paper batch is refused (`realOnPaper`): the robot never trades Real on the simulator.
 */
async function routeCopies(
  rt: DispatchPass['rt'],
  claimed: readonly CopyRow[],
): Promise<{ batches: Map<BatchBroker, CopyRow[]>; single: CopyRow[]; realOnPaper: CopyRow[] }> {
  const own = await ownTargets(rt, claimed);
  const batches = new Map<BatchBroker, CopyRow[]>();
  const single: CopyRow[] = [];
  const realOnPaper: CopyRow[] = [];
  for (const row of claimed) {
    const batch = own.has(targetKey(row.bot_id, row.broker_id))
      ? null
      : (rt.batchBroker?.(row.bot_id, row.broker_id) ?? null);
    if (!batch) {
      single.push(row);
      continue;
    }
    if (row.account_type === 2) {
      realOnPaper.push(row);
      continue;
    }
    const list = batches.get(batch);
    if (list) list.push(row);
    else batches.set(batch, [row]);
  }
  return { batches, single, realOnPaper };
}

/** Sends the copies due now: claimed in one statement, sent in parallel. */
export async function sendDue(pass: DispatchPass): Promise<{ sent: number; failed: number }> {
  const { rt, now, timeoutMs, limit } = pass;
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
    .where('send_at', '>=', oldestSendable(now))
    .orderBy('send_at')
    .limit(limit);
  const claimed: CopyRow[] = (
    await rt.db
      .updateTable('orders')
      .set({ attempted_at: now })
      .where('id', 'in', due)
      .where('state', '=', 'placed')
      .where('attempted_at', 'is', null)
      .returning(COPY_ROW_COLUMNS)
      .execute()
  ).map(numericIds);
  if (claimed.length === 0) return { sent: 0, failed: 0 };
  rt.fault?.('before_broker_call');
  const requestOf = (row: CopyRow): PlaceRequest => placeRequestOf(row, now);
  const { batches, single, realOnPaper } = await routeCopies(rt, claimed);
  const results: Answered[] = realOnPaper.map((row) => ({
    row,
    answer: { ok: false, error: 'accountMismatch' },
  }));
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
            pass,
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
  const answers = await pool(single, BROKER_CONCURRENCY, async (row): Promise<PlaceAnswer> => {
    const broker = await pass.brokers(row.bot_id, row.broker_id);
    // Checked right before the call: the deadline, a Real copy's account and the daily cap.
    const refused = await withTimeout(copyRefusal(rt, row, broker), timeoutMs);
    if (refused) return { ok: false, error: refused };
    return withTimeout(broker.placeOrder(requestOf(row)), timeoutMs);
  });
  rt.fault?.('after_broker_call');
  single.forEach((row, i) => {
    const a = answers[i];
    if (a?.ok) results.push({ row, answer: a.value });
    else unknown(row, a?.error);
  });
  const rest = await writeAnswers(pass, results);
  return { sent: sent + rest.sent, failed: failed + rest.failed };
}
