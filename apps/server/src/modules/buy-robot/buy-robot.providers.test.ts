import {
  endpoints as api,
  BRL_PLANS,
  CRYPTO_NETWORKS,
  USD_PLANS,
  type Purchase,
  type PurchaseState,
} from '@app/contract';
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { USDT_PAY_CURRENCIES } from '../../payments/nowpayments.ts';
import { callAs, createTestApp, useTestApp } from '../../test/app.ts';
import { startFakeHttp, type RecordedRequest } from '../../test/fake-http.ts';
import { newTrader } from '../../test/trading.ts';

/**
 * The real payment providers wired through the whole app: each one switched on by
 * its keys in the environment, its API base URL pointing at a local fake. A verified trader buys
 * with `POST /api/buybot`, the fake checks the checkout request the SDK sends (amount, currency
 * and reference computed by the server from the contract's table), then the provider's signed
 * notification reaches `/api/payments/<name>/notify` and the purchase and the bot's expiry move.
 * No network, no sleeps: the app's clock is a variable.
 */

const DAY = 86_400;
const clock = { now: Date.UTC(2026, 5, 1, 12, 0) };
const nowSec = () => Math.floor(clock.now / 1000);
const PUBLIC_URL = 'https://robo.example.com';
const CPF = '529.982.247-25';

const MP_TOKEN = 'APP_USR-e2e-token';
const MP_SECRET = 'mp-e2e-webhook-secret';
const STRIPE_KEY = 'sk_test_e2e_key';
const STRIPE_WHSEC = 'whsec_e2e_secret';
const NP_KEY = 'NP-E2E-KEY';
const NP_SECRET = 'np-e2e-ipn-secret';

/* ---------- Mercado Pago fake: preferences, payments, search ---------- */

const mpPreferences = new Map<string, Record<string, unknown>>();
const mpPayments = new Map<string, Record<string, unknown>>();
let mpNext = 1;
const mp = await startFakeHttp((req: RecordedRequest) => {
  if (req.headers.authorization !== `Bearer ${MP_TOKEN}`) return { status: 401, body: {} };
  if (req.method === 'POST' && req.path === '/checkout/preferences/') {
    const id = `111-pref-${mpNext++}`;
    const body = req.json as Record<string, unknown>;
    const pref = {
      id,
      external_reference: body['external_reference'],
      init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
    };
    mpPreferences.set(id, pref);
    return { status: 201, body: pref };
  }
  const pref = /^\/checkout\/preferences\/([\w-]+)$/.exec(req.path);
  if (req.method === 'GET' && pref) {
    const found = mpPreferences.get(pref[1]!);
    return found ? { body: found } : { status: 404, body: {} };
  }
  if (req.method === 'GET' && req.path === '/v1/payments/search') {
    const ref = req.query.get('external_reference');
    const results = [...mpPayments.values()].filter((p) => p['external_reference'] === ref);
    return { body: { paging: { total: results.length }, results } };
  }
  const pay = /^\/v1\/payments\/(\d+)$/.exec(req.path);
  if (req.method === 'GET' && pay) {
    const found = mpPayments.get(pay[1]!);
    return found ? { body: found } : { status: 404, body: { message: 'not found' } };
  }
  return { status: 404, body: { message: `no route ${req.method} ${req.path}` } };
});

/* ---------- Stripe fake: Checkout Sessions ---------- */

const stripeSessions = new Map<string, Record<string, unknown>>();
let stripeNext = 1;
const stripe = await startFakeHttp((req: RecordedRequest) => {
  if (req.headers.authorization !== `Bearer ${STRIPE_KEY}`) {
    return { status: 401, body: { error: { type: 'invalid_request_error', message: 'key' } } };
  }
  if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
    const form = req.form!;
    const id = `cs_test_e2e${stripeNext++}`;
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
    stripeSessions.set(id, session);
    return { body: session };
  }
  const match = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(req.path);
  if (req.method === 'GET' && match) {
    const session = stripeSessions.get(match[1]!);
    return session ? { body: session } : { status: 404, body: { error: {} } };
  }
  return { status: 404, body: { error: { message: `no route ${req.method} ${req.path}` } } };
});

/* ---------- NOWPayments fake: invoices and payments ---------- */

const npInvoices = new Map<string, Record<string, unknown>>();
const npPayments = new Map<string, Record<string, unknown>>();
let npNext = 5_000_000_001;
const np = await startFakeHttp((req: RecordedRequest) => {
  if (req.headers['x-api-key'] !== NP_KEY) return { status: 403, body: { message: 'key' } };
  if (req.method === 'POST' && req.path === '/v1/invoice') {
    const id = String(npNext++);
    const invoice = {
      id,
      ...(req.json as Record<string, unknown>),
      invoice_url: `https://nowpayments.io/payment/?iid=${id}`,
    };
    npInvoices.set(id, invoice);
    return { body: invoice };
  }
  const match = /^\/v1\/payment\/(\d+)$/.exec(req.path);
  if (req.method === 'GET' && match) {
    const payment = npPayments.get(match[1]!);
    return payment ? { body: payment } : { status: 404, body: { message: 'not found' } };
  }
  return { status: 404, body: { message: `no route ${req.method} ${req.path}` } };
});

afterAll(async () => {
  await Promise.all([mp.close(), stripe.close(), np.close()]);
});
beforeEach(() => {
  for (const fake of [mp, stripe, np]) fake.requests.length = 0;
});

/** The three providers switched on as an operator would: keys and API URLs in the environment. */
const ENV = {
  MERCADOPAGO_ACCESS_TOKEN: MP_TOKEN,
  MERCADOPAGO_WEBHOOK_SECRET: MP_SECRET,
  MERCADOPAGO_API_URL: mp.url,
  STRIPE_SECRET_KEY: STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: STRIPE_WHSEC,
  STRIPE_API_URL: stripe.url,
  NOWPAYMENTS_API_KEY: NP_KEY,
  NOWPAYMENTS_IPN_SECRET: NP_SECRET,
  NOWPAYMENTS_API_URL: np.url,
};

// No free trial here (a new bot starts expired), so a payment extends from now; the trial's own
// arithmetic is in modules/bots/trial.test.ts.
const t = useTestApp({
  now: () => clock.now,
  publicUrl: PUBLIC_URL,
  payments: { env: ENV },
  trialDays: 0,
});

/* ---------- helpers ---------- */

type Trader = Awaited<ReturnType<typeof newTrader>>;

async function buy(me: Trader, over: Partial<Purchase>): Promise<string> {
  const body: Purchase = {
    userid: me.userid,
    subid: '',
    coin: 'brl',
    quantity: 0,
    ...over,
  } as Purchase;
  const res = await callAs(t.app, me.cookie, api.buyBot, { body });
  expect(res.statusCode, res.body).toBe(200);
  return api.buyBot.response.parse(res.json()).purchase;
}

async function stateOf(purchase: string): Promise<PurchaseState> {
  const res = await t.app.inject({ method: 'GET', url: `/api/purchase?id=${purchase}` });
  expect(res.statusCode).toBe(200);
  return api.purchaseStatus.response.parse(res.json()).state;
}

async function botexpOf(userid: string): Promise<number> {
  const row = await t.app.deps.db
    .selectFrom('bots')
    .select('botexp')
    .where('userid', '=', userid)
    .executeTakeFirstOrThrow();
  return Number(row.botexp);
}

async function notificationsOf(purchase: string): Promise<number> {
  const rows = await t.app.deps.db
    .selectFrom('payment_notifications')
    .select('event_id')
    .where('purchase_id', '=', purchase)
    .execute();
  return rows.length;
}

/** What a provider's notification looks like on the wire. */
interface Wire {
  query?: Record<string, string>;
  headers: Record<string, string>;
  rawBody: string;
}

/** The provider posts its notification to our notify endpoint (no session, no Origin). */
async function deliver(provider: string, n: Wire) {
  const qs = new URLSearchParams(n.query ?? {}).toString();
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${provider}/notify${qs ? `?${qs}` : ''}`,
    headers: { origin: undefined, ...n.headers },
    payload: n.rawBody,
  });
}

function requestTo(fake: { requests: RecordedRequest[] }, method: string, path: string) {
  const found = fake.requests.filter((r) => r.method === method && r.path === path);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/* Mercado Pago: signed Webhooks (x-signature over id/request-id/ts), state read from the payment. */
let mpRequest = 1;
function mpNotification(paymentId: string, secret = MP_SECRET): Wire {
  const requestId = `req-${mpRequest++}`;
  const ts = nowSec();
  const v1 = createHmac('sha256', secret)
    .update(`id:${paymentId};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  return {
    query: { 'data.id': paymentId, type: 'payment', source_news: 'webhooks' },
    headers: {
      'x-signature': `ts=${ts},v1=${v1}`,
      'x-request-id': requestId,
      'content-type': 'application/json',
    },
    rawBody: JSON.stringify({
      id: 99_000_001,
      type: 'payment',
      action: 'payment.updated',
      data: { id: paymentId },
    }),
  };
}
let mpPaymentNext = 70_000_001;
function mpPay(purchase: string, status: string, detail = 'accredited'): string {
  const id = String(mpPaymentNext++);
  mpPayments.set(id, {
    id: Number(id),
    status,
    status_detail: detail,
    external_reference: purchase,
  });
  return id;
}

/* Stripe: an event about the session, signed as Stripe signs it (t=…,v1=…). */
let stripeEvent = 1;
function stripeNotification(type: string, sessionId: string, secret = STRIPE_WHSEC): Wire {
  const session = stripeSessions.get(sessionId)!;
  const rawBody = JSON.stringify({
    id: `evt_e2e_${stripeEvent++}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: session },
  });
  // Stripe's tolerance is checked against the real clock (the provider is built from env).
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret });
  return {
    headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
    rawBody,
  };
}
function sessionOf(purchase: string): string {
  const found = [...stripeSessions.values()].find((s) => s['client_reference_id'] === purchase);
  return String(found!['id']);
}

/* NOWPayments: IPN signed with HMAC-SHA512 of the key-sorted JSON body. */
function sortDeep(v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const obj = v as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(obj)
      .sort()
      .map((k) => [k, sortDeep(obj[k])]),
  );
}
function npNotification(body: Record<string, unknown>, secret = NP_SECRET): Wire {
  const sig = createHmac('sha512', secret)
    .update(JSON.stringify(sortDeep(body)))
    .digest('hex');
  return {
    headers: { 'x-nowpayments-sig': sig, 'content-type': 'application/json' },
    rawBody: JSON.stringify(body),
  };
}
let npPaymentNext = 4_000_000_001;
function npPayment(purchase: string, status: string): Record<string, unknown> {
  const invoice = [...npInvoices.values()].find((i) => i['order_id'] === purchase)!;
  const payment = {
    payment_id: npPaymentNext++,
    invoice_id: Number(invoice['id']),
    payment_status: status,
    pay_currency: invoice['pay_currency'],
    price_amount: invoice['price_amount'],
    price_currency: invoice['price_currency'],
    order_id: purchase,
  };
  npPayments.set(String(payment.payment_id), payment);
  return payment;
}

const plan = (list: typeof BRL_PLANS, subid: string) => list.find((p) => p.subid === subid)!;

/* ---------- tests ---------- */

describe('real providers configured from the environment', () => {
  it('each method is served by its provider; the local checkout is off', async () => {
    const me = await newTrader(t.app);
    const res = await callAs(t.app, me.cookie, api.payMethods, { query: { userid: me.userid } });
    const methods = api.payMethods.response.parse(res.json());
    const available = methods.filter((m) => m.available).map((m) => m.method);
    expect(available.sort()).toEqual(['card', 'crypto', 'instant', 'regional']);
  });
});

describe('Mercado Pago (regional) through the app', () => {
  it('buys, gets paid by a signed webhook, extends once; a repeat extends nothing', async () => {
    const me = await newTrader(t.app);
    const purchase = await buy(me, { paymethod: 'regional', subid: 'brl-1-30', cpf: CPF });

    const sent = requestTo(mp, 'POST', '/checkout/preferences/').json as {
      items: { unit_price: number; currency_id: string; quantity: number }[];
      external_reference: string;
      notification_url: string;
      back_urls: { success: string };
      payer: { identification: { type: string; number: string } };
    };
    expect(sent.items).toHaveLength(1);
    expect(sent.items[0]).toMatchObject({
      unit_price: plan(BRL_PLANS, 'brl-1-30').priceCents / 100,
      currency_id: 'BRL',
      quantity: 1,
    });
    expect(sent.external_reference).toBe(purchase);
    expect(sent.notification_url).toBe(
      `${PUBLIC_URL}/api/payments/mercadopago/notify?source_news=webhooks`,
    );
    expect(sent.back_urls.success).toBe(`${PUBLIC_URL}/paymentok?purchase=${purchase}`);
    expect(sent.payer.identification).toEqual({ type: 'CPF', number: '52998224725' });
    expect(await stateOf(purchase)).toBe('waiting');

    const paymentId = mpPay(purchase, 'approved');
    const first = await deliver('mercadopago', mpNotification(paymentId));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true, result: 'applied' });
    expect(await stateOf(purchase)).toBe('paid');
    const paidUntil = nowSec() + 30 * DAY;
    expect(await botexpOf(me.userid)).toBe(paidUntil);

    // Mercado Pago retries (a new x-request-id): the same payment state is the same event.
    const again = await deliver('mercadopago', mpNotification(paymentId));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, result: 'duplicate' });
    expect(await botexpOf(me.userid)).toBe(paidUntil);
    expect(await notificationsOf(purchase)).toBe(1);
  });

  it('an unsigned delivery is a hint: 200, the state read back from the API, never from the body', async () => {
    const me = await newTrader(t.app);
    const purchase = await buy(me, { paymethod: 'regional', subid: 'brl-1-30', cpf: CPF });
    const pending = mpPay(purchase, 'pending', 'pending_waiting_transfer');
    // Whatever the body claims, the API says pending: nothing is granted.
    const claim = mpNotification(pending, 'not-the-secret');
    const forgedBody = { ...JSON.parse(claim.rawBody), status: 'approved' };
    const forged = await deliver('mercadopago', { ...claim, rawBody: JSON.stringify(forgedBody) });
    expect(forged.statusCode).toBe(200);
    expect(await stateOf(purchase)).toBe('waiting');
    expect(await botexpOf(me.userid)).toBe(nowSec());

    // A real Checkout Pro delivery whose signature does not verify: paid, read from the API.
    const approved = mpPay(purchase, 'approved');
    const unsigned = mpNotification(approved);
    const res = await deliver('mercadopago', { ...unsigned, headers: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, result: 'applied' });
    expect(await stateOf(purchase)).toBe('paid');
    expect(await botexpOf(me.userid)).toBe(nowSec() + 30 * DAY);

    // Unsigned junk about no payment: 200, nothing asked, nothing stored.
    mp.requests.length = 0;
    const before = await t.app.deps.db
      .selectFrom('payment_notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const junk = await deliver('mercadopago', {
      query: { type: 'merchant_order', 'data.id': 'x1' },
      headers: {},
      rawBody: '',
    });
    expect(junk.statusCode).toBe(200);
    expect(mp.requests).toEqual([]);
    const after = await t.app.deps.db
      .selectFrom('payment_notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('a rejected payment marks the purchase failed and extends nothing', async () => {
    const me = await newTrader(t.app);
    const purchase = await buy(me, { paymethod: 'regional', subid: 'brl-1-7', cpf: CPF });
    const res = await deliver(
      'mercadopago',
      mpNotification(mpPay(purchase, 'rejected', 'cc_rejected_other_reason')),
    );
    expect(res.statusCode).toBe(200);
    expect(await stateOf(purchase)).toBe('failed');
    expect(await botexpOf(me.userid)).toBe(nowSec());
  });

  it('a missed notification is picked up by the look-up when the purchase is read', async () => {
    const me = await newTrader(t.app);
    const purchase = await buy(me, { paymethod: 'instant', subid: 'brl-1-15', cpf: CPF });
    const paymentId = mpPay(purchase, 'approved');
    // Read at once: the provider is not asked yet (at most every 30 s).
    expect(await stateOf(purchase)).toBe('waiting');
    clock.now += 30_000;
    expect(await stateOf(purchase)).toBe('paid');
    const paidUntil = nowSec() + 15 * DAY;
    expect(await botexpOf(me.userid)).toBe(paidUntil);
    expect(mp.requests.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/checkout\/preferences\/111-pref-\d+$/),
        'GET /v1/payments/search',
      ]),
    );

    // The late webhook for the same payment then changes nothing.
    clock.now += 60_000;
    const late = await deliver('mercadopago', mpNotification(paymentId));
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ ok: true, result: 'unchanged' });
    expect(await botexpOf(me.userid)).toBe(paidUntil);
  });
});

describe('Stripe (card) through the app', () => {
  it('buys in USD, gets paid by a signed event, extends once; a resend extends nothing', async () => {
    const me = await newTrader(t.app);
    const purchase = await buy(me, { paymethod: 'card', coin: 'usd', subid: 'usd-1-90' });

    const form = requestTo(stripe, 'POST', '/v1/checkout/sessions').form!;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe(
      String(plan(USD_PLANS, 'usd-1-90').priceCents),
    );
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('client_reference_id')).toBe(purchase);
    expect(form.get('success_url')).toBe(`${PUBLIC_URL}/paymentok?purchase=${purchase}`);

    const session = sessionOf(purchase);
    Object.assign(stripeSessions.get(session)!, { status: 'complete', payment_status: 'paid' });
    const paid = stripeNotification('checkout.session.completed', session);
    const first = await deliver('stripe', paid);
    expect(first.json()).toEqual({ ok: true, result: 'applied' });
    expect(await stateOf(purchase)).toBe('paid');
    const paidUntil = nowSec() + 90 * DAY;
    expect(await botexpOf(me.userid)).toBe(paidUntil);

    // The very same event delivered twice (Stripe retries), then a second event saying paid.
    expect((await deliver('stripe', paid)).json()).toEqual({ ok: true, result: 'duplicate' });
    const other = await deliver(
      'stripe',
      stripeNotification('checkout.session.async_payment_succeeded', session),
    );
    expect(other.json()).toEqual({ ok: true, result: 'duplicate' });
    expect(await botexpOf(me.userid)).toBe(paidUntil);
  });

  it('a bad signature is 401 and changes nothing', async () => {
    const me = await newTrader(t.app);
    const purchase = await buy(me, { paymethod: 'card', coin: 'brl', subid: 'brl-1-30' });
    const form = requestTo(stripe, 'POST', '/v1/checkout/sessions').form!;
    expect(form.get('line_items[0][price_data][currency]')).toBe('brl');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('8000');
    const session = sessionOf(purchase);
    Object.assign(stripeSessions.get(session)!, { status: 'complete', payment_status: 'paid' });
    const forged = await deliver(
      'stripe',
      stripeNotification('checkout.session.completed', session, 'whsec_wrong'),
    );
    expect(forged.statusCode).toBe(401);
    expect(await stateOf(purchase)).toBe('waiting');
    expect(await botexpOf(me.userid)).toBe(nowSec());
    expect(await notificationsOf(purchase)).toBe(0);
  });

  it('an asynchronous payment that fails marks the purchase failed', async () => {
    const me = await newTrader(t.app);
    const purchase = await buy(me, { paymethod: 'card', coin: 'usd', subid: 'usd-1-30' });
    const session = sessionOf(purchase);
    Object.assign(stripeSessions.get(session)!, { status: 'complete', payment_status: 'unpaid' });
    const res = await deliver(
      'stripe',
      stripeNotification('checkout.session.async_payment_failed', session),
    );
    expect(res.json()).toEqual({ ok: true, result: 'applied' });
    expect(await stateOf(purchase)).toBe('failed');
    expect(await botexpOf(me.userid)).toBe(nowSec());
  });
});

describe('NOWPayments (crypto) through the app', () => {
  it('buys in USDT on the chosen network, gets paid by a signed IPN, extends once', async () => {
    const me = await newTrader(t.app);
    const purchase = await buy(me, {
      paymethod: 'crypto',
      coin: 'usd',
      subid: 'usd-1-30',
      network: 'trc20',
    });
    const sent = requestTo(np, 'POST', '/v1/invoice').json as Record<string, unknown>;
    expect(sent).toMatchObject({
      price_amount: plan(USD_PLANS, 'usd-1-30').priceCents / 100,
      price_currency: 'usd',
      pay_currency: 'usdttrc20',
      order_id: purchase,
      ipn_callback_url: `${PUBLIC_URL}/api/payments/nowpayments/notify`,
      success_url: `${PUBLIC_URL}/paymentok?purchase=${purchase}`,
    });

    const payment = npPayment(purchase, 'confirmed');
    const first = await deliver('nowpayments', npNotification(payment));
    expect(first.json()).toEqual({ ok: true, result: 'applied' });
    // A paid IPN is confirmed at the source before it counts.
    expect(np.requests.map((r) => `${r.method} ${r.path}`)).toContain(
      `GET /v1/payment/${String(payment['payment_id'])}`,
    );
    expect(await stateOf(purchase)).toBe('paid');
    const paidUntil = nowSec() + 30 * DAY;
    expect(await botexpOf(me.userid)).toBe(paidUntil);

    // `finished` after `confirmed` means the same: nothing extended twice.
    npPayments.set(String(payment['payment_id']), { ...payment, payment_status: 'finished' });
    const finished = await deliver(
      'nowpayments',
      npNotification({ ...payment, payment_status: 'finished' }),
    );
    expect(finished.json()).toEqual({ ok: true, result: 'duplicate' });
    expect(await botexpOf(me.userid)).toBe(paidUntil);
  });

  it('a bad signature is 401 and changes nothing', async () => {
    const me = await newTrader(t.app);
    const purchase = await buy(me, {
      paymethod: 'crypto',
      coin: 'usd',
      subid: 'usd-1-30',
      network: 'bep20',
    });
    const payment = npPayment(purchase, 'finished');
    const forged = await deliver('nowpayments', npNotification(payment, 'wrong-secret'));
    expect(forged.statusCode).toBe(401);
    // A body changed after signing is refused too.
    const signed = npNotification({ ...payment, payment_status: 'failed' });
    const tampered = await deliver('nowpayments', { ...signed, rawBody: JSON.stringify(payment) });
    expect(tampered.statusCode).toBe(401);
    expect(await stateOf(purchase)).toBe('waiting');
    expect(await botexpOf(me.userid)).toBe(nowSec());
    expect(await notificationsOf(purchase)).toBe(0);
  });

  it('a failed payment marks the purchase failed', async () => {
    const me = await newTrader(t.app);
    const purchase = await buy(me, {
      paymethod: 'crypto',
      coin: 'usd',
      subid: 'usd-1-30',
      network: 'erc20',
    });
    const res = await deliver('nowpayments', npNotification(npPayment(purchase, 'failed')));
    expect(res.json()).toEqual({ ok: true, result: 'applied' });
    expect(await stateOf(purchase)).toBe('failed');
    expect(await botexpOf(me.userid)).toBe(nowSec());
  });

  it('every network the /comprar select offers is one the provider accepts', async () => {
    const me = await newTrader(t.app);
    for (const network of CRYPTO_NETWORKS) {
      np.requests.length = 0;
      await buy(me, { paymethod: 'crypto', coin: 'usd', subid: 'usd-1-30', network });
      const sent = requestTo(np, 'POST', '/v1/invoice').json as Record<string, unknown>;
      expect(sent['pay_currency']).toBe(USDT_PAY_CURRENCIES[network]);
    }
    // A network outside the list never reaches the provider.
    const res = await callAs(t.app, me.cookie, api.buyBot, {
      body: {
        userid: me.userid,
        subid: 'usd-1-30',
        coin: 'usd',
        quantity: 0,
        paymethod: 'crypto',
        network: 'polygon',
      },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('half-configured providers at start', () => {
  it('logs a warning naming the missing keys, never a value', async () => {
    const lines: string[] = [];
    const built = await createTestApp({
      logger: true,
      logStream: { write: (line) => lines.push(line) },
      payments: {
        env: {
          STRIPE_SECRET_KEY: 'sk_live_do_not_log_me',
          NOWPAYMENTS_IPN_SECRET: 'ipn-do-not-log-me',
        },
      },
    });
    try {
      const warnings = lines
        .map(
          (l) =>
            JSON.parse(l) as { level: number; msg: string; provider?: string; missing?: string[] },
        )
        .filter((l) => l.level === 40 && l.provider !== undefined);
      expect(warnings.map((w) => [w.provider, w.missing])).toEqual([
        ['stripe', ['STRIPE_WEBHOOK_SECRET']],
        ['nowpayments', ['NOWPAYMENTS_API_KEY']],
      ]);
      expect(warnings[0]!.msg).toContain('STRIPE_WEBHOOK_SECRET');
      const all = lines.join('\n');
      expect(all).not.toContain('do_not_log_me');
      expect(all).not.toContain('do-not-log-me');
    } finally {
      await built.close();
    }
  });

  it('says nothing when every provider is whole or absent', async () => {
    const lines: string[] = [];
    const built = await createTestApp({
      logger: true,
      logStream: { write: (line) => lines.push(line) },
      payments: { env: {} },
    });
    await built.close();
    expect(lines.filter((l) => l.includes('payment provider'))).toEqual([]);
  });
});
