import type { RobotMessage } from '@app/contract';
import { decideEntry, moneyKeyOf, type SessionCommand, type SessionState } from '@app/robot';
import { sql, type Kysely } from 'kysely';
import { jsonIds } from '../../db/bulk.ts';
import type { Database } from '../../db/schema.ts';
import { clientRefOf } from '../bot-run.ts';
import { paperBroker } from '../brokers/paper-broker.ts';
import { offeringRefusal } from '../brokers/offering.ts';
import { targetKey } from '../brokers/own-adapters.ts';
import { silenceDoorbells } from '../bot-events.ts';
import { sendDeadline } from '../ledger/broker-call.ts';
import { payoutPctOf } from '../ledger/ledger.ts';
import { inPartitions } from '../partitions.ts';
import { realAccountRefusal } from '../real-money/real-account.ts';
import { describeError, type RuntimeDeps } from '../runtime-deps.ts';
import { sessionOfRow, type StoredSession } from '../session-store.ts';
import { loadBotSettingsMany, type BotSettings } from '../settings/bot-settings.ts';
import { channelPlanOfRow, withBrokerPayout } from '../settings/money-settings.ts';
import {
  DECIDE_LEAD_MS,
  decisionLine,
  entryOf,
  gateOf,
  sessionSignalOf,
  type SignalRow,
} from './decide-signals.ts';
import { writeDecisions, type Written } from './write-decisions.ts';

/** What one batch of decisions did. */
export interface DecideBatchReport {
  bots: number;
  decided: number;
  traded: number;
}

/**
 * One signal, N bots, one batch (docs/decisions/2026-12-02-worker-partitions.md): the pending
 * entries due for their decision of every bot of the partitions held are decided together —
 * each by its own bot's settings and session (`decideEntry`, the same pure decision a bot decided
 * alone gets) — and written in set-based statements (write-decisions.ts): orders, stamps,
 * sessions, feed lines and wake-ups, a few statements for any number of bots. The settings are
 * read per bot (one prepared read each). What needs a bot's own run is left to it: bots with a
 * queued command, an order whose outcome is unknown, an open order to settle or fan out, a broker
 * of their own (a network call per bot), no session yet; and the runtime's with brokers of a test.
 */
export async function decideDueBatch(
  rt: RuntimeDeps,
  partitions: readonly number[] | null,
  { limit = 5_000 }: { limit?: number } = {},
): Promise<DecideBatchReport> {
  const report: DecideBatchReport = { bots: 0, decided: 0, traded: 0 };
  if (rt.mayTrade?.() === false || !rt.batchBroker || !rt.ownBroker) return report;
  const now = rt.now();
  const rows = await pendingDue(rt.db, now, partitions, limit);
  if (rows.length === 0) return report;
  const byBot = new Map<number, SignalRow[]>();
  for (const r of rows) byBot.set(r.bot_id, [...(byBot.get(r.bot_id) ?? []), r]);
  // Cut by the limit, the last bot's entries may be incomplete: it waits for the next batch.
  if (rows.length === limit) byBot.delete(rows[rows.length - 1]!.bot_id);
  const bots = [...byBot.keys()];
  // Every bot's settings in one read (a per-bot read was most of a 5,000-bot batch's time).
  const settings = await loadBotSettingsMany(rt.db, bots);
  // A bot whose broker is a network adapter of its own is decided by its own run.
  const remote = await rt.ownBroker(
    rt.db,
    [...settings].map(([botId, s]) => ({
      botId,
      brokerId: s.brokerId,
      account: s.config.accountType,
    })),
  );
  for (const [botId, s] of settings)
    if (remote.has(targetKey(botId, s.brokerId))) settings.delete(botId);
  const sessions = await sessionsOf(rt.db, settings);
  const facts = brokerFacts(rt);
  const written: Written = { orders: [], stamps: [], sessions: [], lines: [], wakes: [] };
  for (const [botId, loadedSession] of sessions) {
    const s = settings.get(botId)!;
    if (loadedSession.version === null) continue;
    const version = loadedSession.version;
    let state: SessionState = loadedSession.state;
    let changed = false;
    const entries = (byBot.get(botId) ?? [])
      .map((signal) => ({ signal, sendAtMs: entryOf(signal).sendAtMs }))
      .sort((a, b) => a.sendAtMs - b.sendAtMs || a.signal.id - b.signal.id);
    for (const { signal, sendAtMs } of entries) {
      if (sendAtMs - DECIDE_LEAD_MS > now) {
        written.wakes.push({ bot_id: botId, due_at: sendAtMs - DECIDE_LEAD_MS });
        continue;
      }
      const asset = signal.asset ?? '';
      const tf = signal.timeframe_min ?? 1;
      const broker = await facts(asset, tf, s.config.accountType, signal.signal_at ?? now);
      const decision = decideEntry({
        state,
        nowMs: now,
        signal: sessionSignalOf(signal),
        entry: entryOf(signal, state.config.galeSchedule),
        plan: channelPlanOfRow(signal),
        gate: gateOf(s),
        payout: broker.payout,
        pricedConfig: withBrokerPayout(state.config, broker.payout),
        brokerRefusal: broker.refusal,
      });
      if (decision.kind === 'waiting') {
        written.wakes.push({ bot_id: botId, due_at: sendDeadline(sendAtMs) + 1 });
        continue;
      }
      report.decided += 1;
      let orderRef: string | null = null;
      if (decision.state) {
        state = decision.state;
        changed = true;
        orderRef = effects(written, botId, s, decision.state, decision.commands, signal, now, {
          payoutPct: decision.kind === 'traded' ? payoutPctOf(broker.payout) : 0,
        });
      }
      if (decision.kind === 'traded') report.traded += 1;
      written.stamps.push({
        id: signal.id,
        decision: decision.kind,
        reason: decision.kind === 'refused' ? decision.reason : null,
      });
      written.lines.push({
        bot_id: botId,
        kind: 'decision',
        signal_id: signal.id,
        order_ref: orderRef,
        message: decisionLine(decision, signal),
      });
    }
    if (changed) {
      const { config, ...stored } = state;
      written.sessions.push({
        bot_id: botId,
        version,
        state: stored satisfies StoredSession,
        money_key: moneyKeyOf(config),
      });
    }
  }
  if (written.stamps.length === 0 && written.wakes.length === 0) return report;
  try {
    await rt.db.transaction().execute((trx) => writeDecisions(trx, written, now));
  } catch (err) {
    // Another writer moved a session or a signal: each bot's own run decides instead.
    rt.log.error({ err: describeError(err) }, 'robot: batch of decisions not written');
    return { bots: 0, decided: 0, traded: 0 };
  }
  report.bots = sessions.size;
  const decidedBots = [...new Set(written.lines.map((l) => l.bot_id))];
  await silenceDoorbells(rt.db, decidedBots, now);
  if (rt.onChange) for (const botId of decidedBots) rt.onChange(botId);
  return report;
}

/** The effects of a step as rows: its order (its client ref returned) and its feed lines. */
function effects(
  written: Written,
  botId: number,
  s: BotSettings,
  state: SessionState,
  commands: SessionCommand[],
  signal: SignalRow,
  now: number,
  { payoutPct }: { payoutPct: number },
): string | null {
  let ref: string | null = null;
  for (const c of commands) {
    if (c.type === 'place_order') {
      const clientRef = clientRefOf(signal.id, state.sequence?.ordersSent ?? 1, c.ref);
      ref ??= clientRef;
      written.orders.push({
        bot_id: botId,
        signal_id: signal.id,
        channel_id: signal.channel_id,
        client_ref: clientRef,
        session_ref: c.ref,
        gale_level: c.galeLevel,
        broker_id: s.brokerId,
        account_type: c.account,
        asset: c.asset,
        direction: c.direction,
        stake_cents: c.stakeCents,
        payout_pct: payoutPct,
        send_at: c.sendAtMs,
        expires_at: c.expiresAtMs,
      });
      written.wakes.push({ bot_id: botId, due_at: Math.max(now, c.sendAtMs) });
    } else if (c.type === 'stop' && c.reason !== 'command_off') {
      const message: RobotMessage = { key: 'robot.activity.stopped', params: { reason: c.reason } };
      written.lines.push({
        bot_id: botId,
        kind: 'session',
        signal_id: null,
        order_ref: null,
        message,
      });
    } else if (c.type === 'notify' && c.key.startsWith('robot.notify.')) {
      if (c.key === 'robot.notify.orderSettled' || c.key === 'robot.notify.signalIgnored') continue;
      written.lines.push({
        bot_id: botId,
        kind: 'session',
        signal_id: signal.id,
        order_ref: null,
        message: { key: c.key, params: c.params },
      });
    }
  }
  return ref;
}

/** The broker's facts for a paper bot: the same for every bot (the simulator), asked once. */
function brokerFacts(rt: RuntimeDeps) {
  const paper = paperBroker(rt.db, 0, null);
  const memo = new Map<string, Promise<{ payout: number; refusal: string | null }>>();
  return (asset: string, tf: number, account: number, at: number) => {
    const key = `${asset}/${tf}/${account}`;
    let got = memo.get(key);
    if (!got) {
      got = (async () => ({
        payout: await paper.payout(asset, tf).catch(() => 0),
        refusal:
          (await realAccountRefusal(paper, account)) ??
          (await offeringRefusal(paper, asset, tf, at)),
      }))();
      memo.set(key, got);
    }
    return got;
  };
}

/**
 * The pending entries due for their decision (entry instant within the lead) of the bots of the
 * partitions held that have nothing else to do first, oldest first per bot.
 */
async function pendingDue(
  db: Kysely<Database>,
  now: number,
  partitions: readonly number[] | null,
  limit: number,
): Promise<SignalRow[]> {
  const mine = inPartitions('s.bot_id', partitions);
  // The busy bots are found once each (a hashed subquery), not looked up per entry: right after
  // a signal the planner's statistics may still see an empty orders table, and the correlated
  // form then scanned every order for every entry (2.5 s for 5,000 entries on PostgreSQL).
  const res = await sql<SignalRow>`select s.* from signals s
    where s.status = 'accepted' and s.decided_at is null and s.entry_at is not null
      and s.entry_at <= ${now + DECIDE_LEAD_MS} and ${mine ?? sql`1 = 1`}
      and s.bot_id not in (select c.bot_id from bot_commands c where c.status = 'queued')
      and s.bot_id not in (select o.bot_id from orders o where o.copy_of is null
        and ((o.state = 'placed' and o.attempted_at is not null)
          or (o.state = 'open' and (o.expires_at <= ${now} or o.fanned_out_at is null))))
    order by s.bot_id, s.id limit ${limit}`.execute(db);
  return res.rows.map((r) => ({ ...r, id: Number(r.id), bot_id: Number(r.bot_id) }));
}

/** The saved sessions of `settings`' bots in one read; a bot with none is left to its run. */
async function sessionsOf(
  db: Kysely<Database>,
  settings: Map<number, BotSettings>,
): Promise<Map<number, ReturnType<typeof sessionOfRow>>> {
  const out = new Map<number, ReturnType<typeof sessionOfRow>>();
  if (settings.size === 0) return out;
  const ids = [...settings.keys()];
  const rows = await sql<{ bot_id: number; state: unknown; version: number; money_key: string }>`
    select bot_id, state, version, money_key from bot_sessions
    where bot_id in ${jsonIds(db, ids)}`.execute(db);
  for (const r of rows.rows) {
    const s = settings.get(Number(r.bot_id));
    if (s) out.set(Number(r.bot_id), sessionOfRow(r, s.config));
  }
  return out;
}
