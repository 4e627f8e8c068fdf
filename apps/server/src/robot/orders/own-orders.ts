import type { RobotMessage } from '@app/contract';
import { step, stopWith, type SessionStopReason } from '@app/robot';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { appendActivity } from '../activity.ts';
import { applyEffects, withSession, type BotRun } from '../bot-run.ts';
import { placeRequestOf, type OrderStatus } from '../brokers/broker-adapter.ts';
import { checkFirstRealOrder } from '../brokers/real-money.ts';
import { fanOutOrder, fanOutSources } from '../copy/fan-out.ts';
import { scheduleWake } from '../inbox.ts';
import { describeError } from '../runtime-deps.ts';
import { withBrokerPayout } from '../settings/money-settings.ts';
import { brokerTimeoutOf, sendDeadline, withTimeout } from './broker-call.ts';
import { realCapExceeded, tradingDayStart } from './real-cap.ts';
import {
  claimFanOut,
  claimOrder,
  failOrders,
  openOrder,
  payoutPctOf,
  releaseOrders,
  resultMessage,
  settleOrder as settleInLedger,
} from './ledger.ts';

/**
 * The lifecycle of the bot's own orders, from the outbox to the result: send (claim committed
 * before the broker call), confirm or fail with the broker's answer, reconcile an unknown outcome
 * by client ref, fan a confirmed order out to followers, settle at expiry. Each move is one
 * transaction with the session it steps (the ladder goes on or stops with the order).
 */

export type OrderRow = Selectable<OrdersTable>;

/** The order's origin as the session's effects need it (a next gale keeps the signal). */
function originOf(order: OrderRow) {
  return { signalId: order.signal_id, channelId: order.channel_id, payoutPct: order.payout_pct };
}

/** A line of the bot's feed about one of its orders. */
function feedOrderLine(
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
async function failOrder(
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
      order.account_type === 2
        ? {
            key: 'robot.activity.orderFailedReal',
            params: { asset: order.asset, reason, brokerRef: more.brokerRef ?? null },
          }
        : { key: 'robot.activity.orderFailed', params: { asset: order.asset, reason } },
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

/**
 * Copies the bot's confirmed order to its followers, once, in a transaction of its own: the
 * order's `fanned_out_at` is claimed first (only one writer gets it), so a fan-out cut short by a
 * crash or an error rolls back whole and is done again by the next run (`runSession` looks for
 * open orders not fanned out).
 */
export async function fanOut(run: BotRun, order: OrderRow): Promise<void> {
  const now = run.rt.now();
  try {
    await run.rt.db.transaction().execute(async (trx) => {
      if (!(await claimFanOut(trx, order.id, now))) return;
      await fanOutOrder(trx, order, now, {
        place: run.rt.batchBroker,
        own: run.rt.ownBroker,
        fault: run.rt.fault,
      });
    });
  } catch (err) {
    // The bot's own trading goes on; the next run tries the fan-out again while the order is open.
    run.rt.log.error({ err: describeError(err), order: order.id }, 'robot: fan-out failed');
  }
}

/**
 * The broker accepted the order (or a reconcile found it there): open, with its feed line and a
 * wake-up at its expiry; then its fan-out, when it has followers to go to (else it is marked
 * fanned out in the same commit).
 */
async function confirmOrder(
  run: BotRun,
  order: OrderRow,
  brokerOrderId: string,
  payout: number | null,
): Promise<void> {
  const now = run.rt.now();
  const pending = await run.rt.db.transaction().execute(async (trx) => {
    const fansOut = (await fanOutSources(trx, order, now)) !== null;
    const opened = await openOrder(
      trx,
      {
        id: order.id,
        brokerOrderId,
        payoutPct: payout === null ? null : payoutPctOf(payout),
        fannedOutAt: fansOut ? null : now,
      },
      now,
    );
    if (!opened) return false;
    const params = {
      asset: order.asset,
      direction: order.direction,
      stakeCents: Number(order.stake_cents),
      galeLevel: order.gale_level,
      expiresAt: order.expires_at,
    };
    // Real money: the line carries the broker's own reference of the order.
    await feedOrderLine(
      trx,
      run,
      order,
      now,
      'order',
      order.account_type === 2
        ? { key: 'robot.activity.orderOpenReal', params: { ...params, brokerRef: brokerOrderId } }
        : { key: 'robot.activity.orderOpen', params },
    );
    await scheduleWake(trx, run.botId, order.expires_at);
    return fansOut;
  });
  if (pending) await fanOut(run, order);
}

/**
 * Sends one order of the outbox. `attempted_at` is committed before the broker call: a crash
 * after it leaves an order that is looked up at the broker by its client ref (reconciled) before
 * anything is sent again, so no order is ever placed twice.
 */
export async function sendOrder(run: BotRun, order: OrderRow): Promise<boolean> {
  const now = run.rt.now();
  if (!run.claimed.delete(order.id) && !(await claimOrder(run.rt.db, order.id, now))) {
    return false;
  }
  run.rt.fault?.('before_broker_call');
  // The claim may have waited (a slow pass, a reconcile): the tolerance is judged again here,
  // right before the broker call, so an order never reaches the broker late.
  if (run.rt.now() > sendDeadline(order.send_at)) {
    await failOrder(run, order, 'missed');
    return true;
  }
  // The trader's daily real-money cap: the order that would pass it is refused, the robot stops.
  const dayStart = tradingDayStart(now, run.settings.config.resetHourUtc ?? 0);
  if (await realCapExceeded(run.rt.db, order, run.settings.realCapCents, dayStart)) {
    await failOrder(run, order, 'realCapReached', { stop: 'real_cap' });
    return true;
  }
  let answer;
  try {
    const broker = await run.brokers(run.botId, order.broker_id);
    // Real money: the broker itself says the account is real and holds the stake, first.
    const refused = await withTimeout(checkFirstRealOrder(broker, order), brokerTimeoutOf(run.rt));
    answer = refused
      ? { ok: false as const, error: refused }
      : await withTimeout(broker.placeOrder(placeRequestOf(order, now)), brokerTimeoutOf(run.rt));
  } catch (err) {
    // Unknown outcome (time-out, dropped connection): reconciled by client ref before retrying.
    run.rt.log.error({ err: describeError(err), order: order.id }, 'robot: broker call failed');
    return false;
  }
  run.rt.fault?.('after_broker_call');
  if (answer.ok) await confirmOrder(run, order, answer.brokerOrderId, answer.payout);
  else await failOrder(run, order, answer.error, { brokerRef: answer.brokerRef ?? null });
  return true;
}

/** The broker's word on an order, by client ref; `null` (logged) when the broker did not answer. */
async function lookupOrder(
  run: BotRun,
  order: OrderRow,
  now: number,
  doing: string,
): Promise<OrderStatus | null> {
  try {
    const broker = await run.brokers(run.botId, order.broker_id);
    return await withTimeout(broker.lookup(order.client_ref, now), brokerTimeoutOf(run.rt));
  } catch (err) {
    run.rt.log.error({ err: describeError(err), order: order.id }, `robot: ${doing} failed`);
    return null;
  }
}

/** An order whose broker call may or may not have happened: ask the broker by client ref. */
export async function reconcileOrder(run: BotRun, order: OrderRow): Promise<void> {
  const now = run.rt.now();
  const status = await lookupOrder(run, order, now, 'reconcile');
  if (!status) return;
  if (status.status !== 'missing') {
    await confirmOrder(run, order, status.brokerOrderId, null);
    return;
  }
  if (now > sendDeadline(order.send_at)) {
    await failOrder(run, order, 'missed');
    return;
  }
  // Never reached the broker and still in time: send it now.
  await releaseOrders(run.rt.db, [order.id]);
  await sendOrder(run, { ...order, attempted_at: null });
}

/**
 * Settles an expired order with the broker's result and the balance after it, and feeds the
 * result to the session (which may place the next gale). False when the broker has no result or
 * balance yet: tried again at the next run.
 */
export async function settleOrder(run: BotRun, order: OrderRow): Promise<boolean> {
  const now = run.rt.now();
  const status = await lookupOrder(run, order, now, 'settle');
  if (status?.status !== 'settled') return false;
  const { pnlCents } = status;
  const balanceCents =
    status.balanceCents ??
    (await withTimeout(
      (await run.brokers(run.botId, order.broker_id)).balance(order.account_type as 1 | 2 | 3),
      brokerTimeoutOf(run.rt),
    ).catch((err: unknown) => {
      run.rt.log.error({ err: describeError(err), order: order.id }, 'robot: balance failed');
      return null;
    }));
  if (balanceCents === null) return false;
  await withSession(run, async (trx, state) => {
    const settled = { id: order.id, pnlCents, balanceAfterCents: balanceCents };
    if ((await settleInLedger(trx, settled, now)) === null)
      return { state: null, result: undefined };
    const clocked = step(state, { type: 'tick', nowMs: now }).state;
    // Gales are planned with the payout the broker paid this order.
    const priced = { ...clocked, config: withBrokerPayout(clocked.config, order.payout_pct / 100) };
    const out = step(priced, {
      type: 'order_result',
      ref: order.session_ref,
      status: 'settled',
      pnlCents,
      balanceCents,
    });
    await feedOrderLine(
      trx,
      run,
      order,
      now,
      'result',
      resultMessage({ asset: order.asset, galeLevel: order.gale_level }, pnlCents, balanceCents),
    );
    await applyEffects(trx, run, out.state, out.commands, originOf(order));
    return { state: { ...out.state, config: state.config }, result: undefined };
  });
  return true;
}
