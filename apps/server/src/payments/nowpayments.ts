import { CRYPTO_NETWORKS, type CryptoNetwork, type PaymentMethod } from '@app/contract';
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  InvalidNotificationError,
  type Checkout,
  type CheckoutRequest,
  type ParsedNotification,
  type PaymentOutcome,
  type PaymentProvider,
  type ProviderNotification,
} from './provider.ts';
import {
  centsToDecimal,
  headerValue,
  jsonBody,
  outcomeEventId,
  textField,
  trimBase,
} from './provider-util.ts';

/**
 * The crypto provider: NOWPayments' REST API called with Node's fetch (its JS SDK pulls axios 0.21,
 * which has known advisories: docs/decisions/2026-11-23-real-payment-providers.md). A checkout is
 * an invoice (`POST /v1/invoice`, x-api-key) priced in our currency and paid in USDT on the network
 * the buyer chose; its invoice_url is the link. An IPN is believed only when `x-nowpayments-sig` is
 * the HMAC-SHA512 of the key-sorted JSON body with the IPN secret (keys sorted at every depth, or
 * the older recipe that drops nested keys: `nowPaymentsLegacySignature`), and a "paid" IPN is confirmed by
 * asking for the payment (`GET /v1/payment/:id`) before anything is extended.
 */
export interface NowPaymentsOptions {
  apiKey: string;
  ipnSecret: string;
  /** API base URL; the real one unless tests or staging point at a fake. */
  apiUrl?: string;
  /**
   * The dashboard account's e-mail and password: optional. Listing the payments of an invoice
   * (`GET /v1/payment/?invoiceId=`) needs a JWT from `POST /v1/auth`; without them `lookup`
   * answers `waiting` and the IPN alone moves a purchase.
   */
  email?: string;
  password?: string;
  /** Request time-out in ms (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const NOWPAYMENTS_DEFAULT_API_URL = 'https://api.nowpayments.io';

/**
 * NOWPayments' currency code of each USDT network the panel offers (`CRYPTO_NETWORKS`, the
 * contract's one list): Tron (TRC-20), Ethereum (ERC-20) and BNB Smart Chain (BEP-20). A record
 * over the contract's type, so a network added there fails to compile until it is mapped here.
 * Paying on another network than the chosen one loses the funds — the screen's warning.
 */
export const USDT_PAY_CURRENCIES = {
  trc20: 'usdttrc20',
  erc20: 'usdterc20',
  bep20: 'usdtbsc',
} as const satisfies Record<CryptoNetwork, string>;
export type UsdtNetwork = (typeof USDT_PAY_CURRENCIES)[CryptoNetwork];
export const USDT_NETWORKS: readonly UsdtNetwork[] = CRYPTO_NETWORKS.map(
  (n) => USDT_PAY_CURRENCIES[n],
);

export function isUsdtNetwork(value: string | undefined): value is UsdtNetwork {
  return (USDT_NETWORKS as readonly string[]).includes(value ?? '');
}

/** Other names a screen may give the same networks (`TRC-20`, `bep20`, `tron`…). */
const NETWORK_ALIASES: Record<string, UsdtNetwork> = {
  tron: 'usdttrc20',
  trx: 'usdttrc20',
  ethereum: 'usdterc20',
  eth: 'usdterc20',
  bsc: 'usdtbsc',
  bnb: 'usdtbsc',
};

/** The NOWPayments pay currency of a chosen network, or undefined when it is not one we take. */
export function usdtPayCurrency(network: string | undefined): UsdtNetwork | undefined {
  const key = (network ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
  if (isUsdtNetwork(key)) return key;
  const bare = key.startsWith('usdt') ? key.slice(4) : key;
  if ((CRYPTO_NETWORKS as readonly string[]).includes(bare)) {
    return USDT_PAY_CURRENCIES[bare as CryptoNetwork];
  }
  return NETWORK_ALIASES[bare];
}

/**
 * NOWPayments payment status → our outcome. `confirmed` (on chain), `sending` (to our wallet)
 * and `finished` are all paid — they share one event id, so the first one extends and the others
 * change nothing. `partially_paid` stays waiting: an operator settles an underpayment by hand.
 */
export function nowPaymentsOutcome(status: string | undefined): PaymentOutcome {
  switch (status) {
    case 'confirmed':
    case 'sending':
    case 'finished':
      return 'paid';
    case 'failed':
    case 'refunded':
      return 'failed';
    case 'expired':
      return 'expired';
    default:
      // waiting, confirming, partially_paid, or unknown.
      return 'waiting';
  }
}

/** Keys sorted at every depth, as NOWPayments serialises the body it signs. */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(obj).sort()) sorted[key] = sortKeysDeep(obj[key]);
  return sorted;
}

/** The `x-nowpayments-sig` of a body: HMAC-SHA512 (hex) of its key-sorted JSON. */
export function nowPaymentsSignature(body: unknown, ipnSecret: string): string {
  return createHmac('sha512', ipnSecret)
    .update(JSON.stringify(sortKeysDeep(body)))
    .digest('hex');
}

/**
 * The older documented recipe, `JSON.stringify(params, Object.keys(params).sort())`: a replacer
 * array whitelists the top-level key names at every depth, so a nested object (`fee`) is signed
 * as `{}` (or with only the keys that happen to share a top-level name). NOWPayments has signed
 * IPNs both ways; only top-level fields are read here, and a "paid" is
 * confirmed at the API, so what this recipe leaves unsigned is never believed.
 */
export function nowPaymentsLegacySignature(
  body: Record<string, unknown>,
  ipnSecret: string,
): string {
  return createHmac('sha512', ipnSecret)
    .update(JSON.stringify(body, Object.keys(body).sort()))
    .digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase(), 'utf8');
  const y = Buffer.from(b.toLowerCase(), 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A NOWPayments API answer that was not 2xx (the message never holds our keys). */
export class NowPaymentsApiError extends Error {
  constructor(
    readonly status: number,
    path: string,
  ) {
    super(`nowpayments: ${path} answered ${status}`);
    this.name = 'NowPaymentsApiError';
  }
}

export class NowPaymentsProvider implements PaymentProvider {
  readonly name = 'nowpayments';
  readonly methods: readonly PaymentMethod[] = ['crypto'];

  private readonly apiUrl: string;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly opts: NowPaymentsOptions) {
    this.apiUrl = trimBase(opts.apiUrl ?? NOWPAYMENTS_DEFAULT_API_URL);
    this.fetchFn = opts.fetch ?? fetch;
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    bearer?: string,
  ): Promise<Record<string, unknown>> {
    const headers: Record<string, string> = { 'x-api-key': this.opts.apiKey };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (bearer) headers['authorization'] = `Bearer ${bearer}`;
    const res = await this.fetchFn(`${this.apiUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
    });
    // The path is logged without its query (an invoice id is harmless, but keep it uniform).
    if (!res.ok) throw new NowPaymentsApiError(res.status, path.split('?')[0] ?? path);
    const parsed: unknown = await res.json();
    if (parsed === null || typeof parsed !== 'object') {
      throw new Error(`nowpayments: ${path.split('?')[0]} answered no object`);
    }
    return parsed as Record<string, unknown>;
  }

  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const payCurrency = usdtPayCurrency(req.network);
    if (!payCurrency) {
      throw new Error(`nowpayments: unknown USDT network ${JSON.stringify(req.network)}`);
    }
    const invoice = await this.call('POST', '/v1/invoice', {
      price_amount: centsToDecimal(req.amountCents),
      price_currency: req.currency,
      pay_currency: payCurrency,
      order_id: req.purchaseId,
      order_description: req.description,
      ipn_callback_url: req.notifyUrl,
      success_url: req.returnUrl,
      cancel_url: req.returnUrl,
      // The buyer sees one crypto amount for the invoice's life; network fees are ours.
      is_fixed_rate: true,
      is_fee_paid_by_user: false,
    });
    const id = textField(invoice, 'id');
    const link = textField(invoice, 'invoice_url');
    if (!id || !link) throw new Error('nowpayments: invoice without id or invoice_url');
    return { link, providerRef: id };
  }

  async parseNotification(n: ProviderNotification): Promise<ParsedNotification> {
    const signature = headerValue(n, 'x-nowpayments-sig');
    if (!signature) throw new InvalidNotificationError('nowpayments: no x-nowpayments-sig header');
    const body = jsonBody(n);
    if (!body) throw new InvalidNotificationError('nowpayments: body is not a JSON object');
    const signed =
      sameHex(nowPaymentsSignature(body, this.opts.ipnSecret), signature) ||
      sameHex(nowPaymentsLegacySignature(body, this.opts.ipnSecret), signature);
    if (!signed) {
      throw new InvalidNotificationError('nowpayments: signature does not match');
    }
    const paymentId = textField(body, 'payment_id');
    if (!paymentId) throw new InvalidNotificationError('nowpayments: no payment_id');
    let outcome = nowPaymentsOutcome(textField(body, 'payment_status'));
    let orderId = textField(body, 'order_id');
    let invoiceId = textField(body, 'invoice_id');
    if (outcome === 'paid') {
      // Only the outcome that grants anything is confirmed at the source.
      const payment = await this.call('GET', `/v1/payment/${encodeURIComponent(paymentId)}`);
      outcome = nowPaymentsOutcome(textField(payment, 'payment_status'));
      orderId = textField(payment, 'order_id') ?? orderId;
      invoiceId = textField(payment, 'invoice_id') ?? invoiceId;
    }
    return {
      ...(orderId ? { purchaseId: orderId } : {}),
      ...(invoiceId ? { providerRef: invoiceId } : {}),
      eventId: outcomeEventId(`payment-${paymentId}`, outcome),
      outcome,
    };
  }

  /**
   * The state of an invoice: paid when any of its payments is paid, otherwise the latest one's
   * state; `waiting` while it has none — and always without the dashboard log-in (see options).
   */
  async lookup(providerRef: string): Promise<PaymentOutcome> {
    if (!this.opts.email || !this.opts.password) return 'waiting';
    const auth = await this.call('POST', '/v1/auth', {
      email: this.opts.email,
      password: this.opts.password,
    });
    const token = textField(auth, 'token');
    if (!token) throw new Error('nowpayments: /v1/auth answered no token');
    const query = new URLSearchParams({
      invoiceId: providerRef,
      limit: '10',
      page: '0',
      sortBy: 'created_at',
      orderBy: 'desc',
    });
    const list = await this.call('GET', `/v1/payment/?${query.toString()}`, undefined, token);
    const rows = Array.isArray(list['data']) ? (list['data'] as unknown[]) : [];
    const outcomes = rows.map((row) => nowPaymentsOutcome(textField(row, 'payment_status')));
    if (outcomes.includes('paid')) return 'paid';
    return outcomes[0] ?? 'waiting';
  }
}
