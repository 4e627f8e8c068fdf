import type { RobotMessage } from '@app/contract';
import { step, stopWith, type SessionStopReason } from '@app/robot';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { appendActivity } from '../activity.ts';
import { applyEffects, withSession, type BotRun } from '../bot-run.ts';
import { failOrders } from '../ledger/ledger.ts';
import { realOrPlainLine } from '../real-money/real-lines.ts';
import { recordMissedEntries } from '../../lib/metrics.ts';

/**
 * A bot's own order that will not be placed: refused by the broker, missed (its tolerance passed
 * before it was sent) or cancelled. The order fails, the session's ladder stops there, the feed
 * says why; a missed entry is logged for the operator.
 */

type OrderRow = Selectable<OrdersTable>;

/** A missed entry, for the operator: one log line and its count (lib/metrics.ts). */
function logMissed(run: BotRun, order: OrderRow, now: number): void {
  recordMissedEntries(run.rt.log, [
    {
      botId: run.botId,
      signalId: order.signal_id,
      reason: 'too_late',
      sendAtMs: order.send_at,
      lateMs: now - order.send_at,
    },
  ]);
}

/** The order's origin as the session's effects need it (a next gale keeps the signal). */
export function originOf(order: OrderRow) {
  return { signalId: order.signal_id, channelId: order.channel_id, payoutPct: order.payout_pct };
}

/** A line of the bot's feed about one of its orders. */
export function feedOrderLine(
  trx: Kysely<Database>,
  run: BotRun,
  order: OrderRow,
  at: number,
  kind: 'order' | 'result',
  message: RobotMessage,
): Promise<void> {
  return appendActivity(trx, {
    botId: run.botId,
    at,
    kind,
    signalId: order.signal_id,
    orderId: order.id,
    message,
  });
}

/**
 * Feeds a broker refusal to the session (the ladder cannot go on) and fails the order; `stop`
 * also stops the robot with that reason (the daily real-money cap). A real order's line names
 * the broker's own word on it (`brokerRef`, its error code when it gave one).
 */
export async function failOrder(
  run: BotRun,
  order: OrderRow,
  reason: string,
  more: { stop?: SessionStopReason; brokerRef?: string | null } = {},
): Promise<void> {
  const now = run.rt.now();
  await withSession(run, async (trx, state) => {
    if (!(await failOrders(trx, [order.id], reason, now)).has(order.id)) {
      return { state: null, result: undefined };
    }
    if (reason === 'missed') logMissed(run, order, now);
    const out = step(state, {
      type: 'order_result',
      ref: order.session_ref,
      status: 'rejected',
      error: reason,
    });
    const stopped = more.stop ? stopWith(out.state, more.stop) : { state: out.state, commands: [] };
    const commands = [...out.commands, ...stopped.commands];
    await applyEffects(trx, run, stopped.state, commands, originOf(order));
    await feedOrderLine(
      trx,
      run,
      order,
      now,
      'order',
      realOrPlainLine(order.account_type, {
        real: {
          key: 'robot.activity.orderFailedReal',
          params: { asset: order.asset, reason, brokerRef: more.brokerRef ?? null },
        },
        plain: { key: 'robot.activity.orderFailed', params: { asset: order.asset, reason } },
      }),
    );
    return { state: stopped.state, result: undefined };
  });
}

/**
 * An order whose send instant and tolerance passed before anyone tried to send it (the process
 * was down, or busy): failed `missed`, never sent; the session aborts its ladder (no gale). Also
 * an order whose entry was cancelled before it was sent (`cancelled`).
 * False when another writer moved it first.
 */
export function missOrder(
  run: BotRun,
  order: OrderRow,
  reason: 'missed' | 'cancelled' = 'missed',
): Promise<boolean> {
  return withSession(run, async (trx, state) => {
    const now = run.rt.now();
    const failed = await failOrders(trx, [order.id], reason, now, { onlyUnattempted: true });
    if (!failed.has(order.id)) return { state: null, result: false };
    if (reason === 'missed') logMissed(run, order, now);
    const out = step(state, {
      type: 'order_result',
      ref: order.session_ref,
      status: 'rejected',
      error: reason,
    });
    await applyEffects(trx, run, out.state, out.commands, originOf(order));
    await feedOrderLine(trx, run, order, now, 'order', {
      key: 'robot.activity.orderFailed',
      params: { asset: order.asset, reason },
    });
    return { state: out.state, result: true };
  });
}
