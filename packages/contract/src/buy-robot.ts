import { z } from 'zod';
import { BotIdSchema, UseridQuerySchema } from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import { checkBuyRobot, CUSTOM_PLAN_MIN_BOTS } from './rules.ts';

/** Payment methods (SPEC §9), the regional provider first (the default). */
export const PAYMENT_METHODS = [
  'regional',
  'card',
  'crypto',
  'wallet',
  'marketplace',
  'instant',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'regional';

export const CURRENCIES = ['brl', 'usd'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Currencies each method allows: only the card provider offers usd (default usd there). */
export const METHOD_CURRENCIES: Record<PaymentMethod, readonly Currency[]> = {
  regional: ['brl'],
  card: ['brl', 'usd'],
  // SPEC §9 forces brl on every method but the card, and disables the button for crypto with
  // brl: crypto could never be bought. Crypto is priced in USDT (the usd list):
  // docs/decisions/2026-11-23-buying-and-renewing.md.
  crypto: ['usd'],
  wallet: ['brl'],
  marketplace: ['brl'],
  instant: ['brl'],
};
export const DEFAULT_CURRENCY: Record<PaymentMethod, Currency> = {
  regional: 'brl',
  card: 'usd',
  crypto: 'usd',
  wallet: 'brl',
  marketplace: 'brl',
  instant: 'brl',
};
/** Methods that need the buyer's CPF (the regional provider and instant transfer, DESIGN §9). */
export const METHODS_NEEDING_CPF: readonly PaymentMethod[] = ['regional', 'instant'];

/** A plan: bots × days at a price in cents of its list's currency. */
export interface Plan {
  subid: string;
  bots: number;
  days: number;
  priceCents: number;
}

/** The BRL plan list (11 options, SPEC §9). */
export const BRL_PLANS: readonly Plan[] = [
  { subid: 'brl-1-7', bots: 1, days: 7, priceCents: 4000 },
  { subid: 'brl-1-15', bots: 1, days: 15, priceCents: 6000 },
  { subid: 'brl-1-30', bots: 1, days: 30, priceCents: 8000 },
  { subid: 'brl-1-90', bots: 1, days: 90, priceCents: 18000 },
  { subid: 'brl-1-180', bots: 1, days: 180, priceCents: 35000 },
  { subid: 'brl-2-30', bots: 2, days: 30, priceCents: 10000 },
  { subid: 'brl-2-90', bots: 2, days: 90, priceCents: 24000 },
  { subid: 'brl-3-30', bots: 3, days: 30, priceCents: 11000 },
  { subid: 'brl-3-90', bots: 3, days: 90, priceCents: 27000 },
  { subid: 'brl-4-30', bots: 4, days: 30, priceCents: 12000 },
  { subid: 'brl-4-90', bots: 4, days: 90, priceCents: 30000 },
];

/** The USDT/USD plan list (9 options, SPEC §9): crypto, or the card provider in usd. */
export const USD_PLANS: readonly Plan[] = [
  { subid: 'usd-1-30', bots: 1, days: 30, priceCents: 1200 },
  { subid: 'usd-1-90', bots: 1, days: 90, priceCents: 3500 },
  { subid: 'usd-1-180', bots: 1, days: 180, priceCents: 7000 },
  { subid: 'usd-2-30', bots: 2, days: 30, priceCents: 1800 },
  { subid: 'usd-2-90', bots: 2, days: 90, priceCents: 5200 },
  { subid: 'usd-3-30', bots: 3, days: 30, priceCents: 2100 },
  { subid: 'usd-3-90', bots: 3, days: 90, priceCents: 6200 },
  { subid: 'usd-4-30', bots: 4, days: 30, priceCents: 2400 },
  { subid: 'usd-4-90', bots: 4, days: 90, priceCents: 7000 },
];

/** The plan list offered for a method and currency (SPEC §9). */
export function plansFor(method: PaymentMethod, currency: Currency): readonly Plan[] {
  if (method === 'crypto' || (method === 'card' && currency === 'usd')) return USD_PLANS;
  return BRL_PLANS;
}

/** Day options of the custom bot-count plan (SPEC §9). */
export const CUSTOM_PLAN_DAYS = [30, 60, 90, 120] as const;
export { CUSTOM_PLAN_MIN_BOTS };

/**
 * The crypto networks a buyer may pay USDT over (the wrong-network warning, SPEC §2): the one
 * list the `/comprar` select shows and the crypto provider accepts (the server maps each to the
 * provider's currency code, typed so a network added here fails to compile until it is mapped).
 */
export const CRYPTO_NETWORKS = ['trc20', 'erc20', 'bep20'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/**
 * The custom plan's price (not in SPEC): per bot per 30 days, the per-bot price of the
 * list's largest 30-day plan (4 bots: R$120 → R$30, US$24 → US$6), times bots × days / 30.
 * @example customPlanPriceCents('brl', 5, 30) // 15000 (R$150)
 */
export function customPlanPriceCents(currency: Currency, bots: number, days: number): number {
  const list = currency === 'usd' ? USD_PLANS : BRL_PLANS;
  const base = list.filter((p) => p.days === 30).reduce((a, b) => (b.bots > a.bots ? b : a));
  const perBotPer30 = Math.round(base.priceCents / base.bots);
  return Math.round((perBotPer30 * bots * days) / 30);
}

/** The subid of a custom plan as stored with a purchase: `custom-<currency>-<bots>-<days>`. */
export function customSubid(currency: Currency, bots: number, days: number): string {
  return `custom-${currency}-${bots}-${days}`;
}

/**
 * A purchase (SPEC §3); the server prices it from the catalogue, the client never sends a price.
 * `custom` is the custom-plan checkbox (then `quantity` bots for `days`); `bots` are the bot ids
 * the plan covers (as many as the plan's bots; default: the buyer's bot, or the account's bots
 * in creation order when the account has exactly that many).
 */
export const PurchaseSchema = z.object({
  userid: BotIdSchema,
  subid: z.string().max(32),
  coin: z.enum(CURRENCIES),
  quantity: z.number().int().min(0).max(1000),
  days: z.number().int().optional(),
  sellerid: z.string().max(64).optional(),
  paymethod: z.enum(PAYMENT_METHODS),
  cpf: z.string().max(14).optional(),
  custom: z.boolean().optional(),
  network: z.enum(CRYPTO_NETWORKS).optional(),
  bots: z.array(BotIdSchema).max(1000).optional(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

/** A purchase's life: waiting for the payment, then paid, failed or (never paid) expired. */
export const PURCHASE_STATES = ['waiting', 'paid', 'failed', 'expired'] as const;
export type PurchaseState = (typeof PURCHASE_STATES)[number];

/** A waiting purchase not paid within this is shown (and stored) as expired. */
export const PURCHASE_TTL_MS = 24 * 60 * 60 * 1000;
/** How often the buy screen and `/paymentok` ask for a waiting purchase's state. */
export const PURCHASE_POLL_MS = 3000;
/** A new bot's free trial when TRIAL_DAYS is not set: its expiry is creation + this many days. */
export const DEFAULT_TRIAL_DAYS = 7;
/** The home dashboard warns this many days before a bot's expiry. */
export const EXPIRY_WARNING_DAYS = 3;

/** What the buyer (and `/paymentok`, reached by its unguessable id) sees of a purchase. */
export const PurchaseStatusSchema = z.object({
  id: z.string(),
  state: z.enum(PURCHASE_STATES),
  bots: z.number().int(),
  days: z.number().int(),
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
  paymethod: z.enum(PAYMENT_METHODS),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
});
export type PurchaseStatus = z.infer<typeof PurchaseStatusSchema>;

/** Random 128-bit ids in base64url: 22 characters. */
export const PurchaseIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** A payment method as the buy screen offers it: available only when a provider serves it. */
export const PayMethodOptionSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  available: z.boolean(),
  currencies: z.array(z.enum(CURRENCIES)),
});
export type PayMethodOption = z.infer<typeof PayMethodOptionSchema>;

/** One paid purchase credited to a seller (the commission report). */
export const SellerSaleSchema = z.object({
  paidAt: z.number().int(),
  subid: z.string(),
  bots: z.number().int(),
  days: z.number().int(),
  amountCents: z.number().int(),
  currency: z.enum(CURRENCIES),
});
export type SellerSale = z.infer<typeof SellerSaleSchema>;

export const buyRobotEndpoints = {
  buyBot: endpoint({
    method: 'POST',
    path: '/buybot',
    area: 'buy-robot',
    summary:
      'Create a purchase and its payment link for a plan; the server computes the price. Returns the link and the purchase id.',
    body: PurchaseSchema,
    response: z.object({ link: z.string(), purchase: z.string() }),
    owner: ownerBody,
    rules: checkBuyRobot,
  }),
  purchaseStatus: endpoint({
    method: 'GET',
    path: '/purchase',
    area: 'buy-robot',
    summary:
      "A purchase's state, by its unguessable id (the buy screen polls it; /paymentok shows it, also logged out). Not in SPEC §7.",
    query: z.object({ id: PurchaseIdSchema }),
    response: PurchaseStatusSchema,
    owner: null,
  }),
  payMethods: endpoint({
    method: 'GET',
    path: '/paymethods',
    area: 'buy-robot',
    summary:
      'The payment methods, each available or not (a provider is configured for it). Not in SPEC §7.',
    query: UseridQuerySchema,
    response: z.array(PayMethodOptionSchema),
    owner: ownerQuery,
  }),
  sellerSales: endpoint({
    method: 'GET',
    path: '/sellersales',
    area: 'buy-robot',
    summary:
      "Paid purchases whose seller id is this bot's id (the seller's commission report). Not in SPEC §7.",
    query: UseridQuerySchema,
    response: z.array(SellerSaleSchema),
    owner: ownerQuery,
  }),
};
