import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { asNotification, startFakeHttp, type RecordedRequest } from '../test/fake-http.ts';
import { InvalidNotificationError, type CheckoutRequest } from './provider.ts';
import { realProvidersFromEnv } from './real-providers.ts';
import { StripeProvider, stripeSessionOutcome } from './stripe.ts';

const KEY = 'sk_test_fake_key';
const WHSEC = 'whsec_fake_secret';
const PURCHASE = 'pur_01HSTRIPE';
const NOW_MS = 1_764_000_000_000;
const NOW_S = NOW_MS / 1000;

/** Sessions the fake knows, by id. */
const sessions = new Map<string, Record<string, unknown>>();
let nextSession = 1;

/** A fake of Stripe's API: checks the form the SDK posts and answers Stripe's JSON. */
const fake = await startFakeHttp((req: RecordedRequest) => {
  if (req.headers.authorization !== `Bearer ${KEY}`) {
    return { status: 401, body: { error: { type: 'invalid_request_error', message: 'key' } } };
  }
  if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
    const form = req.form!;
    const id = `cs_test_${nextSession++}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: form.get('mode'),
      client_reference_id: form.get('client_reference_id'),
      metadata: { purchase_id: form.get('metadata[purchase_id]') },
      url: `https://checkout.stripe.com/c/pay/${id}`,
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
    };
    sessions.set(id, session);
    return { body: session };
  }
  const match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(req.path);
  if (req.method === 'GET' && match) {
    const session = sessions.get(match[1]!);
    if (!session) return { status: 404, body: { error: { type: 'invalid_request_error' } } };
    const expand = req.query.get('expand[0]') === 'payment_intent';
    return { body: { ...session, ...(expand ? {} : { payment_intent: 'pi_1' }) } };
  }
  return { status: 404, body: { error: { message: `no route ${req.method} ${req.path}` } } };
});

afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  sessions.clear();
});

const provider = new StripeProvider({
  secretKey: KEY,
  webhookSecret: WHSEC,
  apiUrl: fake.url,
  maxNetworkRetries: 0,
  now: () => NOW_MS,
});

const checkout: CheckoutRequest = {
  purchaseId: PURCHASE,
  amountCents: 1200,
  currency: 'usd',
  description: 'Robot — 1 bot, 30 days',
  returnUrl: `https://panel.example/paymentok?purchase=${PURCHASE}`,
  notifyUrl: 'https://panel.example/api/payments/stripe/notify',
};

/** A Stripe event about a session, signed as Stripe signs it (`t=…,v1=…`). */
function signedEvent(
  type: string,
  session: Record<string, unknown>,
  opts: { eventId?: string; secret?: string; timestamp?: number } = {},
) {
  const rawBody = JSON.stringify({
    id: opts.eventId ?? 'evt_1',
    object: 'event',
    api_version: '2025-01-01',
    created: NOW_S,
    type,
    data: { object: { object: 'checkout.session', ...session } },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: rawBody,
    secret: opts.secret ?? WHSEC,
    timestamp: opts.timestamp ?? NOW_S,
  });
  return { rawBody, headers: { 'stripe-signature': signature }, query: {} };
}

const paidSession = {
  id: 'cs_test_paid',
  client_reference_id: PURCHASE,
  metadata: { purchase_id: PURCHASE },
  status: 'complete',
  payment_status: 'paid',
};

describe('Stripe provider against a fake API', () => {
  it('serves the card method', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.methods).toEqual(['card']);
  });

  it('creates a Checkout Session (payment, price_data, purchase id) and returns its url', async () => {
    const result = await provider.createCheckout(checkout);
    expect(result).toEqual({
      link: 'https://checkout.stripe.com/c/pay/cs_test_1',
      providerRef: 'cs_test_1',
    });
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers['idempotency-key']).toBe(`checkout-${PURCHASE}`);
    const form = Object.fromEntries(sent.form!);
    expect(form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1200',
      'line_items[0][price_data][product_data][name]': 'Robot — 1 bot, 30 days',
      client_reference_id: PURCHASE,
      'metadata[purchase_id]': PURCHASE,
      'payment_intent_data[metadata][purchase_id]': PURCHASE,
      success_url: checkout.returnUrl,
      cancel_url: checkout.returnUrl,
    });
  });

  it('prices a BRL checkout in BRL cents', async () => {
    await provider.createCheckout({ ...checkout, currency: 'brl', amountCents: 8000 });
    const form = fake.requests[0]!.form!;
    expect(form.get('line_items[0][price_data][currency]')).toBe('brl');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('8000');
  });

  it('checkout.session.completed and paid is paid, with the purchase and session', async () => {
    const parsed = await provider.parseNotification(
      signedEvent('checkout.session.completed', paidSession),
    );
    expect(parsed).toEqual({
      purchaseId: PURCHASE,
      providerRef: 'cs_test_paid',
      eventId: 'cs_test_paid:paid',
      outcome: 'paid',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('an asynchronous method: completed unpaid waits, then succeeded is paid, failed is failed', async () => {
    const pending = { ...paidSession, id: 'cs_test_async', payment_status: 'unpaid' };
    expect(
      await provider.parseNotification(signedEvent('checkout.session.completed', pending)),
    ).toMatchObject({ outcome: 'waiting' });
    expect(
      await provider.parseNotification(
        signedEvent('checkout.session.async_payment_succeeded', pending, { eventId: 'evt_2' }),
      ),
    ).toMatchObject({ outcome: 'paid', eventId: 'cs_test_async:paid' });
    expect(
      await provider.parseNotification(
        signedEvent('checkout.session.async_payment_failed', pending, { eventId: 'evt_3' }),
      ),
    ).toMatchObject({ outcome: 'failed', purchaseId: PURCHASE });
  });

  it('an expired session is expired', async () => {
    const expired = {
      ...paidSession,
      id: 'cs_test_exp',
      status: 'expired',
      payment_status: 'unpaid',
    };
    expect(
      await provider.parseNotification(signedEvent('checkout.session.expired', expired)),
    ).toMatchObject({ outcome: 'expired', eventId: 'cs_test_exp:expired' });
  });

  it('the same event delivered twice parses to the same event id', async () => {
    const n = signedEvent('checkout.session.completed', paidSession, { eventId: 'evt_dup' });
    const first = await provider.parseNotification(n);
    const again = await provider.parseNotification(n);
    expect(again).toEqual(first);
  });

  it('a bad, stale or missing signature, or a changed body, is refused', async () => {
    const wrong = signedEvent('checkout.session.completed', paidSession, { secret: 'whsec_other' });
    await expect(provider.parseNotification(wrong)).rejects.toBeInstanceOf(
      InvalidNotificationError,
    );
    const stale = signedEvent('checkout.session.completed', paidSession, {
      timestamp: NOW_S - 600,
    });
    await expect(provider.parseNotification(stale)).rejects.toBeInstanceOf(
      InvalidNotificationError,
    );
    const good = signedEvent('checkout.session.completed', paidSession);
    await expect(provider.parseNotification({ ...good, headers: {} })).rejects.toBeInstanceOf(
      InvalidNotificationError,
    );
    const changed = { ...good, rawBody: good.rawBody.replace(PURCHASE, 'pur_someone_else') };
    await expect(provider.parseNotification(changed)).rejects.toBeInstanceOf(
      InvalidNotificationError,
    );
  });

  it('an authentic event of another kind applies nothing', async () => {
    const parsed = await provider.parseNotification(
      signedEvent('customer.created', { id: 'cus_1' }, { eventId: 'evt_other' }),
    );
    expect(parsed).toEqual({ eventId: 'evt_other', outcome: 'waiting' });
  });

  it('looks a session up (expanding its payment intent)', async () => {
    const { providerRef } = await provider.createCheckout(checkout);
    expect(await provider.lookup(providerRef)).toBe('waiting');
    const get = fake.requests.at(-1)!;
    expect(get.method).toBe('GET');
    expect(get.path).toBe(`/v1/checkout/sessions/${providerRef}`);
    expect(get.query.get('expand[0]')).toBe('payment_intent');
    sessions.set(providerRef, {
      ...sessions.get(providerRef),
      status: 'complete',
      payment_status: 'paid',
    });
    expect(await provider.lookup(providerRef)).toBe('paid');
    sessions.set(providerRef, {
      ...sessions.get(providerRef),
      status: 'expired',
      payment_status: 'unpaid',
    });
    expect(await provider.lookup(providerRef)).toBe('expired');
  });

  it('reads a failed asynchronous payment from the expanded intent', () => {
    expect(
      stripeSessionOutcome({
        status: 'complete',
        payment_status: 'unpaid',
        payment_intent: {
          status: 'requires_payment_method',
          last_payment_error: { type: 'card_error' },
        } as Stripe.PaymentIntent,
      }),
    ).toBe('failed');
    expect(
      stripeSessionOutcome({
        status: 'complete',
        payment_status: 'unpaid',
        payment_intent: 'pi_1',
      }),
    ).toBe('waiting');
    expect(
      stripeSessionOutcome({ status: 'open', payment_status: 'unpaid', payment_intent: null }),
    ).toBe('waiting');
  });
});

describe('Stripe end to end: session, payment, event over HTTP', () => {
  it('the event Stripe posts to the Dashboard endpoint parses to paid for our purchase', async () => {
    const receiver = await startFakeHttp(() => ({ status: 200, body: {} }));
    try {
      const { providerRef } = await provider.createCheckout(checkout);
      // The buyer pays; Stripe completes the session it created and signs the event.
      const session = { ...sessions.get(providerRef)!, status: 'complete', payment_status: 'paid' };
      const signed = signedEvent('checkout.session.completed', session, { eventId: 'evt_e2e' });
      const res = await fetch(`${receiver.url}/api/payments/stripe/notify`, {
        method: 'POST',
        headers: { ...signed.headers, 'content-type': 'application/json' },
        body: signed.rawBody,
      });
      expect(res.status).toBe(200);
      expect(await provider.parseNotification(asNotification(receiver.requests[0]!))).toEqual({
        purchaseId: PURCHASE,
        providerRef,
        eventId: `${providerRef}:paid`,
        outcome: 'paid',
      });
    } finally {
      await receiver.close();
    }
  });
});

describe('Stripe from the environment', () => {
  it('is on with both keys and talks to STRIPE_API_URL', async () => {
    const providers = await realProvidersFromEnv({
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: WHSEC,
      STRIPE_API_URL: fake.url,
    });
    expect(providers.map((p) => p.name)).toEqual(['stripe']);
    const result = await providers[0]!.createCheckout(checkout);
    expect(result.link).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(fake.requests).toHaveLength(1);
  });

  it('is off without its webhook secret', async () => {
    expect(await realProvidersFromEnv({ STRIPE_SECRET_KEY: KEY })).toEqual([]);
  });
});
