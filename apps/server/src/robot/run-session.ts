import type { AccountType, BotCommandCode, SignalType, RobotMessage } from '@app/contract';
import {
  planEntry,
  step,
  tradeBlock,
  type CommandArgs,
  type NotifyParams,
  type PlaceOrderCommand,
  type SessionCommand,
  type SessionEvent,
  type SessionState,
} from '@app/robot';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable, SignalsTable } from '../db/schema.ts';
import { appendActivity } from './activity.ts';
import { fanOutOrder } from './copy/fan-out.ts';
import { placeRequestOf, type BrokerAdapter } from './brokers/broker-adapter.ts';
import { checkFirstRealOrder, offeringRefusal, realAccountRefusal } from './brokers/real-money.ts';
import { scheduleWake } from './inbox.ts';
import { describeError, type RuntimeDeps } from './runtime-deps.ts';
import { loadBotSettings, withBrokerPayout, type BotSettings } from './session-config.ts';
import { loadSession, saveSession, StaleSessionError } from './session-store.ts';

/** A send may go out this late (ms after its planned instant), else the entry is missed. */
export const LATE_TOLERANCE_MS = 5_000;
/** A broker call that takes longer fails its order (it never blocks the other bots). */
export const BROKER_TIMEOUT_MS = 10_000;
/** Gale windows planned per signal (the strategy decides how many it uses). */
const GALE_WINDOWS = 10;
/** Signals of one bot decided per run at most (the rest wait for the next run, due at once). */
const SIGNALS_PER_RUN = 50;

/** What the session replied to a command: an i18n key and plain params. */
export interface CommandReply {
  key: string;
  params: NotifyParams;
}

/** What one run did, for logs, tests and benchmarks. */
export interface RunReport {
  commands: number;
  decided: number;
  sent: number;
  settled: number;
  /** When the bot needs the runtime next (Unix ms), or null. */
  nextDueAt: number | null;
}

/** One run's view of a bot: its settings (read afresh) and its broker. */
export interface Ctx {
  rt: RuntimeDeps;
  botId: number;
  settings: BotSettings;
  broker: BrokerAdapter;
  /**
   * Orders written already claimed (`attempted_at` stamped in the transaction that wrote them,
   * because they were due at once) and committed, not sent yet: this run sends them without a
   * claim of their own. A crash before the send leaves them to reconciliation, as any claim.
   */
  claimed: Set<number>;
  /** Claims of the transaction under way; they join `claimed` only once it commits. */
  pendingClaims: number[];
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('broker_timeout')), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The idempotency key of an order: its signal and its place in the sequence (entry = 1). */
export function clientRefOf(signalId: number | null, ordinal: number, sessionRef: string): string {
  return signalId === null ? `r${sessionRef}` : `s${signalId}-${ordinal}`;
}

/** Reads a bot's settings and resolves its broker for one run. */
export async function contextOf(rt: RuntimeDeps, botId: number): Promise<Ctx> {
  const settings = await loadBotSettings(rt, botId);
  return {
    rt,
    botId,
    settings,
    broker: await rt.brokerFor(botId, settings.brokerId),
    claimed: new Set(),
    pendingClaims: [],
  };
}

/**
 * Loads the bot's session, lets `fn` step it and write what it did, and saves it — in one
 * transaction with a version check, so a run that raced another writer rolls back whole.
 */
async function withSession<T>(
  ctx: Ctx,
  fn: (
    trx: Kysely<Database>,
    state: SessionState,
  ) => Promise<{ state: SessionState | null; result: T }>,
): Promise<T> {
  ctx.pendingClaims = [];
  const result = await ctx.rt.db.transaction().execute(async (trx) => {
    const loaded = await loadSession(trx, ctx.botId, ctx.settings.config);
    const out = await fn(trx, loaded.state);
    if (out.state) {
      await saveSession(
        trx,
        ctx.botId,
        { state: out.state, version: loaded.version },
        ctx.rt.now(),
      );
    }
    return out.result;
  });
  commitClaims(ctx);
  return result;
}

/** The claims of a transaction that committed become this run's to send. */
function commitClaims(ctx: Ctx): void {
  for (const id of ctx.pendingClaims) ctx.claimed.add(id);
  ctx.pendingClaims = [];
}

/** Writes the effects a step returned: orders into the ledger, notes into the feed. */
async function applyEffects(
  trx: Kysely<Database>,
  ctx: Ctx,
  state: SessionState,
  commands: SessionCommand[],
  origin: {
    signalId: number | null;
    channelId: string | null;
    payoutPct: number;
    timeframeMin: number;
  },
): Promise<number[]> {
  const now = ctx.rt.now();
  const placed: number[] = [];
  for (const c of commands) {
    if (c.type === 'place_order') {
      placed.push(await insertOrder(trx, ctx, state, c, origin));
    } else if (c.type === 'stop' && c.reason !== 'command_off') {
      await appendActivity(trx, {
        botId: ctx.botId,
        at: now,
        kind: 'session',
        message: { key: 'robot.activity.stopped', params: { reason: c.reason } },
      });
    } else if (c.type === 'notify' && c.key.startsWith('robot.notify.')) {
      // Settlements and refusals have their own feed lines; the strategy's other notes go as-is.
      if (c.key === 'robot.notify.orderSettled' || c.key === 'robot.notify.signalIgnored') continue;
      await appendActivity(trx, {
        botId: ctx.botId,
        at: now,
        kind: 'session',
        signalId: origin.signalId,
        message: { key: c.key, params: c.params },
      });
    }
  }
  return placed;
}

async function insertOrder(
  trx: Kysely<Database>,
  ctx: Ctx,
  state: SessionState,
  c: PlaceOrderCommand,
  origin: { signalId: number | null; channelId: string | null; payoutPct: number },
): Promise<number> {
  const now = ctx.rt.now();
  const ordinal = state.sequence?.ordersSent ?? 1;
  // Due at once (an immediate signal, a gale on the next candle): the order is claimed in the
  // same commit that writes it, one durable write fewer than a claim of its own. Written and
  // claimed together, it is reconciled by client ref if the process dies before the send.
  const dueNow = c.sendAtMs <= now;
  const row = await trx
    .insertInto('orders')
    .values({
      bot_id: ctx.botId,
      signal_id: origin.signalId,
      channel_id: origin.channelId,
      client_ref: clientRefOf(origin.signalId, ordinal, c.ref),
      session_ref: c.ref,
      gale_level: c.galeLevel,
      broker_id: ctx.settings.brokerId,
      account_type: c.account,
      asset: c.asset,
      direction: c.direction,
      stake_cents: c.stakeCents,
      payout_pct: origin.payoutPct,
      state: 'placed',
      send_at: c.sendAtMs,
      expires_at: c.expiresAtMs,
      created_at: now,
      attempted_at: dueNow ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (dueNow) ctx.pendingClaims.push(row.id);
  // Woken at the send time even when this run sends it: after a crash the wake-up is what runs
  // the bot again (to reconcile the claimed order).
  await scheduleWake(trx, ctx.botId, Math.max(now, c.sendAtMs));
  return row.id;
}

// ─── commands ────────────────────────────────────────────────────────────────────────────────

/** The session's `robot.reply.*` among the commands a step returned. */
function replyOf(commands: SessionCommand[]): CommandReply | null {
  for (const c of commands) {
    if (c.type === 'notify' && c.key.startsWith('robot.reply.')) {
      return { key: c.key, params: c.params };
    }
  }
  return null;
}

/**
 * The broker's balance of every account type, read before a command's transaction opens. A
 * balance the broker cannot give (Deriv down or slow) reads 0 rather than failing the command.
 */
export async function balancesOf(broker: BrokerAdapter): Promise<Record<AccountType, number>> {
  const read = (account: AccountType) =>
    withTimeout(broker.balance(account), BROKER_TIMEOUT_MS).catch(() => 0);
  return { 1: await read(1), 2: await read(2), 3: await read(3) };
}

/**
 * Applies one bot command to the session with the bot's real figures: the balance is the
 * broker's, `on` is refused (saying what to configure) while the settings were never saved,
 * and the account switch (8) writes the global params, so the panel and the robot show one value.
 */
export async function applyCommandTo(
  trx: Kysely<Database>,
  ctx: Ctx,
  state: SessionState,
  code: BotCommandCode,
  balances: Record<AccountType, number>,
): Promise<{ state: SessionState | null; reply: CommandReply }> {
  const now = ctx.rt.now();
  if (code === 1 && ctx.settings.missing !== null) {
    return {
      state: null,
      reply: {
        key: 'robot.reply.on',
        params: { ok: false, reason: 'not_configured', missing: ctx.settings.missing },
      },
    };
  }
  let current = step(state, { type: 'tick', nowMs: now }).state;
  current = { ...current, balanceCents: balances[current.config.accountType] };
  const args: CommandArgs = {};
  if (code === 14) args.config = ctx.settings.config;
  if (code === 8) {
    const accountType = current.config.accountType === 1 ? 2 : 1;
    args.accountType = accountType;
    args.balanceCents = balances[accountType];
  }
  const out = step(current, { type: 'command', code, args });
  const reply = replyOf(out.commands);
  if (!reply) throw new Error(`Command ${code} produced no reply`);
  // Account type (8) and copy mode (9) live in the global params: one value for panel and robot.
  if ((code === 8 && reply.params.ok === true) || code === 9) {
    await trx
      .updateTable('global_params')
      .set({
        acc_type: out.state.config.accountType,
        trader_mode: out.state.config.copyMode,
        updated_at: now,
      })
      .where('bot_id', '=', ctx.botId)
      .where('broker_id', '=', ctx.settings.brokerId)
      .execute();
  }
  await applyEffects(trx, ctx, out.state, out.commands, {
    signalId: null,
    channelId: null,
    payoutPct: 0,
    timeframeMin: 1,
  });
  if (code === 1 || code === 2) {
    await appendActivity(trx, {
      botId: ctx.botId,
      at: now,
      kind: 'session',
      message: { key: code === 1 ? 'robot.activity.on' : 'robot.activity.off', params: {} },
    });
  }
  return { state: out.state, reply };
}

/** One command the runtime settled. */
export interface SettledCommand {
  id: number;
  botId: number;
  code: number;
  status: 'done' | 'failed';
  reply: CommandReply;
}

/** The runtime's own answer when applying a command threw (the session never saw it). */
export const FAILED_REPLY: CommandReply = { key: 'robot.reply.failed', params: {} };

async function settleCommand(
  db: Kysely<Database>,
  id: number,
  status: SettledCommand['status'],
  reply: CommandReply,
): Promise<boolean> {
  const res = await db
    .updateTable('bot_commands')
    .set({ status, reply: JSON.stringify(reply) })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/**
 * Applies up to `limit` of the bot's queued commands, oldest first, each in its own transaction
 * (session, reply and effects together). On PostgreSQL the command is locked `FOR UPDATE SKIP
 * LOCKED` so no command is applied twice. A command that throws rolls back and is marked failed
 * in a second statement, so one bad command never blocks the queue.
 */
export async function applyQueuedCommands(
  ctx: Ctx,
  limit = Number.POSITIVE_INFINITY,
  onError?: (err: unknown, command: { id: number; botId: number; code: number }) => void,
): Promise<SettledCommand[]> {
  const settled: SettledCommand[] = [];
  while (settled.length < limit) {
    // Most runs have no command: one indexed look before asking the broker for three balances.
    const queued = await ctx.rt.db
      .selectFrom('bot_commands')
      .select('id')
      .where('bot_id', '=', ctx.botId)
      .where('status', '=', 'queued')
      .limit(1)
      .executeTakeFirst();
    if (!queued) break;
    const balances = await balancesOf(ctx.broker);
    let claimed: { id: number; code: number } | undefined;
    let one: SettledCommand | null | 'skipped';
    ctx.pendingClaims = [];
    try {
      one = await ctx.rt.db.transaction().execute(async (trx) => {
        // Joined with its bot so that on PostgreSQL the lock covers the bot too: another
        // consumer skips the whole bot, so one bot's commands apply one at a time, in order.
        const q = trx
          .selectFrom('bot_commands')
          .innerJoin('bots', 'bots.id', 'bot_commands.bot_id')
          .select(['bot_commands.id', 'bot_commands.code'])
          .where('bot_commands.bot_id', '=', ctx.botId)
          .where('bot_commands.status', '=', 'queued')
          .orderBy('bot_commands.id')
          .limit(1);
        claimed =
          ctx.rt.dialect === 'postgres'
            ? await q.forUpdate().skipLocked().executeTakeFirst()
            : await q.executeTakeFirst();
        if (!claimed) return null;
        const loaded = await loadSession(trx, ctx.botId, ctx.settings.config);
        const out = await applyCommandTo(
          trx,
          ctx,
          loaded.state,
          claimed.code as BotCommandCode,
          balances,
        );
        if (out.state) {
          await saveSession(
            trx,
            ctx.botId,
            { state: out.state, version: loaded.version },
            ctx.rt.now(),
          );
        }
        const status: SettledCommand['status'] =
          out.reply.key === 'robot.reply.unknown' || out.reply.params.ok === false
            ? 'failed'
            : 'done';
        if (!(await settleCommand(trx, claimed.id, status, out.reply))) {
          throw new Error(`Command ${claimed.id} was settled elsewhere`);
        }
        return { id: claimed.id, botId: ctx.botId, code: claimed.code, status, reply: out.reply };
      });
      commitClaims(ctx);
    } catch (err) {
      const command = claimed as { id: number; code: number } | undefined;
      if (!command) throw err;
      // Another writer advanced the session meanwhile: the command stays queued for the next run.
      if (err instanceof StaleSessionError) break;
      const ref = { id: command.id, botId: ctx.botId, code: command.code };
      onError?.(err, ref);
      ctx.rt.log.error({ err: describeError(err), command: ref }, 'robot: command failed');
      one = (await settleCommand(ctx.rt.db, command.id, 'failed', FAILED_REPLY))
        ? { ...ref, status: 'failed', reply: FAILED_REPLY }
        : 'skipped';
    }
    if (one === null) break;
    if (one !== 'skipped') settled.push(one);
    // Settings may have changed with the command (account type): read them again.
    ctx.settings = await loadBotSettings(ctx.rt, ctx.botId);
  }
  return settled;
}

// ─── decisions ───────────────────────────────────────────────────────────────────────────────

function refusal(reason: string, signal: Pick<SignalsTable, 'asset' | 'direction'>): RobotMessage {
  return {
    key: `robot.refusal.${reason}`,
    params: { asset: signal.asset ?? '', direction: signal.direction ?? '' },
  };
}

/**
 * Decides one accepted signal (issue 8 §2): the trade gate, then the session (stake from the
 * strategy, pre-stop). Traded → an order row in the ledger; refused → the signal stamped with
 * its reason key and a feed line. One transaction; a signal another writer decided is skipped.
 */
async function decideSignal(ctx: Ctx, signal: Selectable<SignalsTable>): Promise<void> {
  const now = ctx.rt.now();
  const timeframeMin = signal.timeframe_min ?? 1;
  const asset = signal.asset ?? '';
  let payout = 0;
  try {
    payout = await withTimeout(ctx.broker.payout(asset, timeframeMin), BROKER_TIMEOUT_MS);
  } catch {
    payout = 0;
  }
  // Real brokers: does the account the bot is set to exist there, and is the asset and timeframe
  // offered at all (told now, before the entry time).
  const notOffered = await withTimeout(
    (async () =>
      (await realAccountRefusal(ctx.broker, ctx.settings.config.accountType)) ??
      (await offeringRefusal(ctx.broker, asset, timeframeMin, signal.signal_at ?? now)))(),
    BROKER_TIMEOUT_MS,
  ).catch(() => null);
  await withSession(ctx, async (trx, loaded) => {
    const state = step(loaded, { type: 'tick', nowMs: now }).state;
    const entry = planEntry({
      signalType: (signal.signal_type ?? 8) as SignalType,
      nowMs: signal.received_at,
      signalAtMs: signal.signal_at ?? undefined,
      timeframeMin,
      delaySec: (signal.delay_ms ?? 0) / 1000,
      gales: GALE_WINDOWS,
      galeSchedule: state.config.galeSchedule,
    });
    const block = tradeBlock({
      state,
      configured: ctx.settings.missing === null,
      verified: ctx.settings.verified,
      botExpSec: ctx.settings.botExpSec,
      nowMs: now,
      windows: ctx.settings.windows,
      utcOffsetHours: ctx.settings.utcOffsetHours,
      sendAtMs: entry.sendAtMs,
      payout: payout > 0 ? payout : 0,
      minPayoutPct: payout > 0 ? ctx.settings.minPayoutPct : 0,
      lateToleranceMs: LATE_TOLERANCE_MS,
    });
    let decision: 'traded' | 'refused' = 'refused';
    let reason: string | null = block ?? notOffered ?? (payout > 0 ? null : 'broker_unavailable');
    let next: SessionState | null = null;
    let orderId: number | null = null;
    let stakeCents = 0;
    if (reason === null) {
      const event: SessionEvent = {
        type: 'signal',
        signal: {
          asset,
          direction: signal.direction ?? 'CALL',
          timeframeMin,
          channelId: signal.channel_id,
        },
        entry,
      };
      const out = step({ ...state, config: withBrokerPayout(state.config, payout) }, event);
      const place = out.commands.find((c): c is PlaceOrderCommand => c.type === 'place_order');
      if (place) {
        decision = 'traded';
        stakeCents = place.stakeCents;
        next = { ...out.state, config: state.config };
        [orderId = null] = await applyEffects(trx, ctx, out.state, out.commands, {
          signalId: signal.id,
          channelId: signal.channel_id,
          payoutPct: Math.round(payout * 10_000) / 100,
          timeframeMin,
        });
      } else {
        const ignored = out.commands.find(
          (c) => c.type === 'notify' && c.key === 'robot.notify.signalIgnored',
        );
        reason =
          ignored?.type === 'notify' && typeof ignored.params.reason === 'string'
            ? ignored.params.reason
            : 'not_traded';
        // A refusal may still move the session (e.g. the plan closed): keep what it did.
        next = { ...out.state, config: state.config };
        await applyEffects(trx, ctx, out.state, out.commands, {
          signalId: signal.id,
          channelId: signal.channel_id,
          payoutPct: 0,
          timeframeMin,
        });
      }
    }
    const stamped = await trx
      .updateTable('signals')
      .set({ decided_at: now, decision, decision_reason: reason })
      .where('id', '=', signal.id)
      .where('decided_at', 'is', null)
      .executeTakeFirst();
    if (stamped.numUpdatedRows !== 1n) throw new Error(`Signal ${signal.id} was decided elsewhere`);
    await appendActivity(trx, {
      botId: ctx.botId,
      at: now,
      kind: 'decision',
      signalId: signal.id,
      orderId,
      message:
        decision === 'traded'
          ? {
              key: 'robot.activity.traded',
              params: { asset, direction: signal.direction ?? '', stakeCents },
            }
          : refusal(reason ?? 'not_traded', signal),
    });
    return { state: next, result: undefined };
  });
}

async function decideSignals(ctx: Ctx): Promise<number> {
  const pending = await ctx.rt.db
    .selectFrom('signals')
    .selectAll()
    .where('bot_id', '=', ctx.botId)
    .where('status', '=', 'accepted')
    .where('decided_at', 'is', null)
    .orderBy('id')
    .limit(SIGNALS_PER_RUN)
    .execute();
  let decided = 0;
  for (const signal of pending) {
    try {
      await decideSignal(ctx, signal);
      decided += 1;
    } catch (err) {
      ctx.rt.log.error({ err: describeError(err), signal: signal.id }, 'robot: decision failed');
    }
  }
  return decided;
}

// ─── orders: send, reconcile, settle ─────────────────────────────────────────────────────────

type OrderRow = Selectable<OrdersTable>;

/** The broker an order was decided on: the bot may have switched broker since (Deriv ↔ paper). */
async function brokerOf(ctx: Ctx, order: OrderRow): Promise<BrokerAdapter> {
  return order.broker_id === ctx.settings.brokerId
    ? ctx.broker
    : ctx.rt.brokerFor(ctx.botId, order.broker_id);
}

/** Feeds a broker refusal to the session (the ladder cannot go on) and fails the order. */
async function failOrder(ctx: Ctx, order: OrderRow, reason: string): Promise<void> {
  const now = ctx.rt.now();
  await withSession(ctx, async (trx, state) => {
    const res = await trx
      .updateTable('orders')
      .set({ state: 'failed', fail_reason: reason, settled_at: now })
      .where('id', '=', order.id)
      .where('state', '=', 'placed')
      .executeTakeFirst();
    if (res.numUpdatedRows !== 1n) return { state: null, result: undefined };
    const out = step(state, {
      type: 'order_result',
      ref: order.session_ref,
      status: 'rejected',
      error: reason,
    });
    await applyEffects(trx, ctx, out.state, out.commands, {
      signalId: order.signal_id,
      channelId: order.channel_id,
      payoutPct: order.payout_pct,
      timeframeMin: 1,
    });
    await appendActivity(trx, {
      botId: ctx.botId,
      at: now,
      kind: 'order',
      signalId: order.signal_id,
      orderId: order.id,
      message: { key: 'robot.activity.orderFailed', params: { asset: order.asset, reason } },
    });
    return { state: out.state, result: undefined };
  });
}

async function markOpen(ctx: Ctx, order: OrderRow, brokerOrderId: string, payout: number | null) {
  const now = ctx.rt.now();
  await ctx.rt.db.transaction().execute(async (trx) => {
    const res = await trx
      .updateTable('orders')
      .set({
        state: 'open',
        confirmed_at: now,
        broker_order_id: brokerOrderId,
        ...(payout === null ? {} : { payout_pct: Math.round(payout * 10_000) / 100 }),
      })
      .where('id', '=', order.id)
      .where('state', '=', 'placed')
      .executeTakeFirst();
    if (res.numUpdatedRows !== 1n) return;
    // The trader's order exists at the broker: its followers' copies go into their ledgers now,
    // in this transaction (placed here when due now on the paper broker, else sent by the copy
    // dispatcher; never by this bot's session).
    await fanOutOrder(trx, order, now, { place: ctx.rt.batchBroker, fault: ctx.rt.fault });
    await appendActivity(trx, {
      botId: ctx.botId,
      at: now,
      kind: 'order',
      signalId: order.signal_id,
      orderId: order.id,
      message: {
        key: 'robot.activity.orderOpen',
        params: {
          asset: order.asset,
          direction: order.direction,
          stakeCents: Number(order.stake_cents),
          galeLevel: order.gale_level,
          expiresAt: order.expires_at,
        },
      },
    });
    await scheduleWake(trx, ctx.botId, order.expires_at);
  });
}

/**
 * Sends one order of the outbox. `attempted_at` is committed before the broker call: a crash
 * after it leaves an order that is looked up at the broker by its client ref (reconciled) before
 * anything is sent again, so no order is ever placed twice.
 */
async function sendOrder(ctx: Ctx, order: OrderRow): Promise<boolean> {
  const now = ctx.rt.now();
  if (!ctx.claimed.delete(order.id)) {
    const claimed = await ctx.rt.db
      .updateTable('orders')
      .set({ attempted_at: now })
      .where('id', '=', order.id)
      .where('state', '=', 'placed')
      .where('attempted_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows !== 1n) return false;
  }
  ctx.rt.fault?.('before_broker_call');
  let answer;
  try {
    const broker = await brokerOf(ctx, order);
    // Real money: the broker itself says the account is real and holds the stake, first.
    const refused = await withTimeout(checkFirstRealOrder(broker, order), BROKER_TIMEOUT_MS);
    answer = refused
      ? { ok: false as const, error: refused }
      : await withTimeout(broker.placeOrder(placeRequestOf(order, now)), BROKER_TIMEOUT_MS);
  } catch (err) {
    // Unknown outcome (time-out, dropped connection): reconciled by client ref before retrying.
    ctx.rt.log.error({ err: describeError(err), order: order.id }, 'robot: broker call failed');
    return false;
  }
  ctx.rt.fault?.('after_broker_call');
  if (answer.ok) await markOpen(ctx, order, answer.brokerOrderId, answer.payout);
  else await failOrder(ctx, order, answer.error);
  return true;
}

/** The broker's word on an order, by client ref; `null` (logged) when the broker did not answer. */
async function lookupOrder(ctx: Ctx, order: OrderRow, now: number, doing: string) {
  try {
    const broker = await brokerOf(ctx, order);
    return await withTimeout(broker.lookup(order.client_ref, now), BROKER_TIMEOUT_MS);
  } catch (err) {
    ctx.rt.log.error({ err: describeError(err), order: order.id }, `robot: ${doing} failed`);
    return null;
  }
}

/** An order whose broker call may or may not have happened: ask the broker by client ref. */
async function reconcileOrder(ctx: Ctx, order: OrderRow): Promise<void> {
  const now = ctx.rt.now();
  const status = await lookupOrder(ctx, order, now, 'reconcile');
  if (!status) return;
  if (status.status !== 'missing') {
    await markOpen(ctx, order, status.brokerOrderId, null);
    return;
  }
  if (now > order.send_at + LATE_TOLERANCE_MS) {
    await failOrder(ctx, order, 'missed');
    return;
  }
  // Never reached the broker and still in time: send it now.
  await ctx.rt.db
    .updateTable('orders')
    .set({ attempted_at: null })
    .where('id', '=', order.id)
    .where('state', '=', 'placed')
    .execute();
  await sendOrder(ctx, { ...order, attempted_at: null });
}

async function settleOrder(ctx: Ctx, order: OrderRow): Promise<boolean> {
  const now = ctx.rt.now();
  const status = await lookupOrder(ctx, order, now, 'settle');
  if (status?.status !== 'settled') return false;
  const { pnlCents } = status;
  // A balance the broker does not give now: the settlement is tried again at the next run.
  const balanceCents =
    status.balanceCents ??
    (await withTimeout(
      (await brokerOf(ctx, order)).balance(order.account_type as 1 | 2 | 3),
      BROKER_TIMEOUT_MS,
    ).catch((err: unknown) => {
      ctx.rt.log.error({ err: describeError(err), order: order.id }, 'robot: balance failed');
      return null;
    }));
  if (balanceCents === null) return false;
  const result = pnlCents > 0 ? 'won' : pnlCents < 0 ? 'lost' : 'draw';
  await withSession(ctx, async (trx, state) => {
    const res = await trx
      .updateTable('orders')
      .set({
        state: result,
        pnl_cents: pnlCents,
        settled_at: now,
        balance_after_cents: balanceCents,
      })
      .where('id', '=', order.id)
      .where('state', '=', 'open')
      .executeTakeFirst();
    if (res.numUpdatedRows !== 1n) return { state: null, result: undefined };
    const clocked = step(state, { type: 'tick', nowMs: now }).state;
    // Gales are planned with the payout the broker paid this order.
    const priced = {
      ...clocked,
      config: withBrokerPayout(clocked.config, order.payout_pct / 100),
    };
    const out = step(priced, {
      type: 'order_result',
      ref: order.session_ref,
      status: 'settled',
      pnlCents,
      balanceCents,
    });
    await appendActivity(trx, {
      botId: ctx.botId,
      at: now,
      kind: 'result',
      signalId: order.signal_id,
      orderId: order.id,
      message: {
        key: `robot.activity.${result}`,
        params: { asset: order.asset, pnlCents, balanceCents, galeLevel: order.gale_level },
      },
    });
    await applyEffects(trx, ctx, out.state, out.commands, {
      signalId: order.signal_id,
      channelId: order.channel_id,
      payoutPct: order.payout_pct,
      timeframeMin: 1,
    });
    return { state: { ...out.state, config: state.config }, result: undefined };
  });
  return true;
}

/** The bot's orders still in flight (placed or open), oldest first, read in one query. */
async function activeOrders(ctx: Ctx): Promise<{ placed: OrderRow[]; open: OrderRow[] }> {
  // Sorted here, not by the query: an ORDER BY id makes SQLite walk the bot's whole history by
  // `orders_bot_id` instead of seeking its few active rows by `orders_bot_state` (0028).
  const rows = (
    await ctx.rt.db
      .selectFrom('orders')
      .selectAll()
      .where('bot_id', '=', ctx.botId)
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

/** A placed order this run may send now: never claimed (or claimed by this run) and due. */
function sendable(ctx: Ctx, o: OrderRow, now: number): boolean {
  return (o.attempted_at === null || ctx.claimed.has(o.id)) && o.send_at <= now;
}

/**
 * Advances one bot as far as `now` allows, in the order that keeps it correct: commands, then
 * orders whose outcome is unknown (reconciled before anything else trades), settlements (which
 * may free the bot or place the next gale), new signals, then the sends that are due. Finally
 * it books a wake-up at the bot's next due instant. The one driver of the runtime: the server,
 * the worker, the simulator and the tests all call this.
 * @example await runSession(deps, botId) // { commands: 0, decided: 1, sent: 1, settled: 0, nextDueAt: … }
 */
export async function runSession(rt: RuntimeDeps, botId: number): Promise<RunReport> {
  const ctx = await contextOf(rt, botId);
  const report: RunReport = { commands: 0, decided: 0, sent: 0, settled: 0, nextDueAt: null };
  report.commands = (await applyQueuedCommands(ctx)).length;

  let active = await activeOrders(ctx);
  const unknown = active.placed.filter((o) => o.attempted_at !== null);
  for (const order of unknown) await reconcileOrder(ctx, order);
  if (unknown.length > 0) active = await activeOrders(ctx);
  // Settle in expiry order, one at a time: a settlement may place the next gale, due at once.
  // `active` is re-read only after something may have changed it (a settlement, a send, a
  // decision), so a quiet pass costs no read.
  for (let guard = 0; guard < 64; guard += 1) {
    const due = active.open.filter((o) => o.expires_at <= rt.now());
    let progressed = false;
    for (const order of due) {
      if (await settleOrder(ctx, order)) {
        report.settled += 1;
        progressed = true;
      }
    }
    if (progressed) active = await activeOrders(ctx);
    const sends = active.placed.filter((o) => sendable(ctx, o, rt.now()));
    for (const order of sends) if (await sendOrder(ctx, order)) report.sent += 1;
    let decided = 0;
    if (report.decided === 0 && guard === 0) {
      decided = await decideSignals(ctx);
      report.decided = decided;
    }
    if (sends.length === 0 && decided === 0) {
      if (!progressed) break;
      continue;
    }
    active = await activeOrders(ctx);
  }

  const placed = active.placed.filter((o) => o.attempted_at === null);
  const instants = [...active.open.map((o) => o.expires_at), ...placed.map((o) => o.send_at)];
  // An expired order the broker has not settled yet is asked again a second later.
  const earliest = instants.length ? Math.min(...instants) : null;
  report.nextDueAt = earliest === null ? null : earliest <= rt.now() ? rt.now() + 1_000 : earliest;
  if (report.nextDueAt !== null) await scheduleWake(rt.db, botId, report.nextDueAt);
  if (report.commands + report.decided + report.sent + report.settled > 0) rt.onChange?.(botId);
  return report;
}
