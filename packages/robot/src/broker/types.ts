import type { AccountType } from '@app/contract';
import type { Cents } from '../money/cents.ts';

/** Direction of a binary option: CALL wins when the price rises, PUT when it falls. */
export type OrderDirection = 'CALL' | 'PUT';

/** Outcome of a settled order, from its realised P&L (ROBOT.md §0). */
export type OrderOutcome = 'WIN' | 'LOSS' | 'DRAW';

/** A value now (paper broker) or later (network adapters): callers always `await` it. */
export type Awaitable<T> = T | Promise<T>;

/** What the robot asks a broker to open. Instants are Unix milliseconds, amounts integer cents. */
export interface OrderRequest {
  asset: string;
  direction: OrderDirection;
  stakeCents: Cents;
  account: AccountType;
  /** Instant the option opens (the entry price is read here). */
  openAtMs: number;
  /** Instant the option expires (the exit price is read here). */
  expiresAtMs: number;
}

/** An order the broker accepted; the stake is already debited and the payout locked. */
export interface OpenOrder extends OrderRequest {
  id: string;
  /** Payout fraction locked when the order opened (0.87 = 87 %). */
  payout: number;
}

/** Why a broker refused an order. */
export type PlaceOrderError =
  | 'invalid_stake'
  | 'stake_below_min'
  | 'stake_above_max'
  | 'insufficient_balance'
  | 'invalid_times';

export type PlaceOrderResult =
  { ok: true; order: OpenOrder; balanceCents: Cents } | { ok: false; error: PlaceOrderError };

/** A settled order: the price at both instants and what it paid. */
export interface Settlement {
  orderId: string;
  outcome: OrderOutcome;
  /** Realised P&L: `+stake·payout` (half up) on a win, `0` on a draw, `−stake` on a loss. */
  pnlCents: Cents;
  /** Prices in points (1 point = 0.00001 of the quote). */
  entryPricePoints: number;
  exitPricePoints: number;
  /** Balance of the order's account after the settlement. */
  balanceCents: Cents;
}

/** Why a settlement could not happen (yet). */
export type SettleError = 'unknown_order' | 'not_expired' | 'already_settled';

export type SettleResult = { ok: true; settlement: Settlement } | { ok: false; error: SettleError };

/**
 * What the robot needs from any broker (DESIGN §7). The paper broker answers synchronously; a
 * network adapter returns promises, so callers await every call.
 */
export interface Broker {
  /** Opens an order, or says why not. */
  placeOrder(request: OrderRequest): Awaitable<PlaceOrderResult>;
  /** Settles an open order at `atMs` (Unix ms, not before its expiry). */
  settle(orderId: string, atMs: number): Awaitable<SettleResult>;
  /** Balance of one account in cents. */
  balance(account: AccountType): Awaitable<Cents>;
  /** Current payout fraction for an asset (0.87 = 87 %). */
  payout(asset: string): Awaitable<number>;
}
