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
import { compactJsonRows, selectArrays, type BulkColumns } from '../../db/bulk.ts';
import { fromDbBool } from '../../db/dialect.ts';
import type { CopyTraderSettingsTable, Database, OrdersTable } from '../../db/schema.ts';
import { placeRequestOf, type BatchBroker } from '../brokers/broker-adapter.ts';
import { PAPER_SEED } from '../brokers/paper-broker.ts';
import type { FaultPoint } from '../runtime-deps.ts';
import { insertPlacedCopyLines } from './copy-lines.ts';

/** Rows per INSERT: far below SQLite's and PostgreSQL's bound-parameter limits (~20 columns each). */
export const CHUNK = 500;
/** The shortest expiry a copy gets (a trader order always lasts at least one candle). */
const MIN_DURATION_MS = 60_000;
const DAY_MS = 86_400_000;

type OrderRow = Selectable<OrdersTable>;

/**
 * The columns of a copy's ledger row that differ between followers, sent as one JSON parameter;
 * what every copy of a fan-out shares (client ref, asset, direction, trader, times) is bound once.
 */
const COPY_COLUMNS: BulkColumns = {
  bot_id: 'bigint',
  broker_id: 'integer',
  account_type: 'integer',
  stake_cents: 'bigint',
  payout_pct: 'double precision',
  state: 'text',
  send_at: 'bigint',
  expires_at: 'bigint',
  broker_order_id: 'text',
  fail_reason: 'text',
};

/**
 * A copy's ledger row as the fan-out writes it: the columns that differ between followers (the
 * rest — client ref, asset, direction, trader, instants — is the fan-out's, bound once).
 */
interface CopyOrder {
  bot_id: number;
  broker_id: number;
  account_type: number;
  stake_cents: number;
  payout_pct: number;
  state: 'placed' | 'open' | 'failed';
  send_at: number;
  expires_at: number;
  broker_order_id: string | null;
  fail_reason: string | null;
}

/**
 * The broker that places a follower's copies in the database's own transaction (the paper
 * broker's `placeManyIn`), or null when the follower's broker is remote (Deriv): the runtime's
 * `batchBroker`.
 */
export type InDbPlacer = (botId: number, brokerId: number) => BatchBroker | null;

/** How a fan-out may place copies: the runtime's batch broker, and the crash tests' fault hook. */
export interface FanOutPlacement {
  place?: InDbPlacer | undefined;
  fault?: ((point: FaultPoint) => void) | undefined;
}

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
  // One JSON value for the 10,000 rows of a big trader (db/bulk.ts `selectArrays`).
  const found = await selectArrays(
    db,
    [
      sql`f.id`,
      sql`b.id`,
      sql`b.current_broker`,
      sql`g.acc_type`,
      sql`f.trader_ena`,
      sql`f.acptdemo`,
      sql`f.max_trades`,
      sql`f.signal_type`,
      sql`f.delaysig`,
      sql`f.broker_id`,
      sql`f.min_stake`,
      sql`f.max_stake`,
      sql`f.lote`,
      sql`f.lote_type`,
      sql`f.anticipation`,
      sql`f.exp_copy`,
    ],
    sql`from copy_follows as f
      join bots as b on b.id = f.follower_bot_id
      left join global_params as g on g.bot_id = b.id and g.broker_id = b.current_broker
      where f.trader_bot_id = ${traderBotId} and f.product = ${product} and f.state = 'accepted'`,
  );
  const rows = found
    .map((r) => ({
      followId: Number(r[0]),
      botId: Number(r[1]),
      currentBroker: Number(r[2]),
      accType: r[3] === null ? 1 : Number(r[3]),
      traderEna: Boolean(r[4]),
      acptdemo: Boolean(r[5]),
      maxTrades: Number(r[6]),
      signalType: Number(r[7]),
      delaysig: Number(r[8]),
      brokerId: Number(r[9]),
      minStake: Number(r[10]),
      maxStake: Number(r[11]),
      lote: Number(r[12]),
      loteType: Number(r[13]),
      anticipation: Number(r[14]),
      expCopy: Number(r[15]),
    }))
    .sort((x, y) => x.followId - y.followId);
  // Today's copies count only for followers with a daily limit (most have none).
  const today = new Map<number, number>();
  if (rows.some((r) => r.maxTrades > 0)) {
    const counts = await db
      .selectFrom('orders')
      .select(['bot_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('copy_trader_bot_id', '=', traderBotId)
      .where('copy_product', '=', product)
      .where('created_at', '>=', utcDayStart(now))
      .where('state', '!=', 'failed')
      .groupBy('bot_id')
      .execute();
    for (const c of counts) today.set(Number(c.bot_id), Number(c.n));
  }
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

/**
 * Copies due now whose follower's broker lives in our database (paper) are placed in the
 * fan-out's own transaction (decisions.md "Copies placed in the fan-out"): the broker's orders,
 * the ledger rows (written already open, or failed with the broker's reason) and their feed
 * lines commit with the trader's confirmed order or not at all, so there is no outbox row, no
 * claim and no confirmation to write for them, and nothing to reconcile after a crash. Copies
 * sent later (a delay) or to a remote broker stay `placed` for the dispatcher. Returns how many
 * were placed or refused.
 */
async function placeDueNow(
  trx: Kysely<Database>,
  orders: CopyOrder[],
  shared: { client_ref: string; asset: string; direction: 'CALL' | 'PUT' },
  now: number,
  place: InDbPlacer,
): Promise<number> {
  const groups = new Map<BatchBroker, CopyOrder[]>();
  for (const o of orders) {
    if (o.send_at > now) continue;
    const broker = place(o.bot_id, o.broker_id);
    if (!broker?.placeManyIn) continue;
    const list = groups.get(broker);
    if (list) list.push(o);
    else groups.set(broker, [o]);
  }
  let done = 0;
  for (const [broker, rows] of groups) {
    // Built field by field: spreading `shared` and the row into one object is a V8 slow path
    // (0.1 s for 10,000 rows here).
    const requests = rows.map((o) => ({
      botId: o.bot_id,
      request: placeRequestOf(
        {
          client_ref: shared.client_ref,
          asset: shared.asset,
          direction: shared.direction,
          stake_cents: o.stake_cents,
          account_type: o.account_type,
          send_at: o.send_at,
          expires_at: o.expires_at,
        },
        now,
      ),
    }));
    const answers = await broker.placeManyIn!(trx, requests);
    for (let i = 0; i < rows.length; i += 1) {
      const o = rows[i] as CopyOrder;
      const answer = answers[i];
      if (!answer) continue;
      done += 1;
      if (answer.ok) {
        o.state = 'open';
        o.broker_order_id = answer.brokerOrderId;
        o.payout_pct = Math.round(answer.payout * 10_000) / 100;
      } else {
        o.state = 'failed';
        o.fail_reason = answer.error;
      }
    }
  }
  return done;
}

async function writeFanOut(
  trx: Kysely<Database>,
  order: OrderRow,
  product: CopyProduct,
  atMs: number,
  now: number,
  followers: FollowerRow[],
  decisions: FanOutDecision[],
  placement: FanOutPlacement,
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
  const orders: CopyOrder[] = [];
  const skips: { fanout_id: number; follower_bot_id: number; reason: string }[] = [];
  for (const d of decisions) {
    const f = followers[d.index] as FollowerRow;
    if (d.kind === 'skip') {
      skips.push({ fanout_id: fanout.id, follower_bot_id: f.botId, reason: d.reason });
      continue;
    }
    orders.push({
      bot_id: f.botId,
      broker_id: f.currentBroker,
      account_type: f.accType,
      stake_cents: d.order.stakeCents,
      payout_pct: 0,
      state: 'placed',
      send_at: d.order.sendAtMs,
      expires_at: d.order.sendAtMs + durationMs,
      broker_order_id: null,
      fail_reason: null,
    });
  }
  const shared = { client_ref: ref, asset: order.asset, direction: order.direction };
  const placedNow = placement.place
    ? await placeDueNow(trx, orders, shared, now, placement.place)
    : 0;
  placement.fault?.('mid_fan_out');
  // One statement, one parameter: the idempotency key (bot, client ref) keeps one copy per
  // follower and trader order whatever runs twice. A copy placed now carries its instants
  // (attempted, and confirmed or failed) = now. Its stake was taken above: every row here is
  // new, since the ledger rows of `copy:<order>` are only ever written with the fan-out row
  // inserted just before (a second fan-out of the order stops at that row).
  if (orders.length > 0) {
    const big = (v: number) => sql`cast(${v} as bigint)`;
    const text = (v: string) => sql`cast(${v} as text)`;
    const { from, col } = compactJsonRows(trx, COPY_COLUMNS, orders, ['bot_id']);
    const at = (state: string) => sql`case when ${col('state')} = ${state} then ${big(now)} end`;
    await sql`insert into orders (bot_id, client_ref, session_ref, gale_level, broker_id,
        account_type, asset, direction, stake_cents, payout_pct, state, send_at, expires_at,
        created_at, copy_of, copy_product, copy_trader_bot_id, attempted_at, confirmed_at,
        settled_at, broker_order_id, fail_reason)
      select ${col('bot_id')}, ${text(ref)}, ${text(ref)}, 0, ${col('broker_id')},
        ${col('account_type')}, ${text(order.asset)}, ${text(order.direction)},
        ${col('stake_cents')}, ${col('payout_pct')}, ${col('state')}, ${col('send_at')},
        ${col('expires_at')}, ${big(now)}, ${big(order.id)}, ${text(product)},
        ${big(order.bot_id)}, case when ${col('state')} <> 'placed' then ${big(now)} end,
        ${at('open')}, ${at('failed')}, ${col('broker_order_id')}, ${col('fail_reason')}
      from ${from} as v
      where true on conflict (bot_id, client_ref) do nothing`.execute(trx);
  }
  if (placedNow > 0) await insertPlacedCopyLines(trx, { copyOf: order.id, product, now });
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
  placement: FanOutPlacement,
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
  return writeFanOut(trx, order, 'copy', atMs, now, rows, decisions, placement);
}

async function metaFanOut(
  trx: Kysely<Database>,
  order: OrderRow,
  now: number,
  placement: FanOutPlacement,
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
  return writeFanOut(trx, order, 'meta', atMs, now, rows, decisions, placement);
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
 * and MetaCopy each plan independently; a copy is never copied again (no chains). With
 * `placement.place` (the runtime's batch broker), copies due now on the paper broker are placed
 * in this transaction too (`placeDueNow`); the rest wait for the copy dispatcher.
 */
export async function fanOutOrder(
  trx: Kysely<Database>,
  order: OrderRow,
  now: number,
  placement: FanOutPlacement = {},
): Promise<FanOutReport[]> {
  if (order.copy_of !== null && order.copy_of !== undefined) return [];
  if (!(await channelGoesToFollowers(trx, order))) return [];
  const out: FanOutReport[] = [];
  const copy = await copyFanOut(trx, order, now, placement);
  if (copy) out.push(copy);
  const meta = await metaFanOut(trx, order, now, placement);
  if (meta) out.push(meta);
  return out;
}
