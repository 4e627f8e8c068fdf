import type { PaymentMethod } from '@app/contract';
import {
  InvalidWebhookSignatureError,
  MercadoPagoConfig,
  MPNotFoundError,
  Payment,
  Preference,
  WebhookSignatureValidator,
} from 'mercadopago';
// The SDK's one base URL (v3 has no host option): see `pointSdkAt` below.
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import {
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
  withQuery,
} from './provider-util.ts';

/**
 * The regional provider: Mercado Pago Checkout Pro through the `mercadopago` SDK (v3).
 * A checkout is a preference (BRL; Pix and card; the purchase id as external_reference) whose
 * init_point the buyer opens. A notification is a hint: its state is always read from the payment
 * itself (GET /v1/payments/:id), never from the body; its `x-signature` (HMAC-SHA256 of
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the webhook secret) only marks it verified.
 */
export interface MercadoPagoOptions {
  accessToken: string;
  webhookSecret: string;
  /** API base URL; the real one unless tests or staging point at a fake. */
  apiUrl?: string;
  /** Request time-out in ms (default 10 s; the SDK's own is 60 s). */
  timeoutMs?: number;
  /** Retries of a 429/5xx answer (the SDK's default is 3, with back-off). */
  maxRetries?: number;
  /** How far a signature's `ts` may be from now and still verify (default 10 min). */
  signatureWindowSec?: number;
  /** The clock (epoch ms) the signature window is checked against. */
  now?: () => number;
}

/**
 * A signed notification older (or newer) than this is only a hint, like an unsigned one: Mercado
 * Pago redelivers for hours, and each delivery is signed anew.
 */
export const MERCADOPAGO_SIGNATURE_WINDOW_SEC = 600;

export const MERCADOPAGO_DEFAULT_API_URL = 'https://api.mercadopago.com';

/**
 * Payment types the checkout does not offer: boleto and ATM take days to clear (a robot
 * bought today should run today); Pix (`bank_transfer`) and cards (credit, debit, prepaid,
 * account money) stay.
 */
export const MERCADOPAGO_EXCLUDED_PAYMENT_TYPES = ['ticket', 'atm'] as const;

/**
 * Mercado Pago payment status → our outcome. `cancelled` with detail `expired` is an unpaid Pix
 * or checkout that ran out of time; refunds and charge-backs report `failed` (the purchases
 * service decides what a failure after payment means).
 */
export function mercadoPagoOutcome(status: string | undefined, detail?: string): PaymentOutcome {
  switch (status) {
    case 'approved':
      return 'paid';
    case 'rejected':
    case 'refunded':
    case 'charged_back':
      return 'failed';
    case 'cancelled':
      return detail === 'expired' ? 'expired' : 'failed';
    default:
      // pending, in_process, in_mediation, authorized (not captured yet), or unknown.
      return 'waiting';
  }
}

/**
 * Mercado Pago's v3 SDK reads its base URL from one static (`AppConfig.BASE_URL`) and offers no
 * option to change it, nor a custom fetch. We set that static right before each SDK call: the
 * SDK builds the request URL synchronously when the call starts, so on Node's single thread the
 * call always uses this provider's URL (tests can even run two fakes in one process).
 */
function pointSdkAt(apiUrl: string): void {
  (AppConfig as unknown as { BASE_URL: string }).BASE_URL = apiUrl;
}

export class MercadoPagoProvider implements PaymentProvider {
  readonly name = 'mercadopago';
  /** Checkout Pro takes Pix and cards, so it serves the regional method and instant transfer. */
  readonly methods: readonly PaymentMethod[] = ['regional', 'instant'];

  private readonly apiUrl: string;

  constructor(private readonly opts: MercadoPagoOptions) {
    this.apiUrl = trimBase(opts.apiUrl ?? MERCADOPAGO_DEFAULT_API_URL);
  }

  /**
   * A config of its own for each call: the SDK's clients merge every call's request options
   * (idempotency key included) into the config they were given and keep them.
   */
  private config(): MercadoPagoConfig {
    pointSdkAt(this.apiUrl);
    return new MercadoPagoConfig({
      accessToken: this.opts.accessToken,
      options: { timeout: this.opts.timeoutMs ?? 10_000, maxRetries: this.opts.maxRetries ?? 2 },
    });
  }

  private get preferences(): Preference {
    return new Preference(this.config());
  }

  private get payments(): Payment {
    return new Payment(this.config());
  }

  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    if (req.currency !== 'brl') throw new Error('mercadopago: checkouts are in BRL only');
    const pref = await this.preferences.create({
      body: {
        items: [
          {
            id: req.purchaseId,
            title: req.description,
            quantity: 1,
            unit_price: centsToDecimal(req.amountCents),
            currency_id: 'BRL',
          },
        ],
        external_reference: req.purchaseId,
        metadata: { purchase_id: req.purchaseId },
        // Only the signed Webhooks format, not the legacy unsigned IPN (documented switch).
        notification_url: withQuery(req.notifyUrl, { source_news: 'webhooks' }),
        back_urls: { success: req.returnUrl, pending: req.returnUrl, failure: req.returnUrl },
        auto_return: 'approved',
        payment_methods: {
          excluded_payment_types: MERCADOPAGO_EXCLUDED_PAYMENT_TYPES.map((id) => ({ id })),
        },
        ...(req.cpf ? { payer: { identification: { type: 'CPF', number: req.cpf } } } : {}),
      },
      // One preference per purchase even when the call is retried.
      requestOptions: { idempotencyKey: `preference-${req.purchaseId}` },
    });
    const link = pref.init_point ?? pref.sandbox_init_point;
    if (!pref.id || !link) throw new Error('mercadopago: preference without id or init_point');
    return { link, providerRef: pref.id };
  }

  /**
   * Whether the notification carries a valid `x-signature` for this id, signed within
   * SIGNATURE_WINDOW_SEC of now.
   */
  private signedNow(n: ProviderNotification, dataId: string | undefined): boolean {
    try {
      WebhookSignatureValidator.validate({
        xSignature: headerValue(n, 'x-signature'),
        xRequestId: headerValue(n, 'x-request-id'),
        dataId,
        secret: this.opts.webhookSecret,
        toleranceSeconds: this.opts.signatureWindowSec ?? MERCADOPAGO_SIGNATURE_WINDOW_SEC,
        now: this.opts.now ?? Date.now,
      });
      return true;
    } catch (err) {
      if (err instanceof InvalidWebhookSignatureError) return false;
      throw err;
    }
  }

  /**
   * A notification is only ever a hint to read the payment back from Mercado Pago's API: the
   * state applied is the API's, never the body's. A valid, fresh `x-signature` makes it
   * `verified`; an unsigned one (the per-preference `notification_url` deliveries of Checkout Pro,
   * which the docs' own receiver does not check and which real deliveries fail, while simulated
   * ones pass) or one signed outside the window is still read back, never refused with 401 (issue
   * 27 item 10). What is not about a payment id of the right shape is ignored unstored unless
   * signed, so unsigned junk neither reaches the API nor fills the notifications table.
   */
  async parseNotification(n: ProviderNotification): Promise<ParsedNotification> {
    const body = jsonBody(n);
    const dataObj = body?.['data'];
    const type = n.query['type'] ?? textField(body, 'type') ?? n.query['topic'];
    // The Webhooks format names `data.id`; the older IPN format `?topic=payment&id=`.
    const rawId =
      n.query['data.id'] ??
      textField(dataObj, 'id') ??
      (n.query['topic'] === 'payment' ? n.query['id'] : undefined);
    // The documented manifest uses the id in lower case when it is alphanumeric.
    const dataId = rawId?.toLowerCase();
    const verified = this.signedNow(n, dataId);
    const aboutPayment = dataId !== undefined && type === 'payment' && /^\d{1,20}$/.test(dataId);
    if (!aboutPayment) {
      // Authentic but not about a payment (e.g. a merchant order): nothing to apply.
      return {
        eventId: `${type ?? 'unknown'}:${dataId ?? 'none'}`,
        outcome: 'waiting',
        ...(verified ? {} : { ignore: true }),
      };
    }
    let payment;
    try {
      payment = await this.payments.get({ id: dataId });
    } catch (err) {
      // No such payment of ours: an unsigned hint that named nothing; a signed one is odd but
      // equally has nothing to apply. Other failures (network, 5xx) are retried by the caller.
      if (err instanceof MPNotFoundError) {
        return { eventId: `payment-${dataId}:unknown`, outcome: 'waiting', ignore: true };
      }
      throw err;
    }
    const outcome = mercadoPagoOutcome(payment.status, payment.status_detail);
    const paymentId = payment.id !== undefined ? String(payment.id) : dataId;
    return {
      ...(payment.external_reference ? { purchaseId: payment.external_reference } : {}),
      eventId: outcomeEventId(`payment-${paymentId}`, outcome),
      outcome,
    };
  }

  /**
   * The state of a checkout (a preference id; a payment id is accepted too): the preference's
   * external reference, then the payments made for it — paid when any was approved, otherwise
   * the latest one's state, waiting while there is none.
   */
  async lookup(providerRef: string): Promise<PaymentOutcome> {
    if (/^\d+$/.test(providerRef)) {
      const payment = await this.payments.get({ id: providerRef });
      return mercadoPagoOutcome(payment.status, payment.status_detail);
    }
    const pref = await this.preferences.get({ preferenceId: providerRef });
    if (!pref.external_reference) return 'waiting';
    const found = await this.payments.search({
      options: {
        external_reference: pref.external_reference,
        sort: 'date_created',
        criteria: 'desc',
      },
    });
    const outcomes = (found.results ?? []).map((p) =>
      mercadoPagoOutcome(p.status, p.status_detail),
    );
    if (outcomes.includes('paid')) return 'paid';
    return outcomes[0] ?? 'waiting';
  }
}
