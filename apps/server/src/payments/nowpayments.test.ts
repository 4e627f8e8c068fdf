import { createHmac } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { asNotification, startFakeHttp, type RecordedRequest } from '../test/fake-http.ts';
import {
  NowPaymentsApiError,
  NowPaymentsProvider,
  nowPaymentsOutcome,
  sortKeysDeep,
  usdtPayCurrency,
} from './nowpayments.ts';
import { InvalidNotificationError, type CheckoutRequest } from './provider.ts';
import { realProvidersFromEnv } from './real-providers.ts';

const API_KEY = 'NP-API-KEY-1';
const IPN_SECRET = 'np-ipn-secret';
const PURCHASE = 'pur_01HCRYPTO';
const INVOICE = '5222917334';
const JWT = 'jwt-token-1';

/** Payments the fake knows, by id. */
const payments = new Map<string, Record<string, unknown>>();

/** A fake of NOWPayments' API: checks the key, the invoice and the look-ups. */
const fake = await startFakeHttp((req: RecordedRequest) => {
  if (req.headers['x-api-key'] !== API_KEY) return { status: 403, body: { message: 'key' } };
  if (req.method === 'POST' && req.path === '/v1/invoice') {
    const body = req.json as Record<string, unknown>;
    return {
      body: {
        id: INVOICE,
        token_id: '5998913548',
        ...body,
        price_amount: String(body['price_amount']),
        invoice_url: `https://nowpayments.io/payment/?iid=${INVOICE}`,
        created_at: '2026-11-23T02:00:00.000Z',
      },
    };
  }
  if (req.method === 'POST' && req.path === '/v1/auth') {
    const body = req.json as { email?: string; password?: string };
    return body.email === 'ops@example.com' && body.password === 'pw'
      ? { body: { token: JWT } }
      : { status: 401, body: { message: 'bad login' } };
  }
  if (req.method === 'GET' && req.path === '/v1/payment/') {
    if (req.headers.authorization !== `Bearer ${JWT}`) return { status: 401, body: {} };
    const invoiceId = req.query.get('invoiceId');
    const data = [...payments.values()].filter((p) => String(p['invoice_id']) === invoiceId);
    return { body: { data, limit: 10, page: 0, total: data.length } };
  }
  const match = /^\/v1\/payment\/(\d+)$/.exec(req.path);
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

const provider = new NowPaymentsProvider({
  apiKey: API_KEY,
  ipnSecret: IPN_SECRET,
  apiUrl: fake.url,
});

const checkout: CheckoutRequest = {
  purchaseId: PURCHASE,
  amountCents: 1200,
  currency: 'usd',
  description: 'Robot — 1 bot, 30 days',
  returnUrl: `https://panel.example/paymentok?purchase=${PURCHASE}`,
  notifyUrl: 'https://panel.example/api/payments/nowpayments/notify',
  network: 'usdttrc20',
};

function payment(id: string, status: string): Record<string, unknown> {
  return {
    payment_id: Number(id),
    invoice_id: Number(INVOICE),
    payment_status: status,
    pay_address: 'TXyz',
    price_amount: 12,
    price_currency: 'usd',
    pay_amount: 12.31,
    actually_paid: status === 'finished' ? 12.31 : 0,
    pay_currency: 'usdttrc20',
    order_id: PURCHASE,
    order_description: 'Robot — 1 bot, 30 days',
    purchase_id: '4520341234',
    outcome_amount: 12.1,
    outcome_currency: 'usdttrc20',
    fee: { currency: 'usdttrc20', depositFee: 0.1, withdrawalFee: 0, serviceFee: 0.06 },
    created_at: '2026-11-23T02:00:00.000Z',
    updated_at: '2026-11-23T02:05:00.000Z',
  };
}

/**
 * An IPN as NOWPayments sends it: its own key order, signed over the key-sorted JSON — written
 * out here by hand, not with the provider's helper, so the test checks the documented scheme.
 */
function signedIpn(body: Record<string, unknown>, secret = IPN_SECRET) {
  const sortDeep = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sortDeep((v as Record<string, unknown>)[k])]),
        )
      : v;
  const sig = createHmac('sha512', secret)
    .update(JSON.stringify(sortDeep(body)))
    .digest('hex');
  return {
    rawBody: JSON.stringify(body),
    headers: { 'x-nowpayments-sig': sig, 'content-type': 'application/json' },
    query: {},
  };
}

describe('NOWPayments provider against a fake API', () => {
  it('serves the crypto method', () => {
    expect(provider.name).toBe('nowpayments');
    expect(provider.methods).toEqual(['crypto']);
  });

  it('creates an invoice paid in USDT on the chosen network and returns its invoice_url', async () => {
    const result = await provider.createCheckout(checkout);
    expect(result).toEqual({
      link: `https://nowpayments.io/payment/?iid=${INVOICE}`,
      providerRef: INVOICE,
    });
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/invoice');
    expect(sent.headers['x-api-key']).toBe(API_KEY);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.json).toEqual({
      price_amount: 12,
      price_currency: 'usd',
      pay_currency: 'usdttrc20',
      order_id: PURCHASE,
      order_description: 'Robot — 1 bot, 30 days',
      ipn_callback_url: checkout.notifyUrl,
      success_url: checkout.returnUrl,
      cancel_url: checkout.returnUrl,
      is_fixed_rate: true,
      is_fee_paid_by_user: false,
    });
  });

  it('each network is its own pay currency; an unknown or missing one is refused locally', async () => {
    await provider.createCheckout({ ...checkout, network: 'usdtbsc' });
    expect((fake.requests[0]!.json as Record<string, unknown>)['pay_currency']).toBe('usdtbsc');
    await expect(provider.createCheckout({ ...checkout, network: 'btc' })).rejects.toThrow(
      /network/,
    );
    const { network: _none, ...withoutNetwork } = checkout;
    await expect(provider.createCheckout(withoutNetwork)).rejects.toThrow(/network/);
    expect(fake.requests).toHaveLength(1);
  });

  it('reads the usual names of the three networks', () => {
    expect(['TRC-20', 'trc20', 'usdt-trc20', 'Tron'].map(usdtPayCurrency)).toEqual(
      Array(4).fill('usdttrc20'),
    );
    expect(['ERC20', 'usdterc20', 'ethereum'].map(usdtPayCurrency)).toEqual(
      Array(3).fill('usdterc20'),
    );
    expect(['BEP-20', 'bsc', 'usdtbsc'].map(usdtPayCurrency)).toEqual(Array(3).fill('usdtbsc'));
    expect(['btc', 'usdtsol', '', undefined].map(usdtPayCurrency)).toEqual(
      Array(4).fill(undefined),
    );
  });

  it('an API error is an error naming the status, never the key', async () => {
    const wrongKey = new NowPaymentsProvider({
      apiKey: 'wrong-key',
      ipnSecret: IPN_SECRET,
      apiUrl: fake.url,
    });
    const err = await wrongKey.createCheckout(checkout).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NowPaymentsApiError);
    expect((err as Error).message).toBe('nowpayments: /v1/invoice answered 403');
  });

  it('a signed "finished" IPN is paid once the API confirms the payment', async () => {
    payments.set('4001', payment('4001', 'finished'));
    const parsed = await provider.parseNotification(signedIpn(payment('4001', 'finished')));
    expect(parsed).toEqual({
      purchaseId: PURCHASE,
      providerRef: INVOICE,
      eventId: 'payment-4001:paid',
      outcome: 'paid',
    });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/payment/4001']);
    expect(fake.requests[0]!.headers['x-api-key']).toBe(API_KEY);
  });

  it('confirmed, sending and finished are one paid event (the first one extends)', async () => {
    payments.set('4002', payment('4002', 'finished'));
    const ids = new Set<string>();
    for (const status of ['confirmed', 'sending', 'finished']) {
      ids.add((await provider.parseNotification(signedIpn(payment('4002', status)))).eventId);
    }
    expect([...ids]).toEqual(['payment-4002:paid']);
  });

  it('a "paid" IPN the API does not confirm is not paid', async () => {
    payments.set('4003', payment('4003', 'confirming'));
    const parsed = await provider.parseNotification(signedIpn(payment('4003', 'finished')));
    expect(parsed.outcome).toBe('waiting');
  });

  it('failed, expired and waiting IPNs need no look-up', async () => {
    expect(await provider.parseNotification(signedIpn(payment('4004', 'failed')))).toMatchObject({
      outcome: 'failed',
      eventId: 'payment-4004:failed',
      purchaseId: PURCHASE,
    });
    expect(await provider.parseNotification(signedIpn(payment('4005', 'expired')))).toMatchObject({
      outcome: 'expired',
    });
    expect(await provider.parseNotification(signedIpn(payment('4006', 'waiting')))).toMatchObject({
      outcome: 'waiting',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('the same IPN twice parses to the same event id', async () => {
    payments.set('4007', payment('4007', 'finished'));
    const n = signedIpn(payment('4007', 'finished'));
    expect((await provider.parseNotification(n)).eventId).toBe(
      (await provider.parseNotification(n)).eventId,
    );
  });

  it('a bad or missing signature, or a changed body, is refused before any look-up', async () => {
    payments.set('4008', payment('4008', 'finished'));
    await expect(
      provider.parseNotification(signedIpn(payment('4008', 'finished'), 'other-secret')),
    ).rejects.toBeInstanceOf(InvalidNotificationError);
    const good = signedIpn(payment('4008', 'waiting'));
    await expect(provider.parseNotification({ ...good, headers: {} })).rejects.toBeInstanceOf(
      InvalidNotificationError,
    );
    const changed = { ...good, rawBody: good.rawBody.replace('"waiting"', '"finished"') };
    await expect(provider.parseNotification(changed)).rejects.toBeInstanceOf(
      InvalidNotificationError,
    );
    await expect(
      provider.parseNotification({ ...good, rawBody: 'not json' }),
    ).rejects.toBeInstanceOf(InvalidNotificationError);
    expect(fake.requests).toHaveLength(0);
  });

  it('a nested body (fee) verifies under either documented recipe: deep-sorted keys, or the older top-level replacer', async () => {
    const body = payment('4010', 'failed');
    // The older recipe, as its docs' Node example writes it: nested keys fall out of the replacer.
    const legacySig = createHmac('sha512', IPN_SECRET)
      .update(JSON.stringify(body, Object.keys(body).sort()))
      .digest('hex');
    expect(JSON.stringify(body, Object.keys(body).sort())).toContain('"fee":{}');
    const deep = signedIpn(body);
    expect(deep.headers['x-nowpayments-sig']).not.toBe(legacySig);
    const legacy = { ...deep, headers: { ...deep.headers, 'x-nowpayments-sig': legacySig } };
    for (const n of [deep, legacy]) {
      expect(await provider.parseNotification(n)).toMatchObject({ outcome: 'failed' });
    }
    // Each recipe still needs the secret, and a changed top-level field breaks both.
    const wrongSecret = createHmac('sha512', 'not-the-secret')
      .update(JSON.stringify(body, Object.keys(body).sort()))
      .digest('hex');
    await expect(
      provider.parseNotification({
        ...deep,
        headers: { ...deep.headers, 'x-nowpayments-sig': wrongSecret },
      }),
    ).rejects.toBeInstanceOf(InvalidNotificationError);
    const changed = JSON.stringify({ ...body, payment_status: 'finished' });
    for (const n of [deep, legacy]) {
      await expect(provider.parseNotification({ ...n, rawBody: changed })).rejects.toBeInstanceOf(
        InvalidNotificationError,
      );
    }
  });

  it('the signature does not depend on the order the keys arrive in', async () => {
    const body = payment('4009', 'failed');
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    const n = signedIpn(body);
    const parsed = await provider.parseNotification({ ...n, rawBody: JSON.stringify(reversed) });
    expect(parsed.outcome).toBe('failed');
    expect(JSON.stringify(sortKeysDeep(reversed))).toBe(JSON.stringify(sortKeysDeep(body)));
  });

  it('without the dashboard log-in a look-up waits and calls nothing', async () => {
    expect(await provider.lookup(INVOICE)).toBe('waiting');
    expect(fake.requests).toHaveLength(0);
  });

  it('with the dashboard log-in it lists the invoice payments (JWT) and reads their state', async () => {
    const withLogin = new NowPaymentsProvider({
      apiKey: API_KEY,
      ipnSecret: IPN_SECRET,
      apiUrl: fake.url,
      email: 'ops@example.com',
      password: 'pw',
    });
    expect(await withLogin.lookup(INVOICE)).toBe('waiting');
    payments.set('4010', payment('4010', 'expired'));
    expect(await withLogin.lookup(INVOICE)).toBe('expired');
    payments.set('4011', payment('4011', 'finished'));
    expect(await withLogin.lookup(INVOICE)).toBe('paid');
    const list = fake.requests.at(-1)!;
    expect(list.path).toBe('/v1/payment/');
    expect(list.query.get('invoiceId')).toBe(INVOICE);
    expect(list.headers.authorization).toBe(`Bearer ${JWT}`);
    expect(fake.requests.at(-2)!.path).toBe('/v1/auth');
  });

  it('maps every documented status', () => {
    expect(
      [
        'waiting',
        'confirming',
        'confirmed',
        'sending',
        'partially_paid',
        'finished',
        'failed',
        'refunded',
        'expired',
      ].map(nowPaymentsOutcome),
    ).toEqual([
      'waiting',
      'waiting',
      'paid',
      'paid',
      'waiting',
      'paid',
      'failed',
      'failed',
      'expired',
    ]);
  });
});

describe('NOWPayments end to end: invoice, payment, IPN over HTTP', () => {
  it('the IPN the provider posts to our ipn_callback_url parses to paid', async () => {
    const receiver = await startFakeHttp(() => ({ status: 200, body: {} }));
    try {
      await provider.createCheckout({
        ...checkout,
        notifyUrl: `${receiver.url}/api/payments/nowpayments/notify`,
      });
      const callback = (fake.requests[0]!.json as { ipn_callback_url: string }).ipn_callback_url;
      // The buyer pays on chain; NOWPayments posts the signed IPN to the invoice's callback.
      payments.set('4100', payment('4100', 'finished'));
      const signed = signedIpn(payment('4100', 'finished'));
      const res = await fetch(callback, {
        method: 'POST',
        headers: signed.headers,
        body: signed.rawBody,
      });
      expect(res.status).toBe(200);
      const arrived = receiver.requests[0]!;
      expect(arrived.path).toBe('/api/payments/nowpayments/notify');
      expect(await provider.parseNotification(asNotification(arrived))).toEqual({
        purchaseId: PURCHASE,
        providerRef: INVOICE,
        eventId: 'payment-4100:paid',
        outcome: 'paid',
      });
    } finally {
      await receiver.close();
    }
  });
});

describe('NOWPayments from the environment', () => {
  it('is on with both keys and talks to NOWPAYMENTS_API_URL', async () => {
    const providers = await realProvidersFromEnv({
      NOWPAYMENTS_API_KEY: API_KEY,
      NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
      NOWPAYMENTS_API_URL: fake.url,
    });
    expect(providers.map((p) => p.name)).toEqual(['nowpayments']);
    expect((await providers[0]!.createCheckout(checkout)).providerRef).toBe(INVOICE);
  });

  it('all three together, in method order', async () => {
    const providers = await realProvidersFromEnv({
      MERCADOPAGO_ACCESS_TOKEN: 'a',
      MERCADOPAGO_WEBHOOK_SECRET: 'b',
      STRIPE_SECRET_KEY: 'c',
      STRIPE_WEBHOOK_SECRET: 'd',
      NOWPAYMENTS_API_KEY: 'e',
      NOWPAYMENTS_IPN_SECRET: 'f',
    });
    expect(providers.map((p) => [p.name, p.methods])).toEqual([
      ['mercadopago', ['regional', 'instant']],
      ['stripe', ['card']],
      ['nowpayments', ['crypto']],
    ]);
  });
});
