import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentMethod } from '@app/contract';
import {
  InvalidNotificationError,
  type Checkout,
  type CheckoutRequest,
  type ParsedNotification,
  type PaymentOutcome,
  type PaymentProvider,
  type ProviderNotification,
} from './provider.ts';

/** The header carrying the local provider's HMAC of the raw body. */
export const LOCAL_SIGNATURE_HEADER = 'x-local-signature';

/** Where the local checkout page of a purchase lives (served by this server). */
export function localCheckoutPath(purchaseId: string): string {
  return `/pay/local/${encodeURIComponent(purchaseId)}`;
}

interface LocalBody {
  purchaseId: string;
  outcome: 'paid' | 'failed';
  eventId: string;
}

/**
 * The local provider: its "checkout" is a page of this server with Pay
 * and Decline, so a fresh install, the tests and a demo buy without any network. Its notifications
 * are signed with a key that lives only in this process (HMAC-SHA256 over the raw body), so the
 * notify endpoint takes none from outside; the page's buttons go through the same path.
 */
export class LocalProvider implements PaymentProvider {
  readonly name = 'local';
  private readonly key: Buffer;

  constructor(
    readonly methods: readonly PaymentMethod[],
    key: Buffer = randomBytes(32),
  ) {
    this.key = key;
  }

  createCheckout(req: CheckoutRequest): Promise<Checkout> {
    const origin = new URL(req.returnUrl).origin;
    return Promise.resolve({
      link: `${origin}${localCheckoutPath(req.purchaseId)}`,
      providerRef: req.purchaseId,
    });
  }

  /** The notification the checkout page's Pay / Decline sends through the notify path. */
  notification(purchaseId: string, outcome: 'paid' | 'failed'): ProviderNotification {
    const body: LocalBody = { purchaseId, outcome, eventId: `local-${purchaseId}-${outcome}` };
    const rawBody = JSON.stringify(body);
    return { rawBody, headers: { [LOCAL_SIGNATURE_HEADER]: this.sign(rawBody) }, query: {} };
  }

  parseNotification(n: ProviderNotification): Promise<ParsedNotification> {
    const given = n.headers[LOCAL_SIGNATURE_HEADER];
    const expected = Buffer.from(this.sign(n.rawBody), 'hex');
    const actual = Buffer.from(typeof given === 'string' ? given : '', 'hex');
    if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
      return Promise.reject(new InvalidNotificationError());
    }
    const body = JSON.parse(n.rawBody) as LocalBody;
    return Promise.resolve({
      purchaseId: body.purchaseId,
      providerRef: body.purchaseId,
      eventId: body.eventId,
      outcome: body.outcome,
    });
  }

  /** The local checkout has no state of its own: the purchase row is the truth. */
  lookup(): Promise<PaymentOutcome> {
    return Promise.resolve('waiting');
  }

  private sign(rawBody: string): string {
    return createHmac('sha256', this.key).update(rawBody).digest('hex');
  }
}
