import type {
  CopyProduct,
  FollowState,
  MetaFollowSetting,
  MetaTraderRecord,
  TraderFollow,
  TraderInfo,
} from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import { fromDbBool } from '../../db/dialect.ts';
import type { CopyTraderSettingsTable, Database } from '../../db/schema.ts';
import { botRef } from '../../reader/copy-rooms.ts';

/**
 * Storage of both copy products: the trader side of copy trading, MetaCopy trader
 * records, and the follow relationships (`copy_follows`, one row per product, follower bot and
 * trader bot) with the follower's settings and the expiry the trader sets. Only the queries; the
 * rules live in the services and who may touch a relationship in the contract's `relation`.
 */

type Db = Kysely<Database>;

/** Signal type a new relationship starts with: 7 (end of candle), offered by every copy card. */
const DEFAULT_SIGNAL_TYPE = 7;

/** The bot an id names (`botRef`): its holder, else its only claim; none while contested. */
export async function findBotIdByUserid(db: Db, userid: string): Promise<number | undefined> {
  return (await botRef(db, userid))?.id;
}

// ---- Trader side of copy trading (SPEC §3 "Trader info") ----

export function findTraderSettings(
  db: Db,
  botId: number,
): Promise<Selectable<CopyTraderSettingsTable> | undefined> {
  return db
    .selectFrom('copy_trader_settings')
    .selectAll()
    .where('bot_id', '=', botId)
    .executeTakeFirst();
}

export async function saveTraderSettings(
  db: Db,
  botId: number,
  info: TraderInfo,
  now: number,
): Promise<void> {
  const columns = {
    copy_trader_en: info.copyTraderEn,
    signal_type: info.signalType,
    delaysig: info.delaysig,
    broker_id: info.brokerID,
    candle_color: info.candleColor,
    timeframe: info.timeframe,
    pares_filter: info.paresFilter,
    stake_min: info.stakeMin,
    updated_at: now,
  };
  await db
    .insertInto('copy_trader_settings')
    .values({ bot_id: botId, ...columns })
    .onConflict((oc) => oc.column('bot_id').doUpdateSet(columns))
    .execute();
}

// ---- MetaCopy trader records (SPEC §3 "Meta trader record") ----

export async function listMetaRecords(
  db: Db,
  botId: number,
): Promise<Omit<MetaTraderRecord, 'userid'>[]> {
  const rows = await db
    .selectFrom('meta_trader_records')
    .selectAll()
    .where('bot_id', '=', botId)
    .orderBy('traderid')
    .execute();
  return rows.map((r) => ({
    traderid: r.traderid,
    traderEna: fromDbBool(r.trader_ena),
    maxTrades: r.max_trades,
    signalType: r.signal_type as MetaTraderRecord['signalType'],
    delaysig: r.delaysig,
    brokerID: r.broker_id as MetaTraderRecord['brokerID'],
    anticipation: r.anticipation,
  }));
}

export async function saveMetaRecord(
  db: Db,
  botId: number,
  record: MetaTraderRecord,
  now: number,
): Promise<void> {
  const columns = {
    trader_ena: record.traderEna,
    max_trades: record.maxTrades,
    signal_type: record.signalType,
    delaysig: record.delaysig,
    broker_id: record.brokerID,
    anticipation: record.anticipation,
    updated_at: now,
  };
  await db
    .insertInto('meta_trader_records')
    .values({ bot_id: botId, traderid: record.traderid, ...columns })
    .onConflict((oc) => oc.columns(['bot_id', 'traderid']).doUpdateSet(columns))
    .execute();
}

// ---- Follow relationships ----

/**
 * Creates a pending request; false when the pair already has a relationship of that product (in
 * any state), which the unique index (product, follower, trader) decides, race-free.
 */
export async function createFollowRequest(
  db: Db,
  req: {
    product: CopyProduct;
    followerBotId: number;
    traderBotId: number;
    name: string;
    now: number;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('copy_follows')
    .values({
      product: req.product,
      follower_bot_id: req.followerBotId,
      trader_bot_id: req.traderBotId,
      state: 'pending',
      follower_name: req.name,
      requested_at: req.now,
      signal_type: DEFAULT_SIGNAL_TYPE,
      updated_at: req.now,
    })
    .onConflict((oc) => oc.columns(['product', 'follower_bot_id', 'trader_bot_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Pending requests to follow the trader's bot, both products, oldest first. */
export function incomingRequests(db: Db, traderBotId: number) {
  return db
    .selectFrom('copy_follows as f')
    .innerJoin('bots as b', 'b.id', 'f.follower_bot_id')
    .select(['b.userid as id', 'f.follower_name as name', 'f.product', 'f.requested_at'])
    .where('f.trader_bot_id', '=', traderBotId)
    .where('f.state', '=', 'pending')
    .orderBy('f.requested_at')
    .orderBy('f.id')
    .execute();
}

/** The follower bot's follows and requests, both products, newest first. */
export function ownFollows(db: Db, followerBotId: number) {
  return db
    .selectFrom('copy_follows as f')
    .innerJoin('bots as b', 'b.id', 'f.trader_bot_id')
    .select([
      'b.userid as traderid',
      'f.product',
      'f.state',
      'f.exp_copy',
      'f.requested_at',
      'f.decided_at',
    ])
    .where('f.follower_bot_id', '=', followerBotId)
    .orderBy('f.requested_at', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
}

/** Moves a pending request to accepted or refused; false when it was no longer pending. */
export async function decideRequest(
  db: Db,
  followId: number,
  state: Exclude<FollowState, 'pending'>,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('copy_follows')
    .set({ state, decided_at: now, updated_at: now })
    .where('id', '=', followId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteFollows(db: Db, followIds: readonly number[]): Promise<void> {
  if (followIds.length === 0) return;
  await db
    .deleteFrom('copy_follows')
    .where('id', 'in', [...followIds])
    .execute();
}

export async function setExpiry(
  db: Db,
  followIds: readonly number[],
  expCopy: number,
  now: number,
): Promise<void> {
  if (followIds.length === 0) return;
  await db
    .updateTable('copy_follows')
    .set({ exp_copy: expCopy, updated_at: now })
    .where('id', 'in', [...followIds])
    .execute();
}

export function findFollow(db: Db, followId: number) {
  return db
    .selectFrom('copy_follows as f')
    .innerJoin('bots as b', 'b.id', 'f.follower_bot_id')
    .select(['b.userid as followerUserid', 'f.exp_copy'])
    .where('f.id', '=', followId)
    .executeTakeFirst();
}

/** A trader's accepted followers of one product (name, id, expiry: nothing else), oldest first. */
export function acceptedFollowerCards(db: Db, traderBotId: number, product: CopyProduct) {
  return db
    .selectFrom('copy_follows as f')
    .innerJoin('bots as b', 'b.id', 'f.follower_bot_id')
    .select(['f.follower_name as name', 'b.userid as id', 'f.exp_copy as expCopy'])
    .where('f.trader_bot_id', '=', traderBotId)
    .where('f.product', '=', product)
    .where('f.state', '=', 'accepted')
    .orderBy('f.decided_at')
    .orderBy('f.id')
    .execute();
}

/** The follower's relationships of one product that have settings to edit (pending or accepted). */
function followedRows(db: Db, followerBotId: number, product: CopyProduct) {
  return db
    .selectFrom('copy_follows as f')
    .innerJoin('bots as b', 'b.id', 'f.trader_bot_id')
    .selectAll('f')
    .select('b.userid as traderUserid')
    .where('f.follower_bot_id', '=', followerBotId)
    .where('f.product', '=', product)
    .where('f.state', 'in', ['pending', 'accepted'])
    .orderBy('f.requested_at')
    .orderBy('f.id')
    .execute();
}

/** The follower's copy-trader cards (SPEC §3 "Trader save"), one per followed trader. */
export async function copyFollowCards(
  db: Db,
  follower: { id: number; userid: string },
): Promise<TraderFollow[]> {
  const rows = await followedRows(db, follower.id, 'copy');
  return rows.map((r) => ({
    traderEna: fromDbBool(r.trader_ena),
    acptdemo: fromDbBool(r.acptdemo),
    traderID: r.traderUserid,
    maxTrades: r.max_trades,
    signalType: r.signal_type as TraderFollow['signalType'],
    delaysig: r.delaysig,
    brokerID: r.broker_id as TraderFollow['brokerID'],
    minStake: r.min_stake,
    maxStake: r.max_stake,
    lote: r.lote,
    loteType: r.lote_type as TraderFollow['loteType'],
    userid: follower.userid,
  }));
}

/** The follower's MetaCopy cards (SPEC §3 "Meta follower setting"), one per followed trader. */
export async function metaFollowCards(
  db: Db,
  follower: { id: number; userid: string },
): Promise<MetaFollowSetting[]> {
  const rows = await followedRows(db, follower.id, 'meta');
  return rows.map((r) => ({
    traderEna: fromDbBool(r.trader_ena),
    traderid: r.traderUserid,
    maxTrades: r.max_trades,
    signalType: r.signal_type as MetaFollowSetting['signalType'],
    delaysig: r.delaysig,
    brokerID: r.broker_id as MetaFollowSetting['brokerID'],
    anticipation: r.anticipation,
    lote: r.lote,
    userid: follower.userid,
  }));
}

export async function saveCopyFollowSettings(
  db: Db,
  followId: number,
  s: TraderFollow,
  now: number,
): Promise<void> {
  await db
    .updateTable('copy_follows')
    .set({
      trader_ena: s.traderEna,
      acptdemo: s.acptdemo,
      max_trades: s.maxTrades,
      signal_type: s.signalType,
      delaysig: s.delaysig,
      broker_id: s.brokerID,
      min_stake: s.minStake,
      max_stake: s.maxStake,
      lote: s.lote,
      lote_type: s.loteType,
      updated_at: now,
    })
    .where('id', '=', followId)
    .execute();
}

export async function saveMetaFollowSettings(
  db: Db,
  followId: number,
  s: MetaFollowSetting,
  now: number,
): Promise<void> {
  await db
    .updateTable('copy_follows')
    .set({
      trader_ena: s.traderEna,
      max_trades: s.maxTrades,
      signal_type: s.signalType,
      delaysig: s.delaysig,
      broker_id: s.brokerID,
      anticipation: s.anticipation,
      lote: s.lote,
      updated_at: now,
    })
    .where('id', '=', followId)
    .execute();
}

/** Whether an expiry (Unix seconds, 0 or less = none) has passed at `nowMs`. */
export function isExpired(expCopy: number, nowMs: number): boolean {
  return expCopy > 0 && expCopy * 1000 <= nowMs;
}
