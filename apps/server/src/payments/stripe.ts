import type { PaymentMethod } from '@app/contract';
import Stripe from 'stripe';
import {
  InvalidNotificationError,
  type Checkout,
  type CheckoutRequest,
  type ParsedNotification,
  type PaymentOutcome,
  type PaymentProvider,
  type ProviderNotification,
} from './provider.ts';
import { headerValue, outcomeEventId } from './provider-util.ts';

/**
 * The card provider: Stripe Checkout through the `stripe` SDK. A checkout is a Checkout
 * Session (mode payment, BRL or USD, one price_data line, the purchase id as client_reference_id
 * and metadata) whose url the buyer opens. Notifications are Stripe events verified with
 * `webhooks.constructEvent` against the endpoint's signing secret (Stripe-Signature header).
 * Stripe sends events to the endpoint configured in its Dashboard, so `notifyUrl` is not sent.
 */
export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** API base URL (`http://127.0.0.1:12111`); the real one unless tests or staging use a fake. */
  apiUrl?: string;
  /** Request time-out in ms (default 10 s). */
  timeoutMs?: number;
  /** Retries of a failed request (the SDK retries with an idempotency key). */
  maxNetworkRetries?: number;
  /** Clock (ms) for the signature's age check; tests pass a fake. */
  now?: () => number;
}

/** Seconds a signed event stays acceptable (Stripe's default: 5 minutes; replays are refused). */
export const STRIPE_SIGNATURE_TOLERANCE_S = 300;

/** The session fields an outcome is read from. */
type SessionState = Pick<Stripe.Checkout.Session, 'status' | 'payment_status' | 'payment_intent'>;

/** A Checkout Session's state → our outcome. */
export function stripeSessionOutcome(session: SessionState): PaymentOutcome {
  if (session.status === 'expired') return 'expired';
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') {
    return 'paid';
  }
  // Complete but unpaid: an asynchronous method (boleto, Pix…) still clearing, or one that failed.
  const intent = session.payment_intent;
  if (session.status === 'complete' && intent && typeof intent === 'object') {
    if (intent.status === 'canceled') return 'failed';
    if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
  }
  return 'waiting';
}

/** The Checkout events we act on, and the outcome each one means. */
const EVENT_OUTCOMES: Partial<Record<string, (s: Stripe.Checkout.Session) => PaymentOutcome>> = {
  'checkout.session.completed': (s) =>
    s.payment_status === 'paid' || s.payment_status === 'no_payment_required' ? 'paid' : 'waiting',
  'checkout.session.async_payment_succeeded': () => 'paid',
  'checkout.session.async_payment_failed': () => 'failed',
  'checkout.session.expired': () => 'expired',
};

/** `http://127.0.0.1:12111` → the SDK's host/port/protocol options. */
export function stripeHostOptions(
  apiUrl: string,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return {
    host: u.hostname,
    port: u.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly methods: readonly PaymentMethod[] = ['card'];

  private readonly stripe: Stripe;

  constructor(private readonly opts: StripeOptions) {
    this.stripe = new Stripe(opts.secretKey, {
      ...(opts.apiUrl ? stripeHostOptions(opts.apiUrl) : {}),
      timeout: opts.timeoutMs ?? 10_000,
      maxNetworkRetries: opts.maxNetworkRetries ?? 2,
      // No request timings sent back to Stripe in headers.
      telemetry: false,
    });
  }

  async createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: req.currency,
              unit_amount: req.amountCents,
              product_data: { name: req.description },
            },
          },
        ],
        client_reference_id: req.purchaseId,
        metadata: { purchase_id: req.purchaseId },
        payment_intent_data: { metadata: { purchase_id: req.purchaseId } },
        success_url: req.returnUrl,
        cancel_url: req.returnUrl,
      },
      // One session per purchase even when the call is retried.
      { idempotencyKey: `checkout-${req.purchaseId}` },
    );
    if (!session.url) throw new Error('stripe: checkout session without url');
    return { link: session.url, providerRef: session.id };
  }

  async parseNotification(n: ProviderNotification): Promise<ParsedNotification> {
    const signature = headerValue(n, 'stripe-signature');
    if (!signature) throw new InvalidNotificationError('stripe: no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        n.rawBody,
        signature,
        this.opts.webhookSecret,
        STRIPE_SIGNATURE_TOLERANCE_S,
        undefined,
        this.opts.now?.(),
      );
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new InvalidNotificationError('stripe: signature does not match');
      }
      // A body that is not an event at all is not authentic either.
      throw new InvalidNotificationError('stripe: unreadable event');
    }
    const toOutcome = EVENT_OUTCOMES[event.type];
    if (!toOutcome) {
      // Authentic, but not a Checkout outcome (the endpoint may be subscribed to more events).
      return { eventId: event.id, outcome: 'waiting' };
    }
    const session = event.data.object as Stripe.Checkout.Session;
    const outcome = toOutcome(session);
    const purchaseId = session.client_reference_id ?? session.metadata?.['purchase_id'];
    return {
      ...(purchaseId ? { purchaseId } : {}),
      providerRef: session.id,
      eventId: outcomeEventId(session.id, outcome),
      outcome,
    };
  }

  async lookup(providerRef: string): Promise<PaymentOutcome> {
    const session = await this.stripe.checkout.sessions.retrieve(providerRef, {
      expand: ['payment_intent'],
    });
    return stripeSessionOutcome(session);
  }
}
