import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asNotification, startFakeHttp, type RecordedRequest } from '../test/fake-http.ts';
import { MercadoPagoProvider, mercadoPagoOutcome } from './mercadopago.ts';
import type { CheckoutRequest } from './provider.ts';
import { realProvidersFromEnv } from './real-providers.ts';

const TOKEN = 'APP_USR-test-token';
const SECRET = 'mp-webhook-secret';
const PURCHASE = 'pur_01HXYZ';
const PREFERENCE = '1234567-aaaa-bbbb-cccc-0123456789ab';

/** Payments the fake knows, by id. */
const payments = new Map<string, Record<string, unknown>>();

/** A fake of the Mercado Pago API: checks what the SDK sends and answers as the API does. */
const fake = await startFakeHttp((req: RecordedRequest) => {
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, body: {} };
  if (req.method === 'POST' && req.path === '/checkout/preferences/') {
    const body = req.json as { external_reference: string };
    return {
      status: 201,
      body: {
        id: PREFERENCE,
        external_reference: body.external_reference,
        init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${PREFERENCE}`,
        sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${PREFERENCE}`,
      },
    };
  }
  if (req.method === 'GET' && req.path === `/checkout/preferences/${PREFERENCE}`) {
    return { body: { id: PREFERENCE, external_reference: PURCHASE } };
  }
  if (req.method === 'GET' && req.path === '/v1/payments/search') {
    const ref = req.query.get('external_reference');
    const results = [...payments.values()].filter((p) => p['external_reference'] === ref);
    return { body: { paging: { total: results.length }, results } };
  }
  const match = /^\/v1\/payments\/(\d+)$/.exec(req.path);
  if (req.method === 'GET' && match) {
    const payment = payments.get(match[1]!);
    return payment ? { body: payment } : { status: 404, body: { message: 'not found' } };
  }
  return { status: 404, body: { message: `no route ${req.method} ${req.path}` } };
});

afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  payments.clear();
});

const provider = new MercadoPagoProvider({
  accessToken: TOKEN,
  webhookSecret: SECRET,
  apiUrl: fake.url,
  maxRetries: 0,
  // The signatures below are made at ts 1_764_000_000 (s): "now" is then.
  now: () => 1_764_000_000_000,
});

const checkout: CheckoutRequest = {
  purchaseId: PURCHASE,
  amountCents: 8000,
  currency: 'brl',
  description: 'Robô — 1 bot, 30 dias',
  returnUrl: `https://panel.example/paymentok?purchase=${PURCHASE}`,
  notifyUrl: 'https://panel.example/api/payments/mercadopago/notify',
  cpf: '52998224725',
};

/** Signs a notification as Mercado Pago documents: HMAC-SHA256 of the manifest, hex. */
function signedNotification(
  paymentId: string,
  opts: { requestId?: string; secret?: string; ts?: number; type?: string } = {},
) {
  const requestId = opts.requestId ?? 'req-1';
  const ts = opts.ts ?? 1_764_000_000;
  const manifest = `id:${paymentId};request-id:${requestId};ts:${ts};`;
  const v1 = createHmac('sha256', opts.secret ?? SECRET)
    .update(manifest)
    .digest('hex');
  const type = opts.type ?? 'payment';
  return {
    rawBody: JSON.stringify({
      id: 99_000_001,
      live_mode: true,
      type,
      action: 'payment.updated',
      api_version: 'v1',
      data: { id: paymentId },
    }),
    headers: {
      'x-signature': `ts=${ts},v1=${v1}`,
      'x-request-id': requestId,
      'content-type': 'application/json',
    },
    query: { 'data.id': paymentId, type, source_news: 'webhooks' },
  };
}

function addPayment(id: string, status: string, detail = 'accredited') {
  payments.set(id, { id: Number(id), status, status_detail: detail, external_reference: PURCHASE });
}

describe('Mercado Pago provider against a fake API', () => {
  it('serves the regional method and Pix (instant)', () => {
    expect(provider.name).toBe('mercadopago');
    expect(provider.methods).toEqual(['regional', 'instant']);
  });

  it('creates a Checkout Pro preference in BRL and returns its init_point', async () => {
    const result = await provider.createCheckout(checkout);
    expect(result).toEqual({
      link: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${PREFERENCE}`,
      providerRef: PREFERENCE,
    });
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/checkout/preferences/');
    expect(sent.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent.headers['x-idempotency-key']).toBe(`preference-${PURCHASE}`);
    expect(sent.json).toMatchObject({
      items: [
        {
          id: PURCHASE,
          title: 'Robô — 1 bot, 30 dias',
          quantity: 1,
          unit_price: 80,
          currency_id: 'BRL',
        },
      ],
      external_reference: PURCHASE,
      notification_url:
        'https://panel.example/api/payments/mercadopago/notify?source_news=webhooks',
      back_urls: {
        success: checkout.returnUrl,
        pending: checkout.returnUrl,
        failure: checkout.returnUrl,
      },
      auto_return: 'approved',
      payment_methods: { excluded_payment_types: [{ id: 'ticket' }, { id: 'atm' }] },
      payer: { identification: { type: 'CPF', number: '52998224725' } },
    });
  });

  it('each call carries its own idempotency key and reaches its own provider URL', async () => {
    const other = await startFakeHttp(() => ({
      status: 201,
      body: { id: 'other-pref', init_point: 'https://mp.example/other' },
    }));
    try {
      const second = new MercadoPagoProvider({
        accessToken: TOKEN,
        webhookSecret: SECRET,
        apiUrl: other.url,
        maxRetries: 0,
      });
      await provider.createCheckout(checkout);
      await second.createCheckout({ ...checkout, purchaseId: 'pur_second' });
      addPayment('555000', 'approved');
      await provider.lookup('555000');
      expect(fake.requests.map((r) => r.headers['x-idempotency-key'])).toEqual([
        `preference-${PURCHASE}`,
        undefined,
      ]);
      expect(other.requests.map((r) => r.headers['x-idempotency-key'])).toEqual([
        'preference-pur_second',
      ]);
    } finally {
      await other.close();
    }
  });

  it('refuses a currency other than BRL without calling the API', async () => {
    await expect(provider.createCheckout({ ...checkout, currency: 'usd' })).rejects.toThrow(
      /BRL only/,
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('a signed notification of an approved payment is paid, read from the payment itself', async () => {
    addPayment('555001', 'approved');
    const parsed = await provider.parseNotification(signedNotification('555001'));
    expect(parsed).toEqual({
      purchaseId: PURCHASE,
      eventId: 'payment-555001:paid',
      outcome: 'paid',
    });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/payments/555001']);
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('a rejected payment is failed; an expired Pix is expired; pending waits', async () => {
    addPayment('555002', 'rejected', 'cc_rejected_other_reason');
    addPayment('555003', 'cancelled', 'expired');
    addPayment('555004', 'pending', 'pending_waiting_transfer');
    expect(await provider.parseNotification(signedNotification('555002'))).toMatchObject({
      outcome: 'failed',
      eventId: 'payment-555002:failed',
    });
    expect(await provider.parseNotification(signedNotification('555003'))).toMatchObject({
      outcome: 'expired',
    });
    expect(await provider.parseNotification(signedNotification('555004'))).toMatchObject({
      outcome: 'waiting',
    });
  });

  it('the same notification twice (or re-sent with a new request id) parses to the same event', async () => {
    addPayment('555005', 'approved');
    const first = await provider.parseNotification(signedNotification('555005'));
    const again = await provider.parseNotification(signedNotification('555005'));
    const resent = await provider.parseNotification(
      signedNotification('555005', { requestId: 'req-2', ts: 1_764_000_300 }),
    );
    expect(again.eventId).toBe(first.eventId);
    expect(resent.eventId).toBe(first.eventId);
  });

  it('a body that says approved changes nothing: the state comes from the API', async () => {
    addPayment('555006', 'pending', 'pending_waiting_payment');
    const n = signedNotification('555006');
    const forgedBody = { ...JSON.parse(n.rawBody), status: 'approved' };
    const parsed = await provider.parseNotification({ ...n, rawBody: JSON.stringify(forgedBody) });
    expect(parsed.outcome).toBe('waiting');
  });

  it('an unsigned, wrongly signed or stale notification is a hint: the payment is read back, never refused', async () => {
    addPayment('555007', 'approved');
    const good = signedNotification('555007');
    const hints = [
      signedNotification('555007', { secret: 'not-the-secret' }),
      { ...good, headers: { 'x-request-id': 'req-1' } },
      { ...good, headers: { ...good.headers, 'x-signature': 'nonsense' } },
      // Signed correctly, but an hour before now.
      signedNotification('555007', { ts: 1_764_000_000 - 3600 }),
      // The legacy IPN shape a per-preference notification_url may get.
      { rawBody: '', headers: {}, query: { topic: 'payment', id: '555007' } },
    ];
    for (const n of hints) {
      expect(await provider.parseNotification(n)).toEqual({
        purchaseId: PURCHASE,
        eventId: 'payment-555007:paid',
        outcome: 'paid',
      });
    }
    expect(fake.requests.map((r) => r.path)).toEqual(hints.map(() => '/v1/payments/555007'));
  });

  it('a hint that names no payment of ours is ignored; unsigned junk never reaches the API', async () => {
    // A valid signature for one payment moved onto an id Mercado Pago does not know.
    const good = signedNotification('555007');
    const otherId = { ...good, query: { ...good.query, 'data.id': '555008' } };
    expect(await provider.parseNotification(otherId)).toMatchObject({ ignore: true });
    fake.requests.length = 0;
    const junk = [
      { rawBody: '{"type":"payment","data":{"id":"../users/me"}}', headers: {}, query: {} },
      { rawBody: 'not json', headers: {}, query: {} },
      signedNotification('777', { type: 'merchant_order', secret: 'not-the-secret' }),
    ];
    for (const n of junk) {
      expect(await provider.parseNotification(n)).toMatchObject({
        outcome: 'waiting',
        ignore: true,
      });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('an authentic notification about something else than a payment applies nothing', async () => {
    const parsed = await provider.parseNotification(
      signedNotification('777', { type: 'merchant_order' }),
    );
    expect(parsed.outcome).toBe('waiting');
    expect(parsed.purchaseId).toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it('looks a checkout up by preference: paid once any payment is approved', async () => {
    expect(await provider.lookup(PREFERENCE)).toBe('waiting');
    addPayment('555010', 'rejected', 'cc_rejected_insufficient_amount');
    expect(await provider.lookup(PREFERENCE)).toBe('failed');
    addPayment('555011', 'approved');
    expect(await provider.lookup(PREFERENCE)).toBe('paid');
    const search = fake.requests.filter((r) => r.path === '/v1/payments/search').at(-1)!;
    expect(search.query.get('external_reference')).toBe(PURCHASE);
    expect(fake.requests.some((r) => r.path === `/checkout/preferences/${PREFERENCE}`)).toBe(true);
  });

  it('looks a payment up by its id', async () => {
    addPayment('555012', 'approved');
    expect(await provider.lookup('555012')).toBe('paid');
    expect(fake.requests.at(-1)!.path).toBe('/v1/payments/555012');
  });

  it('maps every documented status', () => {
    expect(mercadoPagoOutcome('approved')).toBe('paid');
    expect(mercadoPagoOutcome('authorized')).toBe('waiting');
    expect(mercadoPagoOutcome('in_process')).toBe('waiting');
    expect(mercadoPagoOutcome('in_mediation')).toBe('waiting');
    expect(mercadoPagoOutcome('rejected')).toBe('failed');
    expect(mercadoPagoOutcome('refunded')).toBe('failed');
    expect(mercadoPagoOutcome('charged_back')).toBe('failed');
    expect(mercadoPagoOutcome('cancelled', 'by_collector')).toBe('failed');
    expect(mercadoPagoOutcome('cancelled', 'expired')).toBe('expired');
  });
});

describe('Mercado Pago end to end: checkout, payment, webhook over HTTP', () => {
  it('the webhook the provider posts to our notification_url parses to paid', async () => {
    const receiver = await startFakeHttp(() => ({ status: 200, body: {} }));
    try {
      await provider.createCheckout({
        ...checkout,
        notifyUrl: `${receiver.url}/api/payments/mercadopago/notify`,
      });
      const notificationUrl = (fake.requests[0]!.json as { notification_url: string })
        .notification_url;
      // The buyer pays; Mercado Pago posts the signed webhook to the URL it was given.
      addPayment('556001', 'approved');
      const signed = signedNotification('556001', { requestId: 'b3c1-77' });
      const target = new URL(notificationUrl);
      target.searchParams.set('data.id', '556001');
      target.searchParams.set('type', 'payment');
      const res = await fetch(target, {
        method: 'POST',
        headers: signed.headers,
        body: signed.rawBody,
      });
      expect(res.status).toBe(200);
      const arrived = receiver.requests[0]!;
      expect(arrived.path).toBe('/api/payments/mercadopago/notify');
      expect(arrived.query.get('source_news')).toBe('webhooks');
      expect(await provider.parseNotification(asNotification(arrived))).toEqual({
        purchaseId: PURCHASE,
        eventId: 'payment-556001:paid',
        outcome: 'paid',
      });
    } finally {
      await receiver.close();
    }
  });
});

describe('Mercado Pago from the environment', () => {
  let fromEnv: Awaited<ReturnType<typeof realProvidersFromEnv>>;
  beforeAll(async () => {
    fromEnv = await realProvidersFromEnv({
      MERCADOPAGO_ACCESS_TOKEN: TOKEN,
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
      MERCADOPAGO_API_URL: `${fake.url}/`,
    });
  });

  it('is on with both keys and talks to MERCADOPAGO_API_URL', async () => {
    expect(fromEnv.map((p) => p.name)).toEqual(['mercadopago']);
    const result = await fromEnv[0]!.createCheckout(checkout);
    expect(result.providerRef).toBe(PREFERENCE);
    expect(fake.requests[0]!.path).toBe('/checkout/preferences/');
  });

  it('is off with one key only', async () => {
    expect(await realProvidersFromEnv({ MERCADOPAGO_ACCESS_TOKEN: TOKEN })).toEqual([]);
  });
});
