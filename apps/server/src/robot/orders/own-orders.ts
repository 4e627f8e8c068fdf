import type { AccountType } from '@app/contract';
import { step } from '@app/robot';
import { processMetrics, recordMissedEntries } from '../../lib/metrics.ts';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema.ts';
import { applyEffects, withSession, type BotRun } from '../bot-run.ts';
import { placeRequestOf, type OrderStatus } from '../brokers/broker-adapter.ts';
import { checkFirstRealOrder } from '../real-money/real-account.ts';
import { realOrPlainLine } from '../real-money/real-lines.ts';
import { fanOutOrder, fanOutSources } from '../copy/fan-out.ts';
import { scheduleWake } from '../bot-events.ts';
import { describeError } from '../runtime-deps.ts';
import { failOrder, feedOrderLine, originOf } from './fail-order.ts';
import { withBrokerPayout } from '../settings/money-settings.ts';
import { brokerTimeoutOf, sendDeadline, withTimeout } from '../ledger/broker-call.ts';
import { realCapExceeded, tradingDayStart } from '../real-money/real-cap.ts';
import {
  claimFanOut,
  claimOrder,
  openOrder,
  payoutPctOf,
  releaseOrders,
  resultMessage,
  settleOrder as settleInLedger,
} from '../ledger/ledger.ts';

/**
 * The lifecycle of the bot's own orders, from the outbox to the result: send (claim committed
 * before the broker call), confirm or fail with the broker's answer, reconcile an unknown outcome
 * by client ref, fan a confirmed order out to followers, settle at expiry. Each move is one
 * transaction with the session it steps (the ladder goes on or stops with the order).
 */

export type OrderRow = Selectable<OrdersTable>;

export { failOrder as failOwnOrder, missOrder } from './fail-order.ts';

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
      realOrPlainLine(order.account_type, {
        real: {
          key: 'robot.activity.orderOpenReal',
          params: { ...params, brokerRef: brokerOrderId },
        },
        plain: { key: 'robot.activity.orderOpen', params },
      }),
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
  // This process may have been judged dead (its heartbeat is late): another worker may hold the
  // bot now. Its order waits for the owner (a claimed one is reconciled by client ref).
  if (run.rt.mayTrade?.() === false) return false;
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
  let brokerName = 'unknown';
  try {
    const broker = await run.brokers(run.botId, order.broker_id);
    brokerName = broker.name;
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
  const answeredAt = run.rt.now();
  if (answer.ok) {
    await confirmOrder(run, order, answer.brokerOrderId, answer.payout);
    processMetrics().entrySent(brokerName, answeredAt - order.send_at);
  } else {
    await failOrder(run, order, answer.error, { brokerRef: answer.brokerRef ?? null });
    recordMissedEntries(run.rt.log, [
      {
        botId: order.bot_id,
        signalId: order.signal_id,
        reason: 'broker_refused',
        sendAtMs: order.send_at,
        lateMs: answeredAt - order.send_at,
      },
    ]);
  }
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
      (await run.brokers(run.botId, order.broker_id)).balance(order.account_type as AccountType),
      brokerTimeoutOf(run.rt),
    ).catch((err: unknown) => {
      run.rt.log.error({ err: describeError(err), order: order.id }, 'robot: balance failed');
      return null;
    }));
  if (balanceCents === null) return false;
  await withSession(run, async (trx, state) => {
    const settled = {
      id: order.id,
      pnlCents,
      balanceAfterCents: balanceCents,
      ...(status.prices ? { prices: status.prices } : {}),
    };
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
      resultMessage(
        { asset: order.asset, galeLevel: order.gale_level },
        pnlCents,
        balanceCents,
        status.prices?.source,
      ),
    );
    await applyEffects(trx, run, out.state, out.commands, originOf(order));
    return { state: { ...out.state, config: state.config }, result: undefined };
  });
  return true;
}
