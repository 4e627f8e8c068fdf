import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { brokerCache, brokerTimeoutOf, oldestSendable } from '../ledger/broker-call.ts';
import type { RuntimeDeps } from '../runtime-deps.ts';
import { COPY_ROW_COLUMNS, numericIds, type DispatchPass } from './copy-rows.ts';
import { failCopiesIn } from './copy-answers.ts';
import { reconcileStale } from './copy-reconcile.ts';
import { sendDue } from './copy-send.ts';
import { settleDue } from './copy-settle.ts';

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

/** Fails copies whose entry deadline passed before they were sent: never sent late. */
async function failLate(pass: DispatchPass): Promise<number> {
  const { rt, now, limit } = pass;
  const rows = (
    await rt.db
      .selectFrom('orders')
      .select(COPY_ROW_COLUMNS)
      .where('copy_of', 'is not', null)
      .where('state', '=', 'placed')
      .where('attempted_at', 'is', null)
      .where('send_at', '<', oldestSendable(now))
      .limit(limit)
      .execute()
  ).map(numericIds);
  if (rows.length === 0) return 0;
  return rt.db
    .transaction()
    .execute((trx) => failCopiesIn(trx, rows, 'late', pass, { onlyUnattempted: true }));
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
 * The copy dispatcher (docs/decisions/2026-11-23-copy-execution.md): sends, reconciles and settles the copies
 * that fan-outs wrote into followers' ledgers. Every step claims rows with a compare-and-set on
 * the row, so any number of dispatchers (server, workers) may run at once and no copy is placed
 * twice; a copy is never sent after its entry deadline. Called by every runtime pass.
 * @example await dispatchCopies(rt) // { sent: 10, failed: 0, late: 0, reconciled: 0, settled: 0, nextDueAt }
 */
export async function dispatchCopies(
  rt: RuntimeDeps,
  { limit = 20_000 }: { limit?: number } = {},
): Promise<DispatchReport> {
  const pass: DispatchPass = {
    rt,
    now: rt.now(),
    timeoutMs: brokerTimeoutOf(rt),
    limit,
    brokers: brokerCache(rt),
    touched: new Set(),
  };
  const late = await failLate(pass);
  const reconciled = await reconcileStale(pass);
  const { sent, failed } = await sendDue(pass);
  const settled = await settleDue(pass);
  // The followers' feeds and dashboards changed (the SSE stream listens per bot).
  if (rt.onChange) for (const botId of pass.touched) rt.onChange(botId);
  const nextDueAt = await nextDue(rt.db, pass.timeoutMs);
  return { sent, failed, late, reconciled, settled, nextDueAt };
}
