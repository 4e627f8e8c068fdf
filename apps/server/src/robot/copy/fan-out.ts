import type { CopyProduct } from '@app/contract';
import {
  normalizeAsset,
  paperPricePoints,
  planFanOut,
  planMetaFanOut,
  type CopyFollower,
  type FanOutDecision,
  type MetaFollower,
} from '@app/robot';
import { sql, type Kysely, type Selectable } from 'kysely';
import { insertJsonRows, type BulkColumns } from '../../db/bulk.ts';
import { fromDbBool } from '../../db/dialect.ts';
import type { CopyTraderSettingsTable, Database, OrdersTable } from '../../db/schema.ts';
import { PAPER_SEED } from '../brokers/paper-broker.ts';

/** Rows per INSERT: far below SQLite's and PostgreSQL's bound-parameter limits (~20 columns each). */
export const CHUNK = 500;
/** The shortest expiry a copy gets (a trader order always lasts at least one candle). */
const MIN_DURATION_MS = 60_000;
const DAY_MS = 86_400_000;

type OrderRow = Selectable<OrdersTable>;

/** The columns a copy's ledger row is written with (one JSON parameter for the whole fan-out). */
const COPY_COLUMNS: BulkColumns = {
  bot_id: 'bigint',
  client_ref: 'text',
  session_ref: 'text',
  gale_level: 'integer',
  broker_id: 'integer',
  account_type: 'integer',
  asset: 'text',
  direction: 'text',
  stake_cents: 'bigint',
  payout_pct: 'double precision',
  state: 'text',
  send_at: 'bigint',
  expires_at: 'bigint',
  created_at: 'bigint',
  copy_of: 'bigint',
  copy_product: 'text',
  copy_trader_bot_id: 'bigint',
};

/** The start of the UTC day of `ms`: per-day limits count from 00:00 UTC (decisions.md). */
export function utcDayStart(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/** The client ref of a follower's copy: unique per follower bot, so one copy per trader order. */
export function copyClientRef(product: CopyProduct, traderOrderId: number): string {
  return `${product}:${traderOrderId}`;
}

/** The trader's delay as the screen saves it ("1,5" with signal type 9), seconds; bad text → 0. */
export function traderDelaySec(text: string): number {
  const n = Number(text.trim().replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

function timeframeMinOf(order: Pick<OrderRow, 'send_at' | 'expires_at'>): number {
  return Math.max(1, Math.round((order.expires_at - order.send_at) / 60_000));
}

/** The assets of `paresFilter` ("EURUSD, GBPUSD;USDJPY"), normalized; empty = every asset. */
export function assetsOf(filter: string): Set<string> {
  return new Set(
    filter
      .split(/[\s,;]+/)
      .map((a) => a.trim())
      .filter((a) => a !== '')
      .map(normalizeAsset),
  );
}

/**
 * The colour of the last closed candle before `atMs` on the paper price path (the product's only
 * price source): 'green', 'red' or 'flat'.
 */
export function lastCandle(
  asset: string,
  atMs: number,
  timeframeMin: number,
): 'green' | 'red' | 'flat' {
  const tf = timeframeMin * 60_000;
  const close = Math.floor(atMs / tf) * tf;
  const a = paperPricePoints(PAPER_SEED, asset, close - tf);
  const b = paperPricePoints(PAPER_SEED, asset, close);
  return b > a ? 'green' : b < a ? 'red' : 'flat';
}

/**
 * Whether a trader's order passes the trader's own copy settings (SPEC §3 "Trader info"); null
 * = copy it, else the reason it is not offered to followers at all.
 */
export function traderFilter(
  s: Selectable<CopyTraderSettingsTable>,
  order: Pick<
    OrderRow,
    'asset' | 'direction' | 'stake_cents' | 'broker_id' | 'send_at' | 'expires_at'
  >,
): string | null {
  if (!fromDbBool(s.copy_trader_en)) return 'disabled';
  if (s.broker_id > 0 && s.broker_id !== order.broker_id) return 'broker';
  const tf = timeframeMinOf(order);
  if (s.timeframe > 0 && Math.round(s.timeframe) !== tf) return 'timeframe';
  const assets = assetsOf(s.pares_filter);
  if (assets.size > 0 && !assets.has(normalizeAsset(order.asset))) return 'asset';
  if (s.stake_min > 0 && Number(order.stake_cents) < Math.round(s.stake_min * 100)) return 'stake';
  if (s.candle_color === 1 || s.candle_color === 2) {
    const colour = lastCandle(order.asset, order.send_at, tf);
    if (colour === 'flat') return 'candle';
    const withTrend = (colour === 'green') === (order.direction === 'CALL');
    if ((s.candle_color === 2) !== withTrend) return 'candle';
  }
  return null;
}

interface FollowerRow {
  followId: number;
  botId: number;
  currentBroker: number;
  accType: number;
  traderEna: boolean;
  acptdemo: boolean;
  maxTrades: number;
  signalType: number;
  delaysig: number;
  brokerId: number;
  minStake: number;
  maxStake: number;
  lote: number;
  loteType: number;
  anticipation: number;
  expCopy: number;
}

/**
 * Every accepted follower of trader bot `traderBotId` for `product`, with what the plan needs
 * (its account type and broker, the orders it copied from this trader today). Expired ones are
 * included: the plan skips them with `expired`, so the follower sees why it missed the copy.
 * The one query of a trader's accepted followers (the copy-trader module's tests read it too).
 */
export async function acceptedFollowersForFanOut(
  db: Kysely<Database>,
  traderBotId: number,
  product: CopyProduct,
  now: number,
): Promise<{ rows: FollowerRow[]; today: Map<number, number> }> {
  const found = await db
    .selectFrom('copy_follows as f')
    .innerJoin('bots as b', 'b.id', 'f.follower_bot_id')
    .leftJoin('global_params as g', (j) =>
      j.onRef('g.bot_id', '=', 'b.id').onRef('g.broker_id', '=', 'b.current_broker'),
    )
    .select([
      'f.id as followId',
      'b.id as botId',
      'b.current_broker as currentBroker',
      'g.acc_type as accType',
      'f.trader_ena as traderEna',
      'f.acptdemo',
      'f.max_trades as maxTrades',
      'f.signal_type as signalType',
      'f.delaysig',
      'f.broker_id as brokerId',
      'f.min_stake as minStake',
      'f.max_stake as maxStake',
      'f.lote',
      'f.lote_type as loteType',
      'f.anticipation',
      'f.exp_copy as expCopy',
    ])
    .where('f.trader_bot_id', '=', traderBotId)
    .where('f.product', '=', product)
    .where('f.state', '=', 'accepted')
    .orderBy('f.id')
    .execute();
  const counts = await db
    .selectFrom('orders')
    .select(['bot_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('copy_trader_bot_id', '=', traderBotId)
    .where('copy_product', '=', product)
    .where('created_at', '>=', utcDayStart(now))
    .where('state', '!=', 'failed')
    .groupBy('bot_id')
    .execute();
  const today = new Map<number, number>();
  for (const c of counts) today.set(Number(c.bot_id), Number(c.n));
  const rows = found.map((r) => ({
    followId: Number(r.followId),
    botId: Number(r.botId),
    currentBroker: Number(r.currentBroker),
    accType: r.accType === null ? 1 : Number(r.accType),
    traderEna: Boolean(r.traderEna),
    acptdemo: Boolean(r.acptdemo),
    maxTrades: Number(r.maxTrades),
    signalType: Number(r.signalType),
    delaysig: Number(r.delaysig),
    brokerId: Number(r.brokerId),
    minStake: Number(r.minStake),
    maxStake: Number(r.maxStake),
    lote: Number(r.lote),
    loteType: Number(r.loteType),
    anticipation: Number(r.anticipation),
    expCopy: Number(r.expCopy),
  }));
  return { rows, today };
}

/** What one fan-out wrote. */
export interface FanOutReport {
  product: CopyProduct;
  fanoutId: number;
  followers: number;
  planned: number;
  skipped: number;
}

async function writeFanOut(
  trx: Kysely<Database>,
  order: OrderRow,
  product: CopyProduct,
  atMs: number,
  now: number,
  followers: FollowerRow[],
  decisions: FanOutDecision[],
): Promise<FanOutReport | null> {
  const planned = decisions.filter((d) => d.kind === 'order').length;
  const fanout = await trx
    .insertInto('copy_fanouts')
    .values({
      trader_bot_id: order.bot_id,
      trader_order_id: order.id,
      product,
      asset: order.asset,
      direction: order.direction,
      stake_cents: Number(order.stake_cents),
      account_type: order.account_type,
      order_at: atMs,
      followers: followers.length,
      planned,
      skipped: followers.length - planned,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['trader_order_id', 'product']).doNothing())
    .returning('id')
    .executeTakeFirst();
  // Already fanned out (a reconcile confirmed the order again): never twice.
  if (!fanout) return null;
  const durationMs = Math.max(MIN_DURATION_MS, order.expires_at - order.send_at);
  const ref = copyClientRef(product, order.id);
  const orders: Record<string, unknown>[] = [];
  const skips: { fanout_id: number; follower_bot_id: number; reason: string }[] = [];
  for (const d of decisions) {
    const f = followers[d.index] as FollowerRow;
    if (d.kind === 'skip') {
      skips.push({ fanout_id: fanout.id, follower_bot_id: f.botId, reason: d.reason });
      continue;
    }
    orders.push({
      bot_id: f.botId,
      client_ref: ref,
      session_ref: ref,
      gale_level: 0,
      broker_id: f.currentBroker,
      account_type: f.accType,
      asset: d.order.asset,
      direction: d.order.direction,
      stake_cents: d.order.stakeCents,
      payout_pct: 0,
      state: 'placed',
      send_at: d.order.sendAtMs,
      expires_at: d.order.sendAtMs + durationMs,
      created_at: now,
      copy_of: order.id,
      copy_product: product,
      copy_trader_bot_id: order.bot_id,
    });
  }
  // One statement, one parameter: the idempotency key (bot, client ref) keeps one copy per
  // follower and trader order whatever runs twice.
  if (orders.length > 0) {
    await insertJsonRows(
      trx,
      'orders',
      COPY_COLUMNS,
      orders,
      sql`on conflict (bot_id, client_ref) do nothing`,
    ).execute(trx);
  }
  for (let i = 0; i < skips.length; i += CHUNK * 4) {
    await trx
      .insertInto('copy_skips')
      .values(skips.slice(i, i + CHUNK * 4))
      .onConflict((oc) => oc.columns(['fanout_id', 'follower_bot_id']).doNothing())
      .execute();
  }
  return {
    product,
    fanoutId: fanout.id,
    followers: followers.length,
    planned,
    skipped: skips.length,
  };
}

async function copyFanOut(
  trx: Kysely<Database>,
  order: OrderRow,
  now: number,
): Promise<FanOutReport | null> {
  const settings = await trx
    .selectFrom('copy_trader_settings')
    .selectAll()
    .where('bot_id', '=', order.bot_id)
    .executeTakeFirst();
  if (!settings || traderFilter(settings, order) !== null) return null;
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
      account: order.account_type as 1 | 2 | 3,
      brokerId: order.broker_id as never,
      signalType: (settings.signal_type || 7) as never,
      atMs,
    },
    followers,
  );
  return writeFanOut(trx, order, 'copy', atMs, now, rows, decisions);
}

async function metaFanOut(
  trx: Kysely<Database>,
  order: OrderRow,
  now: number,
): Promise<FanOutReport | null> {
  // The trader's record for this order: enabled, on the order's broker (0 = any), first by id.
  const record = await trx
    .selectFrom('meta_trader_records')
    .selectAll()
    .where('bot_id', '=', order.bot_id)
    .where('trader_ena', '=', true)
    .where((eb) => eb.or([eb('broker_id', '=', 0), eb('broker_id', '=', order.broker_id)]))
    .orderBy('traderid')
    .executeTakeFirst();
  if (!record) return null;
  if (record.max_trades > 0) {
    const done = await trx
      .selectFrom('copy_fanouts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('trader_bot_id', '=', order.bot_id)
      .where('product', '=', 'meta')
      .where('created_at', '>=', utcDayStart(now))
      .executeTakeFirstOrThrow();
    if (Number(done.n) >= record.max_trades) return null;
  }
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
  return writeFanOut(trx, order, 'meta', atMs, now, rows, decisions);
}

/**
 * The channel card's *Enviar ao trader* (`send2trader`, SPEC §3) picks which channels' orders a
 * trader sends to its followers: once any card of the trader bot has it on, only orders from
 * those channels (and orders with no channel: by hand) are copied; while none has, every order
 * is (the copy-trader switch alone decides). decisions.md "send2Trader".
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
 * Fans a trader's order out to its followers, inside the transaction that confirms the order
 * (so a confirmed order and its copies' outbox rows commit together, or neither). Copy trading
 * and MetaCopy each plan independently; a copy is never copied again (no chains).
 */
export async function fanOutOrder(
  trx: Kysely<Database>,
  order: OrderRow,
  now: number,
): Promise<FanOutReport[]> {
  if (order.copy_of !== null && order.copy_of !== undefined) return [];
  if (!(await channelGoesToFollowers(trx, order))) return [];
  const out: FanOutReport[] = [];
  const copy = await copyFanOut(trx, order, now);
  if (copy) out.push(copy);
  const meta = await metaFanOut(trx, order, now);
  if (meta) out.push(meta);
  return out;
}
