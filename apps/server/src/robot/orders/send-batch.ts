import { AccountType } from '@app/contract';
import { sql, type Kysely, type Selectable } from 'kysely';
import { insertJsonRows, isSqlite, jsonIds } from '../../db/bulk.ts';
import { ACTIVITY_COLUMNS } from '../activity.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { botRunOf } from '../bot-run.ts';
import { placeRequestOf, type PlaceAnswer } from '../brokers/broker-adapter.ts';
import { targetKey } from '../brokers/own-adapters.ts';
import {
  BROKER_CONCURRENCY,
  brokerCache,
  brokerTimeoutOf,
  oldestSendable,
  pool,
  sendDeadline,
  withTimeout,
} from '../ledger/broker-call.ts';
import { openOrders, payoutPctOf, releaseOrders } from '../ledger/ledger.ts';
import { silenceDoorbells } from '../bot-events.ts';
import { inPartitions } from '../partitions.ts';
import { processMetrics } from '../../lib/metrics.ts';
import { describeError, type RuntimeDeps } from '../runtime-deps.ts';
import { failOwnOrder } from './own-orders.ts';

type OrderRow = Selectable<OrdersTable>;

/** Orders one batch claims at most. */
export const SEND_BATCH_LIMIT = 5_000;

/** What one batch of sends did. */
export interface SendBatchReport {
  /** Orders claimed for a send. */
  claimed: number;
  sent: number;
  failed: number;
  /** Left to the bot's own run: past their deadline, refused by the paper broker, no answer. */
  left: number;
}

/**
 * The due orders of many bots sent together (docs/decisions/2026-12-02-worker-partitions.md,
 * "one signal, N bots"): claimed in one statement (`attempted_at` committed before any broker
 * call, as the per-bot send does), the paper broker's placed in one transaction with their
 * opening, a remote broker's called in parallel (at most BROKER_CONCURRENCY per broker), and the
 * accepted ones opened, fed and woken at their expiry in set-based statements. What needs the
 * bot's session or its own checks is left to the bot's run: real-money orders (the daily cap,
 * the first real order), bots with a queued command, cancelled entries; a broker's refusal steps
 * the bot's session there. A send that got no answer stays claimed and is reconciled by client
 * ref by the bot's run, as any claim.
 */
export async function sendDueBatch(
  rt: RuntimeDeps,
  partitions: readonly number[] | null,
  { limit = SEND_BATCH_LIMIT }: { limit?: number } = {},
): Promise<SendBatchReport> {
  const report: SendBatchReport = { claimed: 0, sent: 0, failed: 0, left: 0 };
  if (rt.mayTrade?.() === false) return report;
  const now = rt.now();
  const rows = await claimDue(rt.db, now, partitions, limit);
  report.claimed = rows.length;
  if (rows.length === 0) return report;
  rt.fault?.('before_broker_call');
  const targets = rows.map((o) => ({
    botId: o.bot_id,
    brokerId: o.broker_id,
    account: o.account_type,
  }));
  const remote = rt.ownBroker ? await rt.ownBroker(rt.db, targets) : new Set<string>();
  const inDb: OrderRow[] = [];
  const calls: OrderRow[] = [];
  for (const o of rows) {
    const batch = remote.has(targetKey(o.bot_id, o.broker_id))
      ? null
      : rt.batchBroker?.(o.bot_id, o.broker_id);
    (batch?.placeOwnIn ? inDb : calls).push(o);
  }
  const answered: { order: OrderRow; answer: PlaceAnswer }[] = [];
  const leave: number[] = [];
  let paperSent: OrderRow[] = [];
  const answeredBy = new Map<number, { broker: string; at: number }>();
  // The paper broker: placed and opened in one transaction, nothing to reconcile after a crash.
  if (inDb.length > 0) {
    const broker = rt.batchBroker?.(inDb[0]!.bot_id, inDb[0]!.broker_id);
    await rt.db.transaction().execute(async (trx) => {
      const answers = await broker!.placeOwnIn!(
        trx,
        inDb.map((o) => ({ botId: o.bot_id, request: placeRequestOf(o, now) })),
      );
      const ok: { order: OrderRow; answer: PlaceAnswer }[] = [];
      inDb.forEach((order, i) => {
        const answer = answers[i];
        if (answer?.ok) ok.push({ order, answer });
        else leave.push(order.id);
      });
      rt.fault?.('after_broker_call');
      report.sent += await writeOpened(trx, ok, now);
      paperSent = ok.map((a) => a.order);
    });
    // Counted once committed: the paper broker answers as it writes.
    const at = rt.now();
    for (const o of paperSent) processMetrics().entrySent('paper', at - o.send_at);
  }
  // Remote brokers: in parallel, bounded per broker; the deadline judged again right before each.
  const byBroker = new Map<number, OrderRow[]>();
  for (const o of calls) byBroker.set(o.broker_id, [...(byBroker.get(o.broker_id) ?? []), o]);
  const brokers = brokerCache(rt);
  await Promise.all(
    [...byBroker.values()].map((list) =>
      pool(list, BROKER_CONCURRENCY, async (order) => {
        if (rt.now() > sendDeadline(order.send_at) || rt.mayTrade?.() === false) {
          leave.push(order.id);
          return;
        }
        try {
          const broker = await brokers(order.bot_id, order.broker_id);
          const call = broker.placeOrder(placeRequestOf(order, rt.now()));
          answered.push({ order, answer: await withTimeout(call, brokerTimeoutOf(rt)) });
          answeredBy.set(order.id, { broker: broker.name, at: rt.now() });
        } catch (err) {
          // Unknown outcome: the claim stays, the bot's run reconciles it by client ref.
          rt.log.error({ err: describeError(err), order: order.id }, 'robot: broker call failed');
          report.left += 1;
        }
      }),
    ),
  );
  rt.fault?.('after_broker_call');
  const accepted = answered.filter((a) => a.answer.ok);
  if (accepted.length > 0) {
    report.sent += await rt.db.transaction().execute((trx) => writeOpened(trx, accepted, now));
    for (const { order } of accepted) {
      const by = answeredBy.get(order.id);
      if (by) processMetrics().entrySent(by.broker, by.at - order.send_at);
    }
  }
  // A broker's refusal fails the order and steps the bot's session (its ladder stops there).
  for (const { order, answer } of answered) {
    if (answer.ok) continue;
    try {
      await failOwnOrder(await botRunOf(rt, order.bot_id), order, answer.error, {
        brokerRef: answer.brokerRef ?? null,
      });
      report.failed += 1;
    } catch (err) {
      rt.log.error(
        { err: describeError(err), order: order.id },
        'robot: order failure not written',
      );
    }
  }
  // Orders this batch could not settle go back to the bot's run (its doorbell still rings).
  if (leave.length > 0) await releaseOrders(rt.db, leave);
  report.left += leave.length;
  const touched = new Set(accepted.map((a) => a.order.bot_id));
  for (const a of inDb) if (!leave.includes(a.id)) touched.add(a.bot_id);
  await silenceDoorbells(rt.db, [...touched], now);
  if (rt.onChange) for (const botId of touched) rt.onChange(botId);
  return report;
}

/** Claims, in one statement, the due own orders of the partitions held that the batch may send. */
async function claimDue(
  db: Kysely<Database>,
  now: number,
  partitions: readonly number[] | null,
  limit: number,
): Promise<OrderRow[]> {
  const mine = inPartitions('o.bot_id', partitions);
  // Another process's claims are skipped, not waited for (PostgreSQL; SQLite has one writer).
  const skipLocked = isSqlite(db) ? sql`` : sql`for update skip locked`;
  const res = await sql<OrderRow>`update orders set attempted_at = ${now}
    where id in (
      select o.id from orders o
      where o.state = 'placed' and o.attempted_at is null and o.copy_of is null
        and o.send_at <= ${now} and o.send_at >= ${oldestSendable(now)}
        and o.account_type <> ${AccountType.real}
        and ${mine ?? sql`1 = 1`}
        and not exists (select 1 from bot_commands c
          where c.bot_id = o.bot_id and c.status = 'queued')
        and not exists (select 1 from signals s
          where s.id = o.signal_id and s.cancelled_at is not null)
      order by o.send_at limit ${limit} ${skipLocked})
    and state = 'placed' and attempted_at is null
    returning *`.execute(db);
  return res.rows.map((o) => ({
    ...o,
    id: Number(o.id),
    bot_id: Number(o.bot_id),
    send_at: Number(o.send_at),
    expires_at: Number(o.expires_at),
  }));
}

/**
 * The accepted orders open (state-guarded), marked fanned out unless their bot may have
 * followers (its run fans them out), their feed lines and their wake-ups at expiry: five
 * statements for the whole batch. How many were opened.
 */
async function writeOpened(
  trx: Kysely<Database>,
  accepted: readonly { order: OrderRow; answer: PlaceAnswer }[],
  now: number,
): Promise<number> {
  const opened = await openOrders(
    trx,
    accepted.flatMap(({ order, answer }) =>
      answer.ok
        ? [
            {
              id: order.id,
              brokerOrderId: answer.brokerOrderId,
              payoutPct: payoutPctOf(answer.payout),
            },
          ]
        : [],
    ),
    now,
  );
  const rows = accepted.filter((a) => opened.has(a.order.id)).map((a) => a.order);
  if (rows.length === 0) return 0;
  const bots = [...new Set(rows.map((o) => o.bot_id))];
  // A bot that is a copy trader or has a Meta record may fan out: its run decides (fan-out.ts).
  const traders = await sql<{ bot_id: number | string }>`
    select bot_id from copy_trader_settings where bot_id in ${jsonIds(trx, bots)}
    union select bot_id from meta_trader_records where bot_id in ${jsonIds(trx, bots)}`.execute(
    trx,
  );
  const fanning = new Set(traders.rows.map((r) => Number(r.bot_id)));
  const alone = rows.filter((o) => !fanning.has(o.bot_id)).map((o) => o.id);
  if (alone.length > 0) {
    await sql`update orders set fanned_out_at = ${now}
      where id in ${jsonIds(trx, alone)} and fanned_out_at is null`.execute(trx);
  }
  await insertJsonRows(
    trx,
    'activity',
    ACTIVITY_COLUMNS,
    rows.map((o) => ({
      bot_id: o.bot_id,
      at: now,
      kind: 'order',
      signal_id: o.signal_id,
      order_id: o.id,
      message: {
        key: 'robot.activity.orderOpen',
        params: {
          asset: o.asset,
          direction: o.direction,
          stakeCents: Number(o.stake_cents),
          galeLevel: o.gale_level,
          expiresAt: o.expires_at,
        },
      },
    })),
  ).execute(trx);
  await insertJsonRows(
    trx,
    'bot_events',
    { bot_id: 'bigint', kind: 'text', due_at: 'bigint' },
    rows.map((o) => ({ bot_id: o.bot_id, kind: 'wake', due_at: o.expires_at })),
  ).execute(trx);
  return rows.length;
}
