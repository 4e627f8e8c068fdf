import type { PlaceOrderCommand, SessionCommand, SessionState } from '@app/robot';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { appendActivity } from './activity.ts';
import type { BrokerAdapter } from './brokers/broker-adapter.ts';
import { scheduleWake } from './bot-events.ts';
import { brokerCache, type BrokerLookup } from './ledger/broker-call.ts';
import type { RuntimeDeps } from './runtime-deps.ts';
import { loadSession, saveSession } from './session-store.ts';
import { loadBotSettings, type BotSettings } from './settings/bot-settings.ts';

/**
 * One run of one bot (the commands, decisions and orders `runSession` advances): the runtime,
 * the bot's settings as saved now, its broker, and the orders this run may send unclaimed.
 */
export interface BotRun {
  rt: RuntimeDeps;
  botId: number;
  settings: BotSettings;
  /** The bot's broker now (`settings.brokerId`). */
  broker: BrokerAdapter;
  /** Any (bot, broker)'s adapter: an order keeps the broker it was decided on. */
  brokers: BrokerLookup;
  /**
   * Orders written already claimed (`attempted_at` stamped in the transaction that wrote them,
   * because they were due at once) and committed, not sent yet: this run sends them without a
   * claim of their own. A crash before the send leaves them to reconciliation, as any claim.
   */
  claimed: Set<number>;
  /** Claims of the transaction under way; they join `claimed` only once it commits. */
  pendingClaims: number[];
}

/** Reads a bot's settings and resolves its broker for one run. */
export async function botRunOf(rt: RuntimeDeps, botId: number): Promise<BotRun> {
  const settings = await loadBotSettings(rt.db, botId);
  const broker = await rt.brokerFor(botId, settings.brokerId);
  return {
    rt,
    botId,
    settings,
    broker,
    brokers: brokerCache(rt, { botId, brokerId: settings.brokerId, broker }),
    claimed: new Set(),
    pendingClaims: [],
  };
}

/**
 * Loads the bot's session, lets `fn` step it and write what it did, and saves it — in one
 * transaction with a version check, so a run that raced another writer rolls back whole.
 */
export async function withSession<T>(
  run: BotRun,
  fn: (
    trx: Kysely<Database>,
    state: SessionState,
  ) => Promise<{ state: SessionState | null; result: T }>,
): Promise<T> {
  run.pendingClaims = [];
  const result = await run.rt.db.transaction().execute(async (trx) => {
    const loaded = await loadSession(trx, run.botId, run.settings.config);
    const out = await fn(trx, loaded.state);
    if (out.state) {
      await saveSession(
        trx,
        run.botId,
        { state: out.state, version: loaded.version },
        run.rt.now(),
      );
    }
    return out.result;
  });
  commitClaims(run);
  return result;
}

/** The claims of a transaction that committed become this run's to send. */
export function commitClaims(run: BotRun): void {
  for (const id of run.pendingClaims) run.claimed.add(id);
  run.pendingClaims = [];
}

/** Where the orders of a step come from: the signal decided (null: a command, a gale). */
export interface EffectOrigin {
  signalId: number | null;
  channelId: string | null;
  payoutPct: number;
}

/** The idempotency key of an order: its signal and its place in the sequence (entry = 1). */
export function clientRefOf(signalId: number | null, ordinal: number, sessionRef: string): string {
  return signalId === null ? `r${sessionRef}` : `s${signalId}-${ordinal}`;
}

/** Writes the effects a step returned: orders into the ledger, notes into the feed. */
export async function applyEffects(
  trx: Kysely<Database>,
  run: BotRun,
  state: SessionState,
  commands: SessionCommand[],
  origin: EffectOrigin,
): Promise<number[]> {
  const now = run.rt.now();
  const placed: number[] = [];
  for (const c of commands) {
    if (c.type === 'place_order') {
      placed.push(await insertOrder(trx, run, state, c, origin));
    } else if (c.type === 'stop' && c.reason !== 'command_off') {
      await appendActivity(trx, {
        botId: run.botId,
        at: now,
        kind: 'session',
        message: { key: 'robot.activity.stopped', params: { reason: c.reason } },
      });
    } else if (c.type === 'notify' && c.key.startsWith('robot.notify.')) {
      // Settlements and refusals have their own feed lines; the strategy's other notes go as-is.
      if (c.key === 'robot.notify.orderSettled' || c.key === 'robot.notify.signalIgnored') continue;
      await appendActivity(trx, {
        botId: run.botId,
        at: now,
        kind: 'session',
        signalId: origin.signalId,
        message: { key: c.key, params: c.params },
      });
    }
  }
  return placed;
}

/** A new order of the session into the ledger, `placed`, with its wake-up at the send time. */
async function insertOrder(
  trx: Kysely<Database>,
  run: BotRun,
  state: SessionState,
  c: PlaceOrderCommand,
  origin: EffectOrigin,
): Promise<number> {
  const now = run.rt.now();
  const ordinal = state.sequence?.ordersSent ?? 1;
  // Due at once (an immediate signal, a gale on the next candle): the order is claimed in the
  // same commit that writes it, one durable write fewer than a claim of its own. Written and
  // claimed together, it is reconciled by client ref if the process dies before the send.
  const dueNow = c.sendAtMs <= now;
  const row = await trx
    .insertInto('orders')
    .values({
      bot_id: run.botId,
      signal_id: origin.signalId,
      channel_id: origin.channelId,
      client_ref: clientRefOf(origin.signalId, ordinal, c.ref),
      session_ref: c.ref,
      gale_level: c.galeLevel,
      broker_id: run.settings.brokerId,
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
  if (dueNow) run.pendingClaims.push(row.id);
  // Woken at the send time even when this run sends it: after a crash the wake-up is what runs
  // the bot again (to reconcile the claimed order).
  await scheduleWake(trx, run.botId, Math.max(now, c.sendAtMs));
  return row.id;
}
