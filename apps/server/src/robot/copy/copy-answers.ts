import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { PlaceAnswer } from '../brokers/broker-adapter.ts';
import { failOrders, openOrders, payoutPctOf } from '../ledger/ledger.ts';
import { COPY_FAILED, COPY_OPEN, copyLine, insertLines, type FeedLine } from './copy-lines.ts';
import { copyFeedLine, type CopyRow, type DispatchPass } from './copy-rows.ts';

/**
 * What a broker answered for copies, written to the ledger: accepted copies open, refused ones
 * failed with their reason, one feed line per copy that changed. Sending (copy-send.ts) and
 * reconciling lost answers (copy-reconcile.ts) both end here.
 */

/** A copy and the broker's answer to it. */
export type Answered = { row: CopyRow; answer: PlaceAnswer };

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
export async function writeAnswersIn(
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
export function writeAnswers(
  pass: DispatchPass,
  results: readonly Answered[],
): Promise<{ sent: number; failed: number }> {
  if (results.length === 0) return Promise.resolve({ sent: 0, failed: 0 });
  return pass.rt.db.transaction().execute((trx) => writeAnswersIn(trx, results, pass));
}
