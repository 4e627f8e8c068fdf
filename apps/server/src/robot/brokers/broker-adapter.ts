import type { AccountType, OrderFailReason } from '@app/contract';
import type { Cents, OrderDirection } from '@app/robot';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * How late after its planned instant an order may still be sent (the runtime's late tolerance):
 * an adapter retrying a buy (a moved price) stops trying past it.
 */
export const ENTRY_LATE_TOLERANCE_MS = 5_000;

/** What the runtime asks a broker to open; `clientRef` is the ledger's idempotency key. */
export interface PlaceRequest {
  clientRef: string;
  asset: string;
  direction: OrderDirection;
  stakeCents: Cents;
  account: AccountType;
  timeframeMin: number;
  openAtMs: number;
  expiresAtMs: number;
  /** The planned send instant (the entry's time); the late tolerance counts from it. */
  sendAtMs?: number;
}

export type PlaceAnswer =
  | { ok: true; brokerOrderId: string; payout: number; balanceCents: Cents | null }
  /** `error` is translated as `robot.order.<error>` (ORDER_FAIL_REASONS in the contract). */
  | {
      ok: false;
      error: OrderFailReason;
      /** The broker's own word on the refusal (its error code), for the feed. */
      brokerRef?: string;
    };

/**
 * The prices a paper order was settled at and where they came from: a market source (`deriv`…)
 * or `simulated` (the seeded walk, shown as "preço simulado").
 */
export interface SettledPrices {
  source: string;
  entryPrice: number | null;
  exitPrice: number | null;
}

/** Where an order stands at the broker. */
export type OrderStatus =
  | { status: 'missing' }
  | { status: 'open'; brokerOrderId: string }
  | {
      status: 'settled';
      brokerOrderId: string;
      pnlCents: Cents;
      balanceCents: Cents | null;
      /** The paper broker's prices and their source; network brokers settle at their own. */
      prices?: SettledPrices;
    };

/** The broker's own word on an account: its type and balance, read before real money moves. */
export type AccountCheck =
  | { ok: true; real: boolean; balanceCents: Cents; currency: string }
  | {
      ok: false;
      error: OrderFailReason;
      /** The broker's own word on the refusal (its error code), for the feed. */
      brokerRef?: string;
    };

/**
 * One bot's broker (DESIGN §7.1 "connectors are adapters"): the paper broker by default, Deriv
 * when the bot's broker is Deriv and a token is stored. Every call may fail or time out: the
 * runtime fails that order with a reason, never blocks another bot.
 */
export interface BrokerAdapter {
  readonly name: string;
  balance(account: AccountType): Promise<Cents>;
  /** Payout fraction (0.87) for the asset and timeframe now. */
  payout(asset: string, timeframeMin: number): Promise<number>;
  /** Opens the order; placing the same `clientRef` twice returns the first order. */
  placeOrder(request: PlaceRequest): Promise<PlaceAnswer>;
  /** The order with this client ref (reconciliation after a crash) and its result once settled. */
  lookup(clientRef: string, atMs: number): Promise<OrderStatus>;
  /** Releases connections (network adapters). */
  close?(): Promise<void>;
  /**
   * Reads the account's type (real or not) and balance from the broker itself. Network brokers
   * give it; the runtime asks before the first real order of a session and refuses on a
   * mismatch. Absent: the broker holds no real money (paper).
   */
  checkAccount?(account: AccountType): Promise<AccountCheck>;
  /**
   * Whether the broker offers this asset and timeframe at `atMs`: null, or why not
   * (`notOffered`, `marketClosed`, …). Asked when a signal is decided, before its entry time.
   */
  offered?(asset: string, timeframeMin: number, atMs: number): Promise<OrderFailReason | null>;
  /** True for a broker that moves no real money (the paper broker): the panel says "Simulator". */
  readonly simulator?: boolean;
}

/**
 * Places many bots' orders in one call (the copy fan-out of one trader order): one answer per
 * item, in order, with the same meaning as `placeOrder`. A broker gives one of the two methods.
 */
export interface BatchBroker {
  /** A remote broker's batch call (idempotent by client ref). */
  placeMany?(items: readonly { botId: number; request: PlaceRequest }[]): Promise<PlaceAnswer[]>;
  /**
   * A broker kept in our own database (paper) places in the CALLER's transaction, so its orders
   * and the ledger's answers commit together or not at all (no remote call: no time-out, and no
   * "placed at the broker but not in the ledger" state to reconcile). Remote brokers leave it out.
   */
  placeManyIn?(
    trx: Kysely<Database>,
    items: readonly { botId: number; request: PlaceRequest }[],
  ): Promise<PlaceAnswer[]>;
  /**
   * The same broker's `lookup` for many bots' client refs in one query on `db`, one status per
   * item, in order: a broker in our own database answers from it, with no time-out to race.
   */
  lookupManyIn?(
    db: Kysely<Database>,
    items: readonly { botId: number; clientRef: string }[],
  ): Promise<OrderStatus[]>;
  /**
   * The bots' own orders placed in the CALLER's transaction as the per-bot adapter's
   * `placeOrder` places each (the paper broker: a `paper_orders` row per order), one answer per
   * item in order (orders/send-batch.ts).
   */
  placeOwnIn?(
    trx: Kysely<Database>,
    items: readonly { botId: number; request: PlaceRequest }[],
  ): Promise<PlaceAnswer[]>;
}

/** What a broker is asked to place for a ledger row (the bot's own order or a copy). */
export function placeRequestOf(
  o: {
    client_ref: string;
    asset: string;
    direction: 'CALL' | 'PUT';
    stake_cents: number | string;
    account_type: number;
    send_at: number;
    expires_at: number;
  },
  now: number,
): PlaceRequest {
  return {
    clientRef: o.client_ref,
    asset: o.asset,
    direction: o.direction,
    stakeCents: Number(o.stake_cents),
    account: o.account_type as AccountType,
    timeframeMin: Math.max(1, Math.round((o.expires_at - o.send_at) / 60_000)),
    openAtMs: Math.max(now, o.send_at),
    expiresAtMs: o.expires_at,
    sendAtMs: o.send_at,
  };
}
