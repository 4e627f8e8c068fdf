import { groupBySignal } from '@app/robot';
import type { AccountType, TradingOrder } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, OrdersTable } from '../../db/schema.ts';

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** An order row as the trading reads select it: with whether the paper broker holds it. */
export type OrderRow = Selectable<OrdersTable> & { on_paper: unknown };

/**
 * A bot's orders with `on_paper`: the paper broker (the simulator) holds an order of the same
 * bot and client ref, i.e. it was placed there and not at the broker itself.
 */
export function ordersOf(db: Kysely<Database>, botId: number) {
  return db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('paper_orders as p')
            .select('p.id')
            .whereRef('p.bot_id', '=', 'orders.bot_id')
            .whereRef('p.client_ref', '=', 'orders.client_ref'),
        )
        .as('on_paper'),
    )
    .where('orders.bot_id', '=', botId);
}

export function toTradingOrder(
  o: OrderRow,
  names: ReadonlyMap<string, string> = new Map(),
): TradingOrder {
  return {
    id: o.id,
    signalId: o.signal_id === null ? null : Number(o.signal_id),
    channelId: o.channel_id,
    channelName: o.channel_id === null ? null : (names.get(o.channel_id) ?? null),
    asset: o.asset,
    direction: o.direction,
    galeLevel: o.gale_level,
    stakeCents: Number(o.stake_cents),
    payoutPct: o.payout_pct,
    brokerId: o.broker_id,
    accountType: o.account_type as AccountType,
    state: o.state,
    failReason: o.fail_reason,
    sendAt: o.send_at,
    confirmedAt: o.confirmed_at,
    expiresAt: o.expires_at,
    settledAt: o.settled_at,
    pnlCents: o.pnl_cents === null ? null : Number(o.pnl_cents),
    simulator: o.on_paper === true || Number(o.on_paper) === 1,
    priceSource: o.price_source ?? null,
  };
}

/** Start of the trader's day (the reader's time zone) containing `now`, Unix ms. */
export function dayStartMs(now: number, utcOffsetHours: number): number {
  const offset = utcOffsetHours * HOUR_MS;
  return Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
}

/**
 * The orders of the signals whose first order was due at or after `since` (a signal's gales
 * belong to the day its entry was), oldest first. Orders without a signal count on their own.
 */
export async function signalsOrdersSince(
  db: Kysely<Database>,
  botId: number,
  since: number,
  names: ReadonlyMap<string, string>,
): Promise<TradingOrder[]> {
  // A gale is due minutes after its entry: a day before `since` finds every entry of a signal.
  const rows = await ordersOf(db, botId)
    .where('send_at', '>=', since - DAY_MS)
    .orderBy('id')
    .execute();
  return groupBySignal(rows.map((o) => toTradingOrder(o, names)))
    .filter((group) => Math.min(...group.map((o) => o.sendAt)) >= since)
    .flat();
}

/** The bot's channels for a filter list: every named one, and every one its orders name. */
export async function channelOptionsOf(
  db: Kysely<Database>,
  botId: number,
  names: ReadonlyMap<string, string>,
): Promise<{ id: string; name: string | null }[]> {
  const used = await db
    .selectFrom('orders')
    .select('channel_id')
    .distinct()
    .where('bot_id', '=', botId)
    .where('channel_id', 'is not', null)
    .execute();
  const ids = new Set([...names.keys(), ...used.map((u) => u.channel_id ?? '')]);
  ids.delete('');
  return [...ids]
    .map((id) => ({ id, name: names.get(id) ?? null }))
    .sort((a, b) => (a.name ?? a.id).localeCompare(b.name ?? b.id));
}
