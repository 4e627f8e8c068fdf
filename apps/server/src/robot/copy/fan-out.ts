import { TraderMode, type AccountType } from '@app/contract';
import {
  planFanOut,
  planMetaFanOut,
  traderDelaySec,
  traderFilter,
  type CopyFollower,
  type MetaFollower,
} from '@app/robot';
import type { Kysely, Selectable } from 'kysely';
import { fromDbBool } from '../../db/dialect.ts';
import type { Database, MetaTraderRecordsTable, OrdersTable } from '../../db/schema.ts';
import { PAPER_SEED } from '../brokers/paper-broker.ts';
import { acceptedFollowersForFanOut, utcDayStart } from './followers.ts';
import { writeFanOut, type FanOutPlacement, type FanOutReport } from './write-fan-out.ts';

type OrderRow = Selectable<OrdersTable>;

/** What a trader order is fanned out by: the copy settings that let it through, the Meta record. */
export interface FanOutSources {
  copy: { signalType: number; delaysig: string } | null;
  meta: Selectable<MetaTraderRecordsTable> | null;
}

/**
 * The channel card's *Enviar ao trader* (`send2trader`, SPEC §3) picks which channels' orders a
 * trader sends to its followers: once any card of the trader bot has it on, only orders from
 * those channels (and orders with no channel: by hand) are copied; while none has, every order
 * is (the copy-trader switch alone decides). docs/decisions/2026-11-23-copy-execution.md, "send2Trader".
 */
export async function channelGoesToFollowers(
  db: Kysely<Database>,
  order: Pick<OrderRow, 'bot_id' | 'channel_id'>,
): Promise<boolean> {
  if (order.channel_id === null) return true;
  const marked = await db
    .selectFrom('channel_cards')
    .select('id_num')
    .where('bot_id', '=', order.bot_id)
    .where('send2trader', '=', true)
    .execute();
  return marked.length === 0 || marked.some((c) => c.id_num === order.channel_id);
}

/**
 * The bot's mode (global params of its current broker; a bot never saved is a trader) and its
 * copy-trader settings (SPEC §3 "Trader info"), in one read.
 */
function traderSettings(db: Kysely<Database>, botId: number) {
  return db
    .selectFrom('bots as b')
    .leftJoin('global_params as g', (join) =>
      join.onRef('g.bot_id', '=', 'b.id').onRef('g.broker_id', '=', 'b.current_broker'),
    )
    .leftJoin('copy_trader_settings as c', 'c.bot_id', 'b.id')
    .select([
      'g.trader_mode',
      'c.bot_id as copy_saved',
      'c.copy_trader_en',
      'c.signal_type',
      'c.delaysig',
      'c.broker_id',
      'c.candle_color',
      'c.timeframe',
      'c.pares_filter',
      'c.stake_min',
    ])
    .where('b.id', '=', botId)
    .executeTakeFirst();
}

/**
 * Whether a trader's order goes to any follower, and by which products: never a copy (no
 * chains), only from a channel that goes to followers, only while the bot is a trader (mode 1,
 * command 9) — then copy trading when the trader's copy switch (command 15) and filters let the
 * order through, MetaCopy when an enabled record of the order's broker is under its daily cap.
 * Reads only: null = nothing to fan out.
 */
export async function fanOutSources(
  db: Kysely<Database>,
  order: OrderRow,
  now: number,
): Promise<FanOutSources | null> {
  if (order.copy_of !== null && order.copy_of !== undefined) return null;
  if (!(await channelGoesToFollowers(db, order))) return null;
  const s = await traderSettings(db, order.bot_id);
  const mode = s?.trader_mode ?? TraderMode.trader;
  const passes =
    s?.copy_saved != null &&
    traderFilter(
      {
        mode,
        enabled: fromDbBool(s.copy_trader_en ?? false),
        brokerId: s.broker_id ?? 0,
        timeframeMin: s.timeframe ?? 0,
        assets: s.pares_filter ?? '',
        stakeMin: s.stake_min ?? 0,
        candleColor: s.candle_color ?? 0,
      },
      {
        asset: order.asset,
        direction: order.direction,
        stakeCents: Number(order.stake_cents),
        brokerId: order.broker_id,
        sendAtMs: order.send_at,
        expiresAtMs: order.expires_at,
      },
      PAPER_SEED,
    ) === null;
  const copy = passes ? { signalType: s.signal_type ?? 0, delaysig: s.delaysig ?? '' } : null;
  const meta = mode === TraderMode.trader ? await metaRecord(db, order, now) : null;
  return copy || meta ? { copy, meta } : null;
}

/** The trader's Meta record for this order: enabled, on its broker (0 = any), under its cap. */
async function metaRecord(
  db: Kysely<Database>,
  order: OrderRow,
  now: number,
): Promise<Selectable<MetaTraderRecordsTable> | null> {
  const record = await db
    .selectFrom('meta_trader_records')
    .selectAll()
    .where('bot_id', '=', order.bot_id)
    .where('trader_ena', '=', true)
    .where((eb) => eb.or([eb('broker_id', '=', 0), eb('broker_id', '=', order.broker_id)]))
    .orderBy('traderid')
    .executeTakeFirst();
  if (!record) return null;
  if (record.max_trades > 0) {
    const done = await db
      .selectFrom('copy_fanouts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('trader_bot_id', '=', order.bot_id)
      .where('product', '=', 'meta')
      .where('created_at', '>=', utcDayStart(now))
      .executeTakeFirstOrThrow();
    if (Number(done.n) >= record.max_trades) return null;
  }
  return record;
}

async function copyFanOut(
  trx: Kysely<Database>,
  order: OrderRow,
  now: number,
  settings: NonNullable<FanOutSources['copy']>,
  placement: FanOutPlacement,
): Promise<FanOutReport | null> {
  // The trader's delay (signal type 9 carries it) comes before each follower's own.
  const atMs = now + traderDelaySec(settings.delaysig) * 1000;
  const { rows, today } = await acceptedFollowersForFanOut(trx, order.bot_id, 'copy', now);
  if (rows.length === 0) return null;
  const followers: CopyFollower[] = rows.map((f) => ({
    id: String(f.botId),
    expCopy: f.expCopy,
    ordersToday: today.get(f.botId) ?? 0,
    traderEna: f.traderEna,
    acptdemo: f.acptdemo,
    maxTrades: f.maxTrades,
    signalType: f.signalType,
    delaysig: f.delaysig,
    brokerID: f.brokerId,
    minStake: f.minStake,
    maxStake: f.maxStake,
    lote: f.lote,
    loteType: f.loteType,
  }));
  const decisions = planFanOut(
    {
      traderId: String(order.bot_id),
      asset: order.asset,
      direction: order.direction,
      stakeCents: Number(order.stake_cents),
      account: order.account_type as AccountType,
      brokerId: order.broker_id as never,
      signalType: (settings.signalType || 7) as never,
      atMs,
    },
    followers,
  );
  return writeFanOut(trx, order, 'copy', atMs, now, rows, decisions, placement);
}

async function metaFanOut(
  trx: Kysely<Database>,
  order: OrderRow,
  now: number,
  record: Selectable<MetaTraderRecordsTable>,
  placement: FanOutPlacement,
): Promise<FanOutReport | null> {
  const atMs = now + Math.max(0, record.delaysig - record.anticipation) * 1000;
  const { rows, today } = await acceptedFollowersForFanOut(trx, order.bot_id, 'meta', now);
  if (rows.length === 0) return null;
  const followers: MetaFollower[] = rows.map((f) => ({
    id: String(f.botId),
    expCopy: f.expCopy,
    ordersToday: today.get(f.botId) ?? 0,
    traderEna: f.traderEna,
    maxTrades: f.maxTrades,
    signalType: f.signalType,
    delaysig: f.delaysig,
    anticipation: f.anticipation,
    brokerID: f.brokerId,
    lote: f.lote,
  }));
  const decisions = planMetaFanOut(
    {
      traderId: String(order.bot_id),
      asset: order.asset,
      direction: order.direction,
      brokerId: order.broker_id as never,
      signalType: (record.signal_type || 7) as never,
      atMs,
    },
    followers,
  );
  return writeFanOut(trx, order, 'meta', atMs, now, rows, decisions, placement);
}

/**
 * Fans a trader's order out to its followers in `trx`, once: `copy_fanouts` is unique per trader
 * order and product, so a fan-out run again (after a crash, by a reconcile) writes nothing.
 * Copy trading and MetaCopy each plan independently ({@link fanOutSources} says which apply).
 * With `placement.place` (the runtime's batch broker), copies due now on the paper broker are
 * placed in this transaction too; the rest wait for the copy dispatcher.
 */
export async function fanOutOrder(
  trx: Kysely<Database>,
  order: OrderRow,
  now: number,
  placement: FanOutPlacement = {},
): Promise<FanOutReport[]> {
  const sources = await fanOutSources(trx, order, now);
  if (!sources) return [];
  const out: FanOutReport[] = [];
  if (sources.copy) {
    const copy = await copyFanOut(trx, order, now, sources.copy, placement);
    if (copy) out.push(copy);
  }
  if (sources.meta) {
    const meta = await metaFanOut(trx, order, now, sources.meta, placement);
    if (meta) out.push(meta);
  }
  return out;
}
