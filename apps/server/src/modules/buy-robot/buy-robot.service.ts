import { randomBytes } from 'node:crypto';
import {
  customPlanPriceCents,
  customSubid,
  ErrorCode,
  METHOD_CURRENCIES,
  Msg,
  PAYMENT_METHODS,
  plansFor,
  PURCHASE_TTL_MS,
  type PayMethodOption,
  type Purchase,
  type PurchaseState,
  type PurchaseStatus,
  type SellerSale,
} from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';
import type { PaymentRegistry } from '../../payments/registry.ts';
import {
  InvalidNotificationError,
  NotificationRetryLaterError,
  type PaymentOutcome,
  type ProviderNotification,
} from '../../payments/provider.ts';
import { accountBots } from '../bots/bots.repository.ts';
import {
  botIdsOf,
  extendExpiry,
  findByProviderRef,
  findPurchase,
  insertPurchase,
  recordNotification,
  setCheckout,
  toStatus,
  touchPurchase,
  transition,
} from './buy-robot.repository.ts';

/** Error keys of the buy screen beyond SPEC §5's; the catalogues hold their texts. */
export const BuyError = {
  methodUnavailable: 'buyRobot.errors.methodUnavailable',
  createBotsFirst: 'buyRobot.errors.createBotsFirst',
  chooseBots: 'buyRobot.errors.chooseBots',
  providerFailed: 'buyRobot.errors.providerFailed',
  /** To a provider only (never shown in the panel): its notification is to be sent again. */
  retryLater: 'buyRobot.errors.retryLater',
} as const;

interface PricedPlan {
  subid: string;
  bots: number;
  days: number;
  amountCents: number;
}

/** The plan and its price, from the contract's catalogue only (the body never carries a price). */
export function pricePurchase(body: Purchase): PricedPlan {
  if (!METHOD_CURRENCIES[body.paymethod].includes(body.coin)) {
    throw new HttpError(400, Msg.buyRobot.currency, { coin: Msg.buyRobot.currency });
  }
  if (body.custom === true) {
    // The rule already checked quantity ≥ 5 and the days options.
    const days = body.days ?? 0;
    return {
      subid: customSubid(body.coin, body.quantity, days),
      bots: body.quantity,
      days,
      amountCents: customPlanPriceCents(body.coin, body.quantity, days),
    };
  }
  const plan = plansFor(body.paymethod, body.coin).find((p) => p.subid === body.subid);
  if (!plan) throw new HttpError(400, Msg.buyRobot.plan, { subid: Msg.buyRobot.plan });
  return { subid: plan.subid, bots: plan.bots, days: plan.days, amountCents: plan.priceCents };
}

/**
 * The bots a plan for `count` bots covers: the ones chosen (distinct, the account's), else the
 * buyer's bot for a one-bot plan, else all the account's bots when it holds exactly `count`.
 * An account with fewer bots must create them first; with more, the trader chooses.
 */
async function coveredBots(
  deps: AppDeps,
  accountId: number,
  buyerUserid: string,
  count: number,
  chosen: readonly string[] | undefined,
): Promise<number[]> {
  const bots = await accountBots(deps.db, accountId);
  if (bots.length < count) {
    throw new HttpError(400, BuyError.createBotsFirst, { bots: BuyError.createBotsFirst });
  }
  if (chosen !== undefined && chosen.length > 0) {
    const unique = [...new Set(chosen)];
    const ids = unique.map((u) => bots.find((b) => b.userid === u)?.id);
    if (unique.length !== count || ids.some((id) => id === undefined)) {
      throw new HttpError(400, BuyError.chooseBots, { bots: BuyError.chooseBots });
    }
    return ids as number[];
  }
  if (count === 1) {
    const buyer = bots.find((b) => b.userid === buyerUserid);
    if (buyer) return [buyer.id];
  }
  if (bots.length === count) return bots.map((b) => b.id);
  throw new HttpError(400, BuyError.chooseBots, { bots: BuyError.chooseBots });
}

/** The seller id is kept only when it is not the buyer's own id (SPEC §4). */
function sellerOf(body: Purchase): string | null {
  const seller = body.sellerid?.trim() ?? '';
  return seller === '' || seller === body.userid ? null : seller;
}

/** A readable line for the provider's checkout ("Robô — 2 bots, 30 dias"). */
function describe(plan: PricedPlan): string {
  return `Robot: ${plan.bots} bot${plan.bots === 1 ? '' : 's'}, ${plan.days} days`;
}

/**
 * `POST /api/buybot`: prices the plan, stores the purchase (waiting) and asks the method's
 * provider for a checkout; answers the link and the purchase id. A provider failure leaves the
 * purchase marked failed (502): nothing waits for a link that never came.
 */
export async function buyRobot(
  deps: AppDeps,
  registry: PaymentRegistry,
  log: FastifyBaseLogger,
  accountId: number,
  body: Purchase,
  baseUrl: string,
): Promise<{ link: string; purchase: string }> {
  const plan = pricePurchase(body);
  const provider = registry.forMethod(body.paymethod);
  if (!provider) {
    throw new HttpError(400, BuyError.methodUnavailable, { paymethod: BuyError.methodUnavailable });
  }
  const botIds = await coveredBots(deps, accountId, body.userid, plan.bots, body.bots);
  const id = randomBytes(16).toString('base64url');
  const now = deps.now();
  await insertPurchase(deps.db, {
    id,
    accountId,
    buyerUserid: body.userid,
    botIds,
    subid: plan.subid,
    bots: plan.bots,
    days: plan.days,
    currency: body.coin,
    amountCents: plan.amountCents,
    paymethod: body.paymethod,
    provider: provider.name,
    sellerId: sellerOf(body),
    now,
  });
  try {
    const checkout = await provider.createCheckout({
      purchaseId: id,
      amountCents: plan.amountCents,
      currency: body.coin,
      description: describe(plan),
      returnUrl: `${baseUrl}/paymentok?purchase=${encodeURIComponent(id)}`,
      notifyUrl: `${baseUrl}/api/payments/${encodeURIComponent(provider.name)}/notify`,
      ...(body.cpf ? { cpf: body.cpf.replace(/\D/g, '') } : {}),
      ...(body.network ? { network: body.network } : {}),
    });
    await setCheckout(deps.db, id, checkout.link, checkout.providerRef, deps.now());
    return { link: checkout.link, purchase: id };
  } catch (err) {
    log.error(
      { provider: provider.name, err: err instanceof Error ? err.message : String(err) },
      'payment checkout failed',
    );
    await transition(deps.db, id, ['waiting'], 'failed', deps.now());
    throw new HttpError(502, BuyError.providerFailed);
  }
}

/** How often a waiting purchase's read asks its provider (a missed notification still lands). */
export const LOOKUP_EVERY_MS = 30_000;

/** Which transitions an outcome may make: paid wins over anything but paid (money was taken). */
const FROM: Record<Exclude<PaymentOutcome, 'waiting'>, readonly PurchaseState[]> = {
  paid: ['waiting', 'failed', 'expired'],
  failed: ['waiting'],
  expired: ['waiting'],
};

export type NotificationResult = 'applied' | 'duplicate' | 'unchanged' | 'unknown';

/**
 * Applies one authentic outcome, in one transaction: the notification is stored (a duplicate
 * event id stops here, changing nothing), the purchase moves, and a purchase that becomes paid
 * extends the expiry of the bots it covers, exactly once.
 */
export async function applyOutcome(
  deps: AppDeps,
  provider: string,
  n: { eventId: string; purchaseId?: string; providerRef?: string; outcome: PaymentOutcome },
): Promise<NotificationResult> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    let purchase = n.purchaseId ? await findPurchase(trx, n.purchaseId) : undefined;
    if (purchase && purchase.provider !== provider) purchase = undefined;
    if (!purchase && n.providerRef)
      purchase = await findByProviderRef(trx, provider, n.providerRef);
    const fresh = await recordNotification(trx, {
      provider,
      eventId: n.eventId,
      purchaseId: purchase?.id ?? null,
      outcome: n.outcome,
      now,
    });
    if (!fresh) return 'duplicate';
    if (!purchase) return 'unknown';
    if (n.outcome === 'waiting') return 'unchanged';
    const moved = await transition(trx, purchase.id, FROM[n.outcome], n.outcome, now);
    if (!moved) return 'unchanged';
    if (n.outcome === 'paid') {
      await extendExpiry(
        trx,
        Number(purchase.account_id),
        botIdsOf(purchase),
        Number(purchase.days),
        Math.floor(now / 1000),
      );
    }
    return 'applied';
  });
}

/**
 * A provider's notification: authenticated by the provider (401 when not authentic, nothing
 * stored), then applied once.
 */
export async function handleNotification(
  deps: AppDeps,
  registry: PaymentRegistry,
  providerName: string,
  n: ProviderNotification,
): Promise<NotificationResult> {
  const provider = registry.byName(providerName);
  if (!provider) throw new HttpError(404, ErrorCode.notFound);
  let parsed;
  try {
    parsed = await provider.parseNotification(n);
  } catch (err) {
    if (err instanceof InvalidNotificationError) {
      throw new HttpError(401, ErrorCode.unauthenticated);
    }
    // The provider's API did not answer the read-back: the provider delivers again later.
    throw new NotificationRetryLaterError(
      provider.name,
      err instanceof Error ? err.message : String(err),
    );
  }
  if (parsed.ignore === true) return 'unknown';
  return applyOutcome(deps, provider.name, parsed);
}

/**
 * A purchase's state by its id. A waiting purchase is first asked of its provider (a missed
 * notification still lands) and is expired once PURCHASE_TTL_MS passed unpaid.
 */
export async function purchaseStatus(
  deps: AppDeps,
  registry: PaymentRegistry,
  log: FastifyBaseLogger,
  id: string,
): Promise<PurchaseStatus> {
  let purchase = await findPurchase(deps.db, id);
  if (!purchase) throw new HttpError(404, ErrorCode.notFound);
  if (purchase.state === 'waiting') {
    const provider = registry.byName(purchase.provider);
    const ref = purchase.provider_ref;
    // The panel polls every few seconds; the provider is asked at most every LOOKUP_EVERY_MS.
    const due = deps.now() - Number(purchase.updated_at) >= LOOKUP_EVERY_MS;
    if (provider && ref && due) {
      try {
        await touchPurchase(deps.db, purchase.id, deps.now());
        const outcome = await provider.lookup(ref);
        if (outcome !== 'waiting') {
          await applyOutcome(deps, provider.name, {
            eventId: `lookup-${ref}-${outcome}`,
            purchaseId: purchase.id,
            outcome,
          });
        }
      } catch (err) {
        log.warn(
          { provider: provider.name, err: err instanceof Error ? err.message : String(err) },
          'payment lookup failed',
        );
      }
    }
    if (deps.now() - Number(purchase.created_at) > PURCHASE_TTL_MS) {
      await transition(deps.db, purchase.id, ['waiting'], 'expired', deps.now());
    }
    purchase = (await findPurchase(deps.db, id)) ?? purchase;
  }
  return toStatus(purchase);
}

export function payMethods(registry: PaymentRegistry): PayMethodOption[] {
  return PAYMENT_METHODS.map((method) => ({
    method,
    available: registry.forMethod(method) !== null,
    currencies: [...METHOD_CURRENCIES[method]],
  }));
}

/** The seller's commission report: paid purchases that named this id as seller, newest first. */
export async function sellerSales(deps: AppDeps, sellerId: string): Promise<SellerSale[]> {
  const rows = await deps.db
    .selectFrom('purchases')
    .select(['paid_at', 'subid', 'bots', 'days', 'amount_cents', 'currency'])
    .where('seller_id', '=', sellerId)
    .where('state', '=', 'paid')
    .orderBy('paid_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    paidAt: Number(r.paid_at),
    subid: r.subid,
    bots: Number(r.bots),
    days: Number(r.days),
    amountCents: Number(r.amount_cents),
    currency: r.currency as SellerSale['currency'],
  }));
}
