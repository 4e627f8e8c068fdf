import type { AccountType } from '@app/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

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

/** The ledger as a network adapter of one bot reads it (orders by client ref). */
export function ledgerOf(db: Kysely<Database>, botId: number): LedgerView {
  return {
    async order(clientRef) {
      const o = await db
        .selectFrom('orders')
        .select([
          'broker_order_id',
          'asset',
          'direction',
          'stake_cents',
          'payout_pct',
          'account_type',
          'attempted_at',
          'send_at',
        ])
        .where('bot_id', '=', botId)
        .where('client_ref', '=', clientRef)
        .executeTakeFirst();
      if (!o) return null;
      return {
        brokerOrderId: o.broker_order_id,
        asset: o.asset,
        direction: o.direction,
        stakeCents: Number(o.stake_cents),
        payout: o.payout_pct / 100,
        account: o.account_type as AccountType,
        attemptedAtMs: o.attempted_at,
        sendAtMs: o.send_at,
      };
    },
    async claimed(contractId, clientRef) {
      const other = await db
        .selectFrom('orders')
        .select('id')
        .where('bot_id', '=', botId)
        .where('broker_order_id', '=', contractId)
        .where('client_ref', '<>', clientRef)
        .executeTakeFirst();
      return other !== undefined;
    },
  };
}
