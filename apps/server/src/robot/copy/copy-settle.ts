import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema.ts';
import { creditPaperCopiesIn, PAPER_LEDGER_PREFIX } from '../brokers/paper-batch.ts';
import { paperResultAt } from '../brokers/paper-broker.ts';
import { settlementPrices, type SettlementPrices } from '../../market/market-data.ts';
import { marketDataOf } from '../../market/market-config.ts';
import { BROKER_CONCURRENCY, pool, withTimeout } from '../ledger/broker-call.ts';
import {
  recordBalancesAfter,
  resultMessage,
  settleOrders,
  type Settlement,
} from '../ledger/ledger.ts';
import { insertLines, type FeedLine } from './copy-lines.ts';
import {
  COPY_ROW_COLUMNS,
  copyFeedLine,
  numericIds,
  type CopyRow,
  type DispatchPass,
} from './copy-rows.ts';

type SettleRow = CopyRow &
  Pick<Selectable<OrdersTable>, 'payout_pct' | 'confirmed_at' | 'broker_order_id'>;

/** A copy's result line: a copy has no gale of its own. */
function resultLine(
  row: CopyRow,
  now: number,
  pnlCents: number,
  balanceCents: number,
  priceSource?: string,
): FeedLine {
  return copyFeedLine(
    row,
    now,
    'result',
    resultMessage({ asset: row.asset, galeLevel: 0 }, pnlCents, balanceCents, priceSource),
  );
}

/**
 * Settles paper copies kept in the ledger (`PAPER_LEDGER_PREFIX`) in one transaction: the rows
 * are settled first (state-guarded, so of two dispatchers only one settles a copy), then only
 * those are credited to the followers' paper balances and get the balance after them.
 */
async function settleLedgerPaper(pass: DispatchPass, rows: readonly SettleRow[]): Promise<number> {
  const { now, touched } = pass;
  if (rows.length === 0) return 0;
  const market = marketDataOf(pass.rt.db);
  // The market is asked once per asset and pair of instants, outside the transaction; a copy
  // whose market price is pending stays open and is settled at a later pass.
  const asked = new Map<string, Promise<SettlementPrices>>();
  const priced = await Promise.all(
    rows.map(async (row) => {
      const order = {
        asset: row.asset,
        direction: row.direction,
        stakeCents: Number(row.stake_cents),
        payout: Number(row.payout_pct) / 100,
        openAtMs: Number(row.confirmed_at ?? row.send_at),
        expiresAtMs: row.expires_at,
      };
      const key = `${order.asset}|${order.openAtMs}|${order.expiresAtMs}`;
      let prices = asked.get(key);
      if (!prices) {
        prices = settlementPrices(market, order, now);
        asked.set(key, prices);
      }
      const answer = paperResultAt(await prices, order);
      return answer ? { row, pnlCents: answer.pnlCents, prices: answer.prices } : null;
    }),
  );
  const results = priced.filter((r): r is NonNullable<typeof r> => r !== null);
  if (results.length === 0) return 0;
  return pass.rt.db.transaction().execute(async (trx) => {
    const mine = await settleOrders(
      trx,
      results.map((r) => ({
        id: r.row.id,
        pnlCents: r.pnlCents,
        balanceAfterCents: null,
        prices: r.prices,
      })),
      now,
    );
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
    await recordBalancesAfter(
      trx,
      settled.map((r, i) => ({ id: r.row.id, balanceAfterCents: balances[i] ?? 0 })),
    );
    await insertLines(
      trx,
      settled.map((r, i) => {
        touched.add(r.row.bot_id);
        return resultLine(r.row, now, r.pnlCents, balances[i] ?? 0, r.prices.source);
      }),
    );
    return settled.length;
  });
}

/** Settles open copies whose expiry passed; the follower's session never sees them. */
export async function settleDue(pass: DispatchPass): Promise<number> {
  const { rt, now, timeoutMs, limit, touched } = pass;
  const rows: SettleRow[] = (
    await rt.db
      .selectFrom('orders')
      .select([...COPY_ROW_COLUMNS, 'payout_pct', 'confirmed_at', 'broker_order_id'])
      .where('copy_of', 'is not', null)
      .where('state', '=', 'open')
      .where('expires_at', '<=', now)
      .limit(limit)
      .execute()
  ).map(numericIds);
  if (rows.length === 0) return 0;
  const inLedger = (r: SettleRow) => r.broker_order_id?.startsWith(PAPER_LEDGER_PREFIX) === true;
  const ledgerSettled = await settleLedgerPaper(pass, rows.filter(inLedger));
  const due: CopyRow[] = rows.filter((r) => !inLedger(r));
  if (due.length === 0) return ledgerSettled;
  const looked = await pool(due, BROKER_CONCURRENCY, async (row) =>
    withTimeout(
      (await pass.brokers(row.bot_id, row.broker_id)).lookup(row.client_ref, now),
      timeoutMs,
    ),
  );
  const answered: { row: CopyRow; s: Settlement }[] = [];
  due.forEach((row, i) => {
    const r = looked[i];
    if (!r?.ok || r.value.status !== 'settled') return;
    const { pnlCents, balanceCents } = r.value;
    answered.push({ row, s: { id: row.id, pnlCents, balanceAfterCents: balanceCents } });
  });
  if (answered.length === 0) return ledgerSettled;
  const settled = await rt.db.transaction().execute(async (trx) => {
    const hit = await settleOrders(
      trx,
      answered.map((a) => a.s),
      now,
    );
    const lines: FeedLine[] = [];
    for (const { row, s } of answered) {
      if (!hit.has(row.id)) continue;
      touched.add(row.bot_id);
      lines.push(resultLine(row, now, s.pnlCents, s.balanceAfterCents ?? 0));
    }
    await insertLines(trx, lines);
    return lines.length;
  });
  return ledgerSettled + settled;
}
