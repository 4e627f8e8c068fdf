import type { Currency, PaymentMethod, PurchaseState, PurchaseStatus } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import { fromDbJson, toDbJson } from '../../db/dialect.ts';
import type { Database, PurchasesTable } from '../../db/schema.ts';

export const DAY_SEC = 86_400;

export interface NewPurchase {
  id: string;
  accountId: number;
  buyerUserid: string;
  botIds: number[];
  subid: string;
  bots: number;
  days: number;
  currency: Currency;
  amountCents: number;
  paymethod: PaymentMethod;
  provider: string;
  sellerId: string | null;
  now: number;
}

export async function insertPurchase(db: Kysely<Database>, p: NewPurchase): Promise<void> {
  await db
    .insertInto('purchases')
    .values({
      id: p.id,
      account_id: p.accountId,
      buyer_userid: p.buyerUserid,
      bot_ids: toDbJson(p.botIds),
      subid: p.subid,
      bots: p.bots,
      days: p.days,
      currency: p.currency,
      amount_cents: p.amountCents,
      paymethod: p.paymethod,
      provider: p.provider,
      provider_ref: null,
      link: null,
      state: 'waiting',
      seller_id: p.sellerId,
      created_at: p.now,
      paid_at: null,
      updated_at: p.now,
    })
    .execute();
}

export async function setCheckout(
  db: Kysely<Database>,
  id: string,
  link: string,
  providerRef: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('purchases')
    .set({ link, provider_ref: providerRef, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Marks the purchase as just looked at (its provider was asked). */
export async function touchPurchase(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('purchases').set({ updated_at: now }).where('id', '=', id).execute();
}

export async function findPurchase(
  db: Kysely<Database>,
  id: string,
): Promise<PurchasesTable | undefined> {
  return db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findByProviderRef(
  db: Kysely<Database>,
  provider: string,
  ref: string,
): Promise<PurchasesTable | undefined> {
  return db
    .selectFrom('purchases')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
}

/**
 * Moves a purchase from one of `from` to `to`; true when this call made the change. The
 * condition is in the UPDATE itself, so of two racing notifications only one wins.
 */
export async function transition(
  db: Kysely<Database>,
  id: string,
  from: readonly PurchaseState[],
  to: PurchaseState,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('purchases')
    .set({ state: to, updated_at: now, ...(to === 'paid' ? { paid_at: now } : {}) })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Stores a notification; false when the same (provider, event id) was already stored. */
export async function recordNotification(
  db: Kysely<Database>,
  n: { provider: string; eventId: string; purchaseId: string | null; outcome: string; now: number },
): Promise<boolean> {
  const row = await db
    .insertInto('payment_notifications')
    .values({
      provider: n.provider,
      event_id: n.eventId,
      purchase_id: n.purchaseId,
      outcome: n.outcome,
      received_at: n.now,
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Extends each bot's expiry by `days`: from the current expiry when it is still ahead (renewing
 * early loses nothing), else from now. One UPDATE, so it reads and writes the expiry atomically.
 */
export async function extendExpiry(
  db: Kysely<Database>,
  accountId: number,
  botIds: readonly number[],
  days: number,
  nowSec: number,
): Promise<void> {
  if (botIds.length === 0) return;
  const add = days * DAY_SEC;
  await db
    .updateTable('bots')
    .set({
      botexp: sql<number>`case when botexp > ${nowSec} then botexp + ${add} else ${nowSec + add} end`,
    })
    .where('account_id', '=', accountId)
    .where('id', 'in', [...botIds])
    .execute();
}

export function botIdsOf(p: PurchasesTable): number[] {
  return fromDbJson<number[]>(p.bot_ids).map(Number);
}

export function toStatus(p: PurchasesTable): PurchaseStatus {
  return {
    id: p.id,
    state: p.state as PurchaseState,
    bots: Number(p.bots),
    days: Number(p.days),
    amountCents: Number(p.amount_cents),
    currency: p.currency as Currency,
    paymethod: p.paymethod as PaymentMethod,
    createdAt: Number(p.created_at),
    paidAt: p.paid_at === null ? null : Number(p.paid_at),
  };
}
