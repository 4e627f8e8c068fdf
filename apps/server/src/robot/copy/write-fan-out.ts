import { type CopyProduct, isReal } from '@app/contract';
import type { FanOutDecision } from '@app/robot';
import { sql, type Kysely, type Selectable } from 'kysely';
import { compactJsonRows, type BulkColumns } from '../../db/bulk.ts';
import type { Database, OrdersTable } from '../../db/schema.ts';
import { placeRequestOf, type BatchBroker } from '../brokers/broker-adapter.ts';
import { payoutPctOf } from '../ledger/ledger.ts';
import type { FaultPoint, RuntimeDeps } from '../runtime-deps.ts';
import { targetKey } from '../brokers/own-adapters.ts';
import { insertPlacedCopyLines } from './copy-lines.ts';
import { CHUNK } from './copy-rows.ts';
import type { FollowerRow } from './followers.ts';

/** The shortest expiry a copy gets (a trader order always lasts at least one candle). */
const MIN_DURATION_MS = 60_000;

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

/**
 * How a fan-out may place copies: the runtime's batch broker, which copies go to the follower's
 * own network adapter instead (left `placed` for the dispatcher), and the crash tests' fault hook.
 */
export interface FanOutPlacement {
  place?: InDbPlacer | undefined;
  own?: RuntimeDeps['ownBroker'];
  fault?: ((point: FaultPoint) => void) | undefined;
}

/** The client ref of a follower's copy: unique per follower bot, so one copy per trader order. */
export function copyClientRef(product: CopyProduct, traderOrderId: number): string {
  return `${product}:${traderOrderId}`;
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
 * fan-out's own transaction (docs/decisions/2026-11-23-copies-placed-in-fan-out.md): the broker's orders,
 * the ledger rows (written already open, or failed with the broker's reason) and their feed
 * lines commit with the fan-out row or not at all, so there is no outbox row, no claim and no
 * confirmation to write for them, and nothing to reconcile after a crash. Copies sent later (a
 * delay) or to a remote broker stay `placed` for the dispatcher. Returns how many were placed or
 * refused.
 */
async function placeDueNow(
  trx: Kysely<Database>,
  orders: CopyOrder[],
  shared: { client_ref: string; asset: string; direction: 'CALL' | 'PUT' },
  now: number,
  { place, own }: { place: InDbPlacer; own: FanOutPlacement['own'] },
): Promise<number> {
  const due = orders.filter((o) => o.send_at <= now);
  // A follower who stored its login at a real-trading broker is sent through its own adapter by
  // the dispatcher (a network call has no place in this transaction).
  const remote = own
    ? await own(
        trx,
        due.map((o) => ({ botId: o.bot_id, brokerId: o.broker_id, account: o.account_type })),
      )
    : new Set<string>();
  const groups = new Map<BatchBroker, CopyOrder[]>();
  let done = 0;
  for (const o of due) {
    if (remote.has(targetKey(o.bot_id, o.broker_id))) continue;
    const broker = place(o.bot_id, o.broker_id);
    if (!broker?.placeManyIn) continue;
    if (isReal(o.account_type)) {
      // A Real copy without the follower's own adapter would be Real on the simulator: refused.
      o.state = 'failed';
      o.fail_reason = 'accountMismatch';
      done += 1;
      continue;
    }
    const list = groups.get(broker);
    if (list) list.push(o);
    else groups.set(broker, [o]);
  }
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
        o.payout_pct = payoutPctOf(answer.payout);
      } else {
        o.state = 'failed';
        o.fail_reason = answer.error;
      }
    }
  }
  return done;
}

/**
 * Writes one product's fan-out of a trader order: its `copy_fanouts` row (unique per trader order
 * and product: a second fan-out stops there), the planned copies into the followers' ledgers
 * (placed now when due now on a broker in our database) and a skip reason per follower left out.
 */
export async function writeFanOut(
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
    ? await placeDueNow(trx, orders, shared, now, { place: placement.place, own: placement.own })
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
