import { BROKER_CONCURRENCY, pool, sendDeadline, withTimeout } from '../ledger/broker-call.ts';
import type { BatchBroker, OrderStatus } from '../brokers/broker-adapter.ts';
import { releaseOrders } from '../ledger/ledger.ts';
import { targetKey } from '../brokers/own-adapters.ts';
import { failCopiesIn, writeAnswers, type Answered } from './copy-answers.ts';
import { COPY_ROW_COLUMNS, numericIds, type CopyRow, type DispatchPass } from './copy-rows.ts';
import { ownTargets } from './copy-send.ts';

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
