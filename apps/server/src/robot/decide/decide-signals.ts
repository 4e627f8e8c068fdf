import type { RobotMessage, SignalType } from '@app/contract';
import {
  decideEntry,
  planEntry,
  type EntryDecision,
  type EntryDecisionInput,
  type SessionSignal,
  type SessionState,
} from '@app/robot';
import type { Selectable } from 'kysely';
import type { SignalsTable } from '../../db/schema.ts';
import { processMetrics, recordMissedEntries } from '../../lib/metrics.ts';
import { appendActivity } from '../activity.ts';
import { applyEffects, withSession, type BotRun } from '../bot-run.ts';
import type { BotSettings } from '../settings/bot-settings.ts';
import { offeringRefusal } from '../brokers/offering.ts';
import { realAccountRefusal } from '../real-money/real-account.ts';
import {
  brokerTimeoutOf,
  LATE_TOLERANCE_MS,
  sendDeadline,
  withTimeout,
} from '../ledger/broker-call.ts';
import { payoutPctOf } from '../ledger/ledger.ts';
import { describeError } from '../runtime-deps.ts';
import { channelPlanOfRow, withBrokerPayout } from '../settings/money-settings.ts';

/** Gale windows planned per signal (the strategy decides how many it uses). */
const GALE_WINDOWS = 10;
/** Signals of one bot decided per run at most (the rest wait for the next run, due at once). */
const SIGNALS_PER_RUN = 50;
/**
 * How long before its send instant a pending entry is decided (docs/decisions/
 * 2026-11-26-pending-entries.md): time for the broker's payout and offering checks, so the order
 * is in the ledger before it is due. Earlier than this a line stays a pending entry: the trade
 * gate judges it as the bot is when the entry is due, not when the message arrived.
 */
export const DECIDE_LEAD_MS = 30_000;

export type SignalRow = Selectable<SignalsTable>;

/** The entry instants of a pending line, planned as the decision will plan them. */
export function entryOf(signal: SignalRow, galeSchedule?: 'nextCandle' | 'nextSignal') {
  return planEntry({
    signalType: (signal.signal_type ?? 8) as SignalType,
    nowMs: signal.received_at,
    signalAtMs: signal.signal_at ?? undefined,
    timeframeMin: signal.timeframe_min ?? 1,
    delaySec: (signal.delay_ms ?? 0) / 1000,
    gales: GALE_WINDOWS,
    ...(galeSchedule ? { galeSchedule } : {}),
  });
}

/** What deciding one pending entry did. */
type Outcome = 'decided' | 'waiting';

function refusal(reason: string, signal: Pick<SignalsTable, 'asset' | 'direction'>): RobotMessage {
  return {
    key: `robot.refusal.${reason}`,
    params: { asset: signal.asset ?? '', direction: signal.direction ?? '' },
  };
}

/** The broker's payout for the signal's asset now; 0 when the broker did not answer. */
async function payoutFor(run: BotRun, asset: string, timeframeMin: number): Promise<number> {
  try {
    return await withTimeout(run.broker.payout(asset, timeframeMin), brokerTimeoutOf(run.rt));
  } catch {
    return 0;
  }
}

/**
 * Decides one accepted signal: the trade gate (configured, verified, on, inside the windows, in
 * time, the broker pays enough), then the session (stake from the strategy, pre-stop). Traded →
 * an order row in the ledger; refused → the signal stamped with its reason key and a feed line.
 * One transaction; a signal another writer decided is skipped.
 */
async function decideSignal(run: BotRun, signal: SignalRow): Promise<Outcome> {
  const now = run.rt.now();
  const timeframeMin = signal.timeframe_min ?? 1;
  const asset = signal.asset ?? '';
  const payout = await payoutFor(run, asset, timeframeMin);
  // Real brokers: does the account the bot is set to exist there, and is the asset and timeframe
  // offered at all (told now, before the entry time).
  const notOffered = await withTimeout(
    (async () =>
      (await realAccountRefusal(run.broker, run.settings.config.accountType)) ??
      (await offeringRefusal(run.broker, asset, timeframeMin, signal.signal_at ?? now)))(),
    brokerTimeoutOf(run.rt),
  ).catch(() => null);
  processMetrics().entriesCameDue();
  // The refusal, logged once the transaction committed.
  const refused: { reason: string | null } = { reason: null };
  const outcome = await withSession(
    run,
    async (trx, loaded): Promise<{ state: SessionState | null; result: Outcome }> => {
      const decision = decideEntry({
        state: loaded,
        nowMs: now,
        signal: sessionSignalOf(signal),
        entry: entryOf(signal, loaded.config.galeSchedule),
        plan: channelPlanOfRow(signal),
        gate: gateOf(run.settings),
        payout,
        pricedConfig: withBrokerPayout(loaded.config, payout),
        brokerRefusal: notOffered,
      });
      if (decision.kind === 'waiting') return { state: null, result: 'waiting' };
      const origin = { signalId: signal.id, channelId: signal.channel_id };
      let orderId: number | null = null;
      if (decision.state) {
        const placed = await applyEffects(trx, run, decision.state, decision.commands, {
          ...origin,
          payoutPct: decision.kind === 'traded' ? payoutPctOf(payout) : 0,
        });
        orderId = placed[0] ?? null;
      }
      const reason = decision.kind === 'refused' ? decision.reason : null;
      const stamped = await trx
        .updateTable('signals')
        .set({ decided_at: now, decision: decision.kind, decision_reason: reason })
        .where('id', '=', signal.id)
        .where('decided_at', 'is', null)
        .executeTakeFirst();
      if (stamped.numUpdatedRows !== 1n)
        throw new Error(`Signal ${signal.id} was decided elsewhere`);
      refused.reason = decision.kind === 'refused' ? (reason ?? 'not_traded') : null;
      await appendActivity(trx, {
        botId: run.botId,
        at: now,
        kind: 'decision',
        signalId: signal.id,
        orderId,
        message: decisionLine(decision, signal),
      });
      return { state: decision.state, result: 'decided' };
    },
  );
  processMetrics().decided(run.rt.now() - now);
  if (refused.reason !== null) {
    const sendAtMs = entryOf(signal).sendAtMs;
    recordMissedEntries(run.rt.log, [
      {
        botId: run.botId,
        signalId: signal.id,
        reason: refused.reason,
        sendAtMs,
        lateMs: now - sendAtMs,
      },
    ]);
  }
  return outcome;
}

/** The session's view of a signals row. */
export function sessionSignalOf(signal: SignalRow): SessionSignal {
  return {
    asset: signal.asset ?? '',
    direction: signal.direction ?? 'CALL',
    timeframeMin: signal.timeframe_min ?? 1,
    channelId: signal.channel_id,
  };
}

/** The trade gate's facts about a bot, from its settings. */
export function gateOf(settings: BotSettings): EntryDecisionInput['gate'] {
  return {
    configured: settings.missing === null,
    verified: settings.verified,
    botExpSec: settings.botExpSec,
    windows: settings.windows,
    utcOffsetHours: settings.utcOffsetHours,
    minPayoutPct: settings.minPayoutPct,
    lateToleranceMs: LATE_TOLERANCE_MS,
  };
}

/** The feed line of a decision: traded with its stake, or the refusal's reason. */
export function decisionLine(
  decision: Exclude<EntryDecision, { kind: 'waiting' }>,
  signal: Pick<SignalsTable, 'asset' | 'direction'>,
): RobotMessage {
  return decision.kind === 'traded'
    ? {
        key: 'robot.activity.traded',
        params: {
          asset: signal.asset ?? '',
          direction: signal.direction ?? '',
          stakeCents: decision.order.stakeCents,
        },
      }
    : refusal(decision.reason, signal);
}

/** What a decision pass did: how many entries it decided, and when the next one is due. */
export interface DecidePass {
  decided: number;
  /** When a pending entry of the bot is next due for a decision (Unix ms), or null. */
  nextDueAt: number | null;
}

/**
 * Decides the bot's pending entries (accepted lines not decided yet) that are due: from
 * {@link DECIDE_LEAD_MS} before their send instant, in order of send instant, then of arrival
 * (message and line). An entry not due yet stays pending; one that must wait for the sequence in
 * flight waits, up to its send deadline. A decision that throws is logged and left for the next
 * run. Up to a bound per run.
 */
export async function decideSignals(run: BotRun): Promise<DecidePass> {
  const now = run.rt.now();
  const rows = await run.rt.db
    .selectFrom('signals')
    .selectAll()
    .where('bot_id', '=', run.botId)
    .where('status', '=', 'accepted')
    .where('decided_at', 'is', null)
    .orderBy('id')
    .execute();
  const planned = rows
    .map((signal) => ({ signal, sendAtMs: entryOf(signal).sendAtMs }))
    .sort((a, b) => a.sendAtMs - b.sendAtMs || a.signal.id - b.signal.id);
  let decided = 0;
  let nextDueAt: number | null = null;
  const later = (at: number) => {
    nextDueAt = nextDueAt === null ? at : Math.min(nextDueAt, at);
  };
  for (const { signal, sendAtMs } of planned) {
    if (sendAtMs - DECIDE_LEAD_MS > now) {
      later(sendAtMs - DECIDE_LEAD_MS);
      continue;
    }
    if (decided >= SIGNALS_PER_RUN) {
      later(now);
      break;
    }
    try {
      if ((await decideSignal(run, signal)) === 'decided') decided += 1;
      // Waiting for the sequence in flight: its settlement wakes the bot; else its deadline.
      else later(sendDeadline(sendAtMs) + 1);
    } catch (err) {
      run.rt.log.error({ err: describeError(err), signal: signal.id }, 'robot: decision failed');
    }
  }
  return { decided, nextDueAt };
}
