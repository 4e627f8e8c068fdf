import { botRunOf, type BotRun } from './bot-run.ts';
import { applyQueuedCommands } from './commands/command-queue.ts';
import { decideSignals } from './decide/decide-signals.ts';
import { scheduleWake } from './bot-events.ts';
import { sendDeadline } from './ledger/broker-call.ts';
import {
  fanOut,
  missOrder,
  reconcileOrder,
  sendOrder,
  settleOrder,
  type OrderRow,
} from './orders/own-orders.ts';
import type { RuntimeDeps } from './runtime-deps.ts';

/** What one run did, for logs, tests and benchmarks. */
export interface RunReport {
  commands: number;
  decided: number;
  sent: number;
  settled: number;
  /** When the bot needs the runtime next (Unix ms), or null. */
  nextDueAt: number | null;
}

/** The bot's orders still in flight (placed or open), oldest first, read in one query. */
async function activeOrders(run: BotRun): Promise<{ placed: OrderRow[]; open: OrderRow[] }> {
  // Sorted here, not by the query: an ORDER BY id makes SQLite walk the bot's whole history by
  // `orders_bot_id` instead of seeking its few active rows by `orders_bot_state` (0028).
  const rows = (
    await run.rt.db
      .selectFrom('orders')
      .selectAll()
      .where('bot_id', '=', run.botId)
      .where('state', 'in', ['placed', 'open'])
      // Copies of another trader's orders are the copy dispatcher's: the session never sees them.
      .where('copy_of', 'is', null)
      .execute()
  ).sort((a, b) => a.id - b.id);
  return {
    placed: rows.filter((o) => o.state === 'placed'),
    open: rows.filter((o) => o.state === 'open'),
  };
}

/**
 * A placed order this run may send now: never claimed (or claimed by this run), due, and still
 * within its tolerance of the scheduled instant (an order is never sent late).
 */
function sendable(run: BotRun, o: OrderRow, now: number): boolean {
  return (
    (o.attempted_at === null || run.claimed.has(o.id)) &&
    o.send_at <= now &&
    now <= sendDeadline(o.send_at)
  );
}

/** A placed order nobody tried to send whose tolerance has passed (e.g. the process was down). */
function overdue(o: OrderRow, now: number): boolean {
  return o.attempted_at === null && now > sendDeadline(o.send_at);
}

/** The bot's orders not sent yet whose entry was cancelled (one query, only when there are any). */
async function cancelledUnsent(run: BotRun, placed: OrderRow[]): Promise<OrderRow[]> {
  const unsent = placed.filter((o) => o.attempted_at === null && o.signal_id !== null);
  if (unsent.length === 0) return [];
  const rows = await run.rt.db
    .selectFrom('signals')
    .select('id')
    .where('bot_id', '=', run.botId)
    .where(
      'id',
      'in',
      unsent.map((o) => Number(o.signal_id)),
    )
    .where('cancelled_at', 'is not', null)
    .execute();
  const ids = new Set(rows.map((r) => Number(r.id)));
  return unsent.filter((o) => ids.has(Number(o.signal_id)));
}

/**
 * Advances one bot as far as `now` allows, in the order that keeps it correct: commands, then
 * orders whose outcome is unknown (reconciled before anything else trades) and confirmed orders
 * whose fan-out a crash cut short, settlements (which may free the bot or place the next gale),
 * new signals, then the sends that are due. Finally it books a wake-up at the bot's next due
 * instant. The one driver of the runtime: the server, the worker, the simulator and the tests all
 * call this.
 * @example await runSession(deps, botId) // { commands: 0, decided: 1, sent: 1, settled: 0, nextDueAt: … }
 */
export async function runSession(rt: RuntimeDeps, botId: number): Promise<RunReport> {
  const run = await botRunOf(rt, botId);
  const report: RunReport = { commands: 0, decided: 0, sent: 0, settled: 0, nextDueAt: null };
  report.commands = (await applyQueuedCommands(run)).length;

  let active = await activeOrders(run);
  let entriesDueAt: number | null = null;
  const unknown = active.placed.filter((o) => o.attempted_at !== null);
  for (const order of unknown) await reconcileOrder(run, order);
  const unshared = active.open.filter((o) => o.fanned_out_at === null);
  for (const order of unshared) await fanOut(run, order);
  if (unknown.length > 0) active = await activeOrders(run);
  // Settle in expiry order, one at a time: a settlement may place the next gale, due at once.
  // `active` is re-read only after something may have changed it (a settlement, a send, a
  // decision), so a quiet pass costs no read.
  for (let guard = 0; guard < 64; guard += 1) {
    const due = active.open.filter((o) => o.expires_at <= rt.now());
    let progressed = false;
    for (const order of due) {
      if (await settleOrder(run, order)) {
        report.settled += 1;
        progressed = true;
      }
    }
    // Orders the tolerance left behind are `missed`: never sent, and their ladder stops there.
    const missed = active.placed.filter((o) => overdue(o, rt.now()));
    for (const order of missed) if (await missOrder(run, order)) progressed = true;
    // Entries cancelled (channel post or trader) after their order was written, before it left.
    for (const order of await cancelledUnsent(run, active.placed)) {
      if (await missOrder(run, order, 'cancelled')) progressed = true;
    }
    if (progressed) active = await activeOrders(run);
    const sends = active.placed.filter((o) => sendable(run, o, rt.now()));
    for (const order of sends) if (await sendOrder(run, order)) report.sent += 1;
    // Pending entries are looked at after every settlement: one that waited for the sequence in
    // flight is decided as soon as that sequence ends.
    let decided = 0;
    if (guard === 0 || progressed) {
      const pass = await decideSignals(run);
      decided = pass.decided;
      report.decided += decided;
      entriesDueAt = pass.nextDueAt;
    }
    if (sends.length === 0 && decided === 0) {
      if (!progressed) break;
      continue;
    }
    active = await activeOrders(run);
  }

  const placed = active.placed.filter((o) => o.attempted_at === null);
  const instants = [
    ...active.open.map((o) => o.expires_at),
    ...placed.map((o) => o.send_at),
    ...(entriesDueAt === null ? [] : [entriesDueAt]),
  ];
  // An expired order the broker has not settled yet is asked again a second later.
  const earliest = instants.length ? Math.min(...instants) : null;
  report.nextDueAt = earliest === null ? null : earliest <= rt.now() ? rt.now() + 1_000 : earliest;
  rt.fault?.('run_end');
  if (report.nextDueAt !== null) await scheduleWake(rt.db, botId, report.nextDueAt);
  if (report.commands + report.decided + report.sent + report.settled > 0) rt.onChange?.(botId);
  return report;
}
