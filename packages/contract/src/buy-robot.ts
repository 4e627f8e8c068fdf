import { z } from 'zod';
import { BotIdSchema } from './common.ts';
import { endpoint, ownerBody } from './endpoint.ts';
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
  crypto: ['brl'],
  wallet: ['brl'],
  marketplace: ['brl'],
  instant: ['brl'],
};
export const DEFAULT_CURRENCY: Record<PaymentMethod, Currency> = {
  regional: 'brl',
  card: 'usd',
  crypto: 'brl',
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

/** A purchase (SPEC §3); the server prices it from the catalogue, the client never sends a price. */
export const PurchaseSchema = z.object({
  userid: BotIdSchema,
  subid: z.string().max(32),
  coin: z.enum(CURRENCIES),
  quantity: z.number().int().min(0).max(1000),
  days: z.number().int().optional(),
  sellerid: z.string().max(64).optional(),
  paymethod: z.enum(PAYMENT_METHODS),
  cpf: z.string().max(14).optional(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

export const buyRobotEndpoints = {
  buyBot: endpoint({
    method: 'POST',
    path: '/buybot',
    area: 'buy-robot',
    summary: 'Create a payment link for a plan; the server computes the price.',
    body: PurchaseSchema,
    response: z.object({ link: z.string() }),
    owner: ownerBody,
    rules: checkBuyRobot,
  }),
};
