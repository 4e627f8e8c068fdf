import type { AccountType } from '@app/contract';

/** What the runtime's ledger knows of an order (a network adapter's memory after a restart). */
export interface LedgerOrder {
  /** The broker's own reference once the runtime recorded it (`orders.broker_order_id`). */
  brokerOrderId: string | null;
  asset: string;
  direction: 'CALL' | 'PUT';
  stakeCents: number;
  /** Payout fraction recorded with the order. */
  payout: number;
  /** The account the order was placed on. */
  account: AccountType;
  /** When the broker call was (or was about to be) made, Unix ms. */
  attemptedAtMs: number | null;
  sendAtMs: number;
}

/**
 * A network adapter's read-only view of one bot's order ledger, for reconciliation by client ref
 * when a buy's answer never came (the broker has no idempotency key of ours).
 */
export interface LedgerView {
  order(clientRef: string): Promise<LedgerOrder | null>;
  /** Whether another order of this bot already holds this broker reference. */
  claimed(brokerOrderId: string, clientRef: string): Promise<boolean>;
}
