import type { endpoints } from '@app/contract';
import {
  ErrorCode,
  type ActivityPage,
  type LatencyReport,
  type OrdersPage,
  type QueryOf,
  type ResultChart,
  type ScheduledEntry,
  type TradingDashboard,
  type TradingOrder,
  type RobotMessage,
} from '@app/contract';
import {
  galePricesCents,
  groupBySignal,
  moneyPlugFor,
  scoreOf,
  signalOutcome,
  signalPlan,
  signalScoreOf,
  type SignalOutcome,
} from '@app/robot';
import type { Kysely, Selectable } from 'kysely';
import { botScoreOf } from '../../robot/ledger/bot-score.ts';
import { channelNamesOf } from './channel-names.ts';
import { ordersCsvText } from './orders-csv.ts';
import {
  channelOptionsOf,
  DAY_MS,
  dayStartMs,
  ordersOf,
  signalsOrdersSince,
  toTradingOrder,
} from './orders-read.ts';
import { fromDbJson } from '../../db/dialect.ts';
import { copyLineParams, type CopyLineFacts } from '../../robot/copy/copy-lines.ts';
import type { ActivityTable, Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { botIdOf } from '../../lib/owned-bot.ts';
import { cancelEntry, type CancelOutcome } from '../../robot/decide/cancel-entries.ts';
import type { AppDeps } from '../../plugins/context.ts';
import type { RuntimeDeps } from '../../robot/runtime-deps.ts';
import { botBlockNow } from '../../robot/settings/bot-block.ts';
import { loadBotSettings } from '../../robot/settings/bot-settings.ts';
import { channelPlanOfRow } from '../../robot/settings/money-settings.ts';
import { loadSession } from '../../robot/session-store.ts';

/** The home dashboard of one bot, with the broker's balance and the strategy's step. */
export async function readDashboard(
  deps: AppDeps,
  rt: RuntimeDeps,
  userid: string,
): Promise<TradingDashboard> {
  const botId = await botIdOf(deps, userid);
  const settings = await loadBotSettings(deps.db, botId);
  const { state } = await loadSession(deps.db, botId, settings.config);
  const now = deps.now();
  const blockedBy = botBlockNow(settings, state, now);

  let balanceCents: number | null = null;
  let simulator = true;
  try {
    const broker = await rt.brokerFor(botId, settings.brokerId);
    simulator = broker.simulator === true;
    balanceCents = await broker.balance(settings.config.accountType);
  } catch {
    balanceCents = null;
  }

  const since = dayStartMs(now, settings.utcOffsetHours);
  const names = await channelNamesOf(deps.db, botId);
  const today = await signalsOrdersSince(deps.db, botId, since, names);
  // The score home shows is the one /placar answers: one function, one window.
  const { sinceMs: scoreSince, score } = await botScoreOf(deps.db, botId, state, now);
  const active = (
    await ordersOf(deps.db, botId)
      .where('state', 'in', ['placed', 'open'])
      .orderBy('send_at')
      .execute()
  ).map((o) => toTradingOrder(o, names));
  const pendingSignals = await deps.db
    .selectFrom('signals')
    .select(['id', 'asset', 'direction', 'signal_at', 'entry_at', 'gales', 'lote', 'galefat'])
    .where('bot_id', '=', botId)
    .where('status', '=', 'accepted')
    .where('decided_at', 'is', null)
    .orderBy('id')
    .limit(20)
    .execute();
  const nextEntries: ScheduledEntry[] = [
    ...active
      .filter((o) => o.state === 'placed' && o.sendAt > now)
      .map((o) => ({
        signalId: o.signalId,
        asset: o.asset,
        direction: o.direction,
        galeLevel: o.galeLevel,
        stakeCents: o.stakeCents,
        sendAt: o.sendAt,
        // One sequence at a time: a placed order belongs to the ladder in flight.
        gales: state.money.ladder?.maxGales ?? null,
      })),
    ...pendingSignals
      .filter((s) => s.asset !== null && s.direction !== null)
      .map((s) => ({
        signalId: s.id,
        asset: s.asset ?? '',
        direction: s.direction ?? 'CALL',
        galeLevel: 0,
        stakeCents: null,
        sendAt: s.entry_at ?? s.signal_at ?? now,
        gales: signalPlan(
          state.config.strategySel,
          state.config.money,
          channelPlanOfRow(s),
          state.money,
        ).gales,
      })),
  ].sort((a, b) => a.sendAt - b.sendAt);

  const plug = moneyPlugFor(state.config.strategySel, state.config.money);
  const strategyStep: RobotMessage = plug
    ? {
        key: `robot.step.${plug.name}`,
        params: {
          ...plug.strategy.summarize(state.money, plug.config),
          galeLevel: state.money.ladder?.galeLevel ?? null,
        },
      }
    : { key: 'robot.step.none', params: {} };

  return {
    userid,
    running: state.running,
    configured: settings.missing === null,
    blockedBy,
    accountType: settings.config.accountType,
    brokerId: settings.brokerId,
    balanceCents,
    simulator,
    today: scoreOf(today.filter((o) => o.sendAt >= since)),
    todaySignals: score,
    scoreSince,
    openOrders: active.filter((o) => o.state === 'open' || o.sendAt <= now),
    nextEntries,
    strategyStep,
    nextStakesCents: plug ? galePricesCents(state) : [],
    copyTrading: {
      traderMode: settings.config.copyMode,
      enabled: settings.config.copyEnabled,
      followers: await acceptedFollowerCount(deps.db, botId),
    },
  };
}

/** How many followers have an accepted copy-trading follow of the bot. */
async function acceptedFollowerCount(db: Kysely<Database>, botId: number): Promise<number> {
  const row = await db
    .selectFrom('copy_follows')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('trader_bot_id', '=', botId)
    .where('product', '=', 'copy')
    .where('state', '=', 'accepted')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

type ActivityRow = Selectable<ActivityTable> & CopyLineFacts & { on_paper?: unknown };

const isTrue = (v: unknown) => v === true || Number(v) === 1;

export function toActivityItem(userid: string, a: ActivityRow) {
  return {
    id: a.id,
    userid,
    at: a.at,
    kind: a.kind,
    signalId: a.signal_id === null ? null : Number(a.signal_id),
    orderId: a.order_id === null ? null : Number(a.order_id),
    message: copyLineParams(fromDbJson<RobotMessage>(a.message), a),
    ...(a.order_id !== null && isTrue(a.on_paper) ? { simulator: true } : {}),
  };
}

/**
 * A bot's feed lines with what their copy lines say: the copy's ledger row and its trader's
 * user id (copy-lines.ts; a line without a copy gets nulls and shows as stored).
 */
function activityOf(db: Kysely<Database>, botId: number) {
  return (
    db
      .selectFrom('activity as a')
      .leftJoin('orders as o', (j) =>
        j.onRef('o.id', '=', 'a.order_id').on('o.copy_trader_bot_id', 'is not', null),
      )
      .leftJoin('bots as tb', 'tb.id', 'o.copy_trader_bot_id')
      .selectAll('a')
      .select([
        'tb.userid as trader',
        'o.asset',
        'o.direction',
        'o.stake_cents',
        'o.expires_at',
        'o.fail_reason',
        'o.account_type',
        'o.broker_order_id',
      ])
      // Whether the paper broker (the simulator) holds the line's order.
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('orders as x')
              .innerJoin('paper_orders as p', (j) =>
                j.onRef('p.bot_id', '=', 'x.bot_id').onRef('p.client_ref', '=', 'x.client_ref'),
              )
              .select('p.id')
              .whereRef('x.id', '=', 'a.order_id'),
          )
          .as('on_paper'),
      )
      .where('a.bot_id', '=', botId)
  );
}

/** The feed, newest first, `limit` items below `cursor`. */
export async function readActivity(
  deps: AppDeps,
  q: QueryOf<typeof endpoints.tradingActivity>,
): Promise<ActivityPage> {
  const botId = await botIdOf(deps, q.userid);
  let query = activityOf(deps.db, botId)
    .orderBy('a.id', 'desc')
    .limit(q.limit + 1);
  if (q.cursor !== undefined) query = query.where('a.id', '<', q.cursor);
  const rows = await query.execute();
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((a) => toActivityItem(q.userid, a)),
    nextCursor: rows.length > q.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Activity of a bot after `afterId`, oldest first (the SSE stream). */
export async function activityAfter(
  db: Kysely<Database>,
  botId: number,
  userid: string,
  afterId: number,
) {
  const rows = await activityOf(db, botId)
    .where('a.id', '>', afterId)
    .orderBy('a.id')
    .limit(200)
    .execute();
  return rows.map((a) => toActivityItem(userid, a));
}

type OrdersFilter = Omit<QueryOf<typeof endpoints.tradingOrders>, 'cursor' | 'limit'>;

/** Which signal results a result filter keeps (`open`: a signal still in flight). */
const OUTCOME_OF_FILTER = {
  won: 'won',
  lost: 'lost',
  draw: 'draw',
  failed: 'failed',
  open: 'open',
} as const satisfies Record<NonNullable<OrdersFilter['result']>, SignalOutcome['kind']>;

/**
 * The orders of the signals the filters select, oldest first. A filter selects signals, never
 * single orders: a signal is in the period its entry was due in, and the result filter keeps the
 * signals whose result (`signalOutcome`: a win at G1 is a won signal) is the one asked, with every
 * order of their ladder. An order born of no signal is a signal of its own.
 */
async function selectedOrders(
  db: Kysely<Database>,
  botId: number,
  f: OrdersFilter,
  names: ReadonlyMap<string, string>,
): Promise<TradingOrder[]> {
  let q = ordersOf(db, botId);
  // A ladder runs minutes past its entry: a day on either side finds all of a signal's orders.
  if (f.from !== undefined) q = q.where('send_at', '>=', f.from - DAY_MS);
  if (f.to !== undefined) q = q.where('send_at', '<', f.to + DAY_MS);
  if (f.channel) q = q.where('channel_id', '=', f.channel);
  if (f.asset) q = q.where('asset', '=', f.asset);
  const rows = await q.orderBy('id').execute();
  const wanted = f.result ? OUTCOME_OF_FILTER[f.result] : null;
  return groupBySignal(rows.map((o) => toTradingOrder(o, names)))
    .filter((group) => {
      const entry = Math.min(...group.map((o) => o.sendAt));
      if (f.from !== undefined && entry < f.from) return false;
      if (f.to !== undefined && entry >= f.to) return false;
      return wanted === null || signalOutcome(group).kind === wanted;
    })
    .flat()
    .sort((a, b) => a.id - b.id);
}

/**
 * The orders of the signals the filters select, newest first, with the totals and the score per
 * signal of everything they select (a Loss filter scores its lost signals only: 0 × n).
 */
export async function readOrders(
  deps: AppDeps,
  q: QueryOf<typeof endpoints.tradingOrders>,
): Promise<OrdersPage> {
  const botId = await botIdOf(deps, q.userid);
  const names = await channelNamesOf(deps.db, botId);
  const all = await selectedOrders(deps.db, botId, q, names);
  const newest = [...all]
    .reverse()
    .filter((o) => q.cursor === undefined || o.id < q.cursor)
    .slice(0, q.limit + 1);
  const shown = newest.slice(0, q.limit);
  const count = (s: string) => all.filter((o) => o.state === s).length;
  return {
    orders: shown,
    totals: {
      count: all.length,
      wins: count('won'),
      losses: count('lost'),
      draws: count('draw'),
      failed: count('failed'),
      open: count('placed') + count('open'),
      stakeCents: all.filter((o) => o.state !== 'failed').reduce((s, o) => s + o.stakeCents, 0),
      pnlCents: all.reduce((s, o) => s + (o.pnlCents ?? 0), 0),
    },
    score: signalScoreOf(all),
    channels: await channelOptionsOf(deps.db, botId, names),
    nextCursor: newest.length > q.limit ? (shown.at(-1)?.id ?? null) : null,
  };
}

/**
 * The orders of the signals the filters select as CSV, oldest first, written as the query asks
 * (orders-csv.ts), each row with its signal's result.
 */
export async function ordersCsv(
  deps: AppDeps,
  q: QueryOf<typeof endpoints.tradingOrdersCsv>,
): Promise<string> {
  const botId = await botIdOf(deps, q.userid);
  const settings = await loadBotSettings(deps.db, botId);
  const names = await channelNamesOf(deps.db, botId);
  const orders = await selectedOrders(deps.db, botId, q, names);
  return ordersCsvText(orders, {
    format: q.format,
    lang: q.lang,
    utcOffsetHours: settings.utcOffsetHours,
  });
}

/**
 * Balance and cumulative P&L after each settlement of the day or the last seven days, from the
 * period's first trade (`from` is its send time; the period's start when nothing settled).
 */
export async function readChart(
  deps: AppDeps,
  q: QueryOf<typeof endpoints.tradingChart>,
): Promise<ResultChart> {
  const botId = await botIdOf(deps, q.userid);
  const settings = await loadBotSettings(deps.db, botId);
  const now = deps.now();
  const today = dayStartMs(now, settings.utcOffsetHours);
  const from = q.range === 'day' ? today : today - 6 * DAY_MS;
  const rows = await ordersOf(deps.db, botId)
    .where('state', 'in', ['won', 'lost', 'draw'])
    .where('settled_at', '>=', from)
    .orderBy('settled_at')
    .orderBy('id')
    .execute();
  let pnl = 0;
  const points = rows.map((r) => {
    pnl += Number(r.pnl_cents ?? 0);
    return {
      at: r.settled_at ?? from,
      balanceCents: Number(r.balance_after_cents ?? 0),
      pnlCents: pnl,
    };
  });
  const first = rows[0];
  // The chart starts at the first trade (its send), not at midnight: hours before it are empty.
  const start = first
    ? [
        {
          at: Math.min(first.send_at, first.settled_at ?? first.send_at),
          balanceCents: Number(first.balance_after_cents ?? 0) - Number(first.pnl_cents ?? 0),
          pnlCents: 0,
        },
      ]
    : [];
  return {
    range: q.range,
    from: start[0]?.at ?? from,
    to: now,
    points: [...start, ...points],
    simulator: rows.some((r) => isTrue(r.on_paper)),
  };
}

function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? null;
}

/** Each recent signal's stage instants, and the day's p50/p95 of each step. */
export async function readLatency(
  deps: AppDeps,
  q: QueryOf<typeof endpoints.tradingLatency>,
): Promise<LatencyReport> {
  const botId = await botIdOf(deps, q.userid);
  const settings = await loadBotSettings(deps.db, botId);
  const since = dayStartMs(deps.now(), settings.utcOffsetHours);
  const signals = await deps.db
    .selectFrom('signals')
    .select(['id', 'asset', 'direction', 'decision', 'received_at', 'parsed_at', 'decided_at'])
    .where('bot_id', '=', botId)
    .where('status', '=', 'accepted')
    .orderBy('id', 'desc')
    .limit(500)
    .execute();
  const ids = signals.map((s) => s.id);
  const orders = ids.length
    ? await deps.db
        .selectFrom('orders')
        .select(['signal_id', 'send_at', 'attempted_at', 'confirmed_at', 'settled_at', 'id'])
        .where('bot_id', '=', botId)
        .where('signal_id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  const firstOrder = new Map<number, (typeof orders)[number]>();
  for (const o of orders) {
    const key = Number(o.signal_id);
    if (!firstOrder.has(key)) firstOrder.set(key, o);
  }
  const all = signals.map((s) => {
    const o = firstOrder.get(s.id);
    return {
      signalId: s.id,
      asset: s.asset,
      direction: s.direction,
      decision: s.decision,
      scheduledAt: o?.send_at ?? null,
      stages: {
        received: s.received_at,
        parsed: s.parsed_at,
        decided: s.decided_at,
        sent: o?.attempted_at ?? null,
        confirmed: o?.confirmed_at ?? null,
        settled: o?.settled_at ?? null,
      },
    };
  });
  const stages = ['parsed', 'decided', 'sent', 'confirmed', 'settled'] as const;
  const order = ['received', ...stages] as const;
  const ofDay = all.filter((s) => (s.stages.received ?? 0) >= since);
  const day = stages.map((stage, i) => {
    const prev = order[i] as (typeof order)[number];
    const deltas = ofDay
      .map((s) => {
        const a = s.stages[prev];
        const b = s.stages[stage];
        return a === null || b === null ? null : b - a;
      })
      .filter((d): d is number => d !== null)
      .sort((a, b) => a - b);
    return {
      stage,
      count: deltas.length,
      p50Ms: percentile(deltas, 50),
      p95Ms: percentile(deltas, 95),
    };
  });
  const spans = (from: (s: (typeof all)[number]) => number | null, to: typeof from) =>
    ofDay
      .map((s) => {
        const a = from(s);
        const b = to(s);
        return a === null || b === null ? null : b - a;
      })
      .filter((d): d is number => d !== null)
      .sort((a, b) => a - b);
  const timing = (
    [
      [
        'wait',
        spans(
          (s) => s.stages.decided,
          (s) => s.scheduledAt,
        ),
      ],
      [
        'sendLag',
        spans(
          (s) => s.scheduledAt,
          (s) => s.stages.sent,
        ),
      ],
    ] as const
  ).map(([kind, d]) => ({
    kind,
    count: d.length,
    p50Ms: percentile(d, 50),
    p95Ms: percentile(d, 95),
  }));
  return { signals: all.slice(0, q.limit), day, timing };
}

/**
 * The trader's Cancel on one of the bot's next entries (ownership checked by the pipeline; the
 * signal must be this bot's): cancelled, or too late once its order was sent; 409 when the entry
 * was already decided otherwise or cancelled.
 */
export async function cancelNextEntry(
  deps: AppDeps,
  userid: string,
  signalId: number,
): Promise<CancelOutcome> {
  const botId = await botIdOf(deps, userid);
  const outcome = await deps.db
    .transaction()
    .execute((trx) => cancelEntry(trx, botId, signalId, { at: deps.now(), text: null }));
  if (outcome === null) throw new HttpError(409, ErrorCode.pendingEntriesGone);
  return outcome;
}
