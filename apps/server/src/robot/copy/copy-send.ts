import { isReal } from '@app/contract';
import {
  placeRequestOf,
  type BatchBroker,
  type PlaceAnswer,
  type PlaceRequest,
} from '../brokers/broker-adapter.ts';
import { BROKER_CONCURRENCY, oldestSendable, pool, withTimeout } from '../ledger/broker-call.ts';
import { describeError } from '../runtime-deps.ts';
import { targetKey } from '../brokers/own-adapters.ts';
import { copyRefusal } from '../real-money/copy-guard.ts';
import { writeAnswers, writeAnswersIn, type Answered } from './copy-answers.ts';
import { COPY_ROW_COLUMNS, numericIds, type CopyRow, type DispatchPass } from './copy-rows.ts';

/**
 * Sending the copies due: claimed in one statement, routed to the follower's own adapter, the
 * paper batch or one call each, and the answers written (copy-answers.ts). A copy whose answer
 * was lost is copy-reconcile.ts's.
 */

/** Which of the copies' (follower, broker) pairs trade through the follower's own adapter. */
export async function ownTargets(
  rt: DispatchPass['rt'],
  rows: readonly CopyRow[],
): Promise<Set<string>> {
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
    if (isReal(row.account_type)) {
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
