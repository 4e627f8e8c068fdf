import type { Currency, PaymentMethod } from '@app/contract';

/**
 * A payment provider: the local checkout by default, real providers (regional,
 * card, crypto) when their keys are in the environment. A provider knows nothing of our
 * database: the purchases service stores purchases, calls `createCheckout`, and feeds
 * notifications through `parseNotification`; a paid result extends bot expiries exactly once.
 */
export interface CheckoutRequest {
  /** Our purchase id: the provider carries it back (external reference / metadata). */
  purchaseId: string;
  amountCents: number;
  currency: Currency;
  /** What the buyer sees, e.g. "Robô — 1 bot, 30 dias". */
  description: string;
  /** Absolute URL of `/paymentok?purchase=<id>`. */
  returnUrl: string;
  /** Absolute URL the provider posts its notification to (`/api/payments/<provider>/notify`). */
  notifyUrl: string;
  /** The buyer's CPF (digits only) when the method needs it. */
  cpf?: string;
  /** The crypto network chosen by the buyer, when the method is crypto. */
  network?: string;
}

export interface Checkout {
  /** Where the buyer pays (opened in a new tab). */
  link: string;
  /** The provider's id for this checkout (preference, session, invoice…), stored with the purchase. */
  providerRef: string;
}

/** The state a provider reports for a purchase. */
export type PaymentOutcome = 'waiting' | 'paid' | 'failed' | 'expired';

export interface ProviderNotification {
  /** The raw body exactly as received (signatures are computed over it). */
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
}

export interface ParsedNotification {
  /** Our purchase id, or the provider ref when that is all the notification carries. */
  purchaseId?: string;
  providerRef?: string;
  /** The provider's own id of this event/payment, stored so a duplicate changes nothing. */
  eventId: string;
  outcome: PaymentOutcome;
  /**
   * Nothing to apply and nothing to store: an unauthenticated hint that named no payment of
   * ours (answered 200, so a real delivery is never refused, and kept out of the table).
   */
  ignore?: boolean;
}

export interface PaymentProvider {
  /** `local`, `mercadopago`, `stripe`, `nowpayments`… */
  readonly name: string;
  /** The panel's payment methods this provider serves. */
  readonly methods: readonly PaymentMethod[];
  createCheckout(req: CheckoutRequest): Promise<Checkout>;
  /**
   * Authenticates (signature, or a server-side look-up at the provider) and parses a
   * notification; throws `InvalidNotificationError` when it is not authentic.
   */
  parseNotification(n: ProviderNotification): Promise<ParsedNotification>;
  /** Asks the provider for the current state of a checkout (used by `/paymentok` and polling). */
  lookup(providerRef: string): Promise<PaymentOutcome>;
}

/** A notification that fails authentication: answered 401, stored nowhere, changes nothing. */
export class InvalidNotificationError extends Error {
  constructor(message = 'invalid payment notification') {
    super(message);
    this.name = 'InvalidNotificationError';
  }
}

/**
 * An authentic-looking notification that could not be checked or applied now (the provider's
 * API did not answer, a network error): answered 503 with `Retry-After`, which every provider
 * retries (any answer but 2xx is redelivered), so nothing is lost and nothing is granted.
 */
export class NotificationRetryLaterError extends Error {
  constructor(
    readonly provider: string,
    readonly reason: string,
  ) {
    super(`${provider}: notification not checked now (${reason})`);
    this.name = 'NotificationRetryLaterError';
  }
}
