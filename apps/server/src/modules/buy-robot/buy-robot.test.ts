import {
  endpoints as api,
  BRL_PLANS,
  Msg,
  USD_PLANS,
  virtualBotIdCandidates,
  type Purchase,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  InvalidNotificationError,
  type CheckoutRequest,
  type PaymentProvider,
} from '../../payments/provider.ts';
import { callAs, createTestApp, proveBot, registerAndLogin, useTestApp } from '../../test/app.ts';
import { BuyError } from './buy-robot.service.ts';

const DAY = 86_400;
const virtualOf = (source: string, n: number) => virtualBotIdCandidates(source)[n] ?? '';
const clock = { now: Date.UTC(2026, 2, 1, 12, 0) };
const nowSec = () => Math.floor(clock.now / 1000);
const CPF = '529.982.247-25';

let lastCheckout: CheckoutRequest | null = null;
/** What the fake provider answers when asked about a checkout (its `lookup`). */
const lookups = new Map<string, 'paid' | 'failed'>();

/** A real provider's stand-in: signature `good` in a header, outcome and ids in a JSON body. */
const fake: PaymentProvider = {
  name: 'fakepay',
  methods: ['crypto'],
  createCheckout: (req) => {
    lastCheckout = req;
    return Promise.resolve({
      link: `https://fakepay.test/c/${req.purchaseId}`,
      providerRef: `ref-${req.purchaseId}`,
    });
  },
  parseNotification: (n) => {
    if (n.headers['x-fake-signature'] !== 'good') {
      return Promise.reject(new InvalidNotificationError());
    }
    // Authentic, but reading the payment back from the provider's API fails (as fetch does).
    if (n.headers['x-fake-api'] === 'down') return Promise.reject(new TypeError('fetch failed'));
    const body = JSON.parse(n.rawBody) as { event: string; ref: string; status: 'paid' | 'failed' };
    return Promise.resolve({ eventId: body.event, providerRef: body.ref, outcome: body.status });
  },
  lookup: (ref) => Promise.resolve(lookups.get(ref) ?? 'waiting'),
};

// No free trial here: a new bot starts expired (its expiry = its creation), so a purchase starts
// now and "extends nothing" means the expiry is still the creation instant. The trial's own
// arithmetic (a purchase during the trial adds to its end) is in modules/bots/trial.test.ts.
const t = useTestApp({
  now: () => clock.now,
  payments: { providers: [fake], local: true },
  trialDays: 0,
});

type Me = Awaited<ReturnType<typeof registerAndLogin>>;

function buyBody(me: Me, over: Partial<Purchase> & Record<string, unknown> = {}): Purchase {
  return {
    userid: me.userid,
    subid: 'brl-1-30',
    coin: 'brl',
    quantity: 0,
    paymethod: 'regional',
    cpf: CPF,
    ...over,
  } as Purchase;
}

async function buy(me: Me, over: Partial<Purchase> & Record<string, unknown> = {}) {
  return callAs(t.app, me.cookie, api.buyBot, { body: buyBody(me, over) });
}

async function status(id: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/purchase?id=${id}` });
  expect(res.statusCode).toBe(200);
  return api.purchaseStatus.response.parse(res.json());
}

async function botexpOf(userid: string): Promise<number> {
  const row = await t.app.deps.db
    .selectFrom('bots')
    .select('botexp')
    .where('userid', '=', userid)
    .executeTakeFirstOrThrow();
  return Number(row.botexp);
}

/** Presses Pay or Decline on the local checkout page, as the browser's form does. */
async function pressLocal(purchase: string, outcome: 'paid' | 'failed', cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/pay/local/${purchase}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie !== undefined ? { cookie } : {}),
    },
    payload: `outcome=${outcome}`,
  });
}

async function addBot(me: Me, botid: string, virtual = true) {
  // A virtual bot is derived only from a verified bot.
  if (virtual) await proveBot(t.app, me);
  const res = await callAs(t.app, me.cookie, api.addBot, {
    body: { userid: me.userid, botid, virtual },
  });
  expect(res.statusCode).toBe(200);
}

describe('POST /buybot: prices from the catalogue', () => {
  it('prices a list plan and a custom plan on the server; a price in the body is ignored', async () => {
    const me = await registerAndLogin(t.app);
    const res = await buy(me, { price: 1, amountCents: 1 });
    expect(res.statusCode).toBe(200);
    const { link, purchase } = api.buyBot.response.parse(res.json());
    expect(link).toBe(`http://localhost/pay/local/${purchase}`);
    expect(purchase).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await status(purchase)).toMatchObject({
      state: 'waiting',
      bots: 1,
      days: 30,
      amountCents: 8000,
      currency: 'brl',
      paymethod: 'regional',
      paidAt: null,
    });

    // Custom: 5 bots, 60 days → 5 × 2 × R$30. The account needs 5 bots first.
    for (const n of [0, 1, 2, 3]) await addBot(me, virtualOf(me.userid, n));
    const custom = await buy(me, { subid: '', custom: true, quantity: 5, days: 60 });
    expect(custom.statusCode).toBe(200);
    const c = await status(api.buyBot.response.parse(custom.json()).purchase);
    expect(c).toMatchObject({ bots: 5, days: 60, amountCents: 30000 });

    const usd = await buy(me, {
      paymethod: 'card',
      coin: 'usd',
      subid: 'usd-1-90',
      cpf: undefined,
    });
    expect(await status(api.buyBot.response.parse(usd.json()).purchase)).toMatchObject({
      amountCents: 3500,
      currency: 'usd',
    });
  });

  it('charges every plan of both lists exactly its catalogue price', async () => {
    const me = await registerAndLogin(t.app);
    for (const n of [0, 1, 2]) await addBot(me, virtualOf(me.userid, n));
    const all = [
      me.userid,
      virtualOf(me.userid, 0),
      virtualOf(me.userid, 1),
      virtualOf(me.userid, 2),
    ];
    const lists = [
      { plans: BRL_PLANS, over: { paymethod: 'regional', coin: 'brl', cpf: CPF } },
      { plans: USD_PLANS, over: { paymethod: 'card', coin: 'usd', cpf: undefined } },
    ] as const;
    for (const { plans, over } of lists) {
      for (const plan of plans) {
        const res = await buy(me, { ...over, subid: plan.subid, bots: all.slice(0, plan.bots) });
        expect(res.statusCode, `${plan.subid} ${res.body}`).toBe(200);
        const s = await status(api.buyBot.response.parse(res.json()).purchase);
        expect(s, plan.subid).toMatchObject({
          bots: plan.bots,
          days: plan.days,
          amountCents: plan.priceCents,
          currency: over.coin,
        });
      }
    }
  });

  it('answers every rule in order with its message', async () => {
    const me = await registerAndLogin(t.app);
    const cases: [Partial<Purchase> & Record<string, unknown>, string, string][] = [
      [{ subid: '' }, Msg.buyRobot.plan, 'subid'],
      [{ paymethod: '' as never }, Msg.buyRobot.payMethod, 'paymethod'],
      [{ custom: true, quantity: 4, days: 30 }, Msg.buyRobot.minQuantity, 'quantity'],
      [{ custom: true, quantity: 5, days: 45 }, Msg.buyRobot.days, 'days'],
      [{ paymethod: 'crypto', coin: 'brl', subid: 'usd-1-30' }, Msg.buyRobot.currency, 'coin'],
      [{ paymethod: 'crypto', coin: 'usd', subid: 'usd-1-30' }, Msg.buyRobot.network, 'network'],
      [{ cpf: undefined }, Msg.buyRobot.cpf, 'cpf'],
      [{ cpf: '529.982.247-24' }, Msg.buyRobot.cpf, 'cpf'],
      [{ subid: 'usd-1-30' }, Msg.buyRobot.plan, 'subid'],
      [{ paymethod: 'card', coin: 'usd', subid: 'brl-1-30' }, Msg.buyRobot.plan, 'subid'],
      [{ paymethod: 'wallet' }, BuyError.methodUnavailable, 'paymethod'],
      [{ subid: 'brl-2-30' }, BuyError.createBotsFirst, 'bots'],
    ];
    for (const [over, code, field] of cases) {
      const res = await buy(me, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error, JSON.stringify(over)).toMatchObject({
        code,
        fields: { [field]: code },
      });
    }
    const noId = await t.app.inject({
      method: 'POST',
      url: '/api/buybot',
      headers: { cookie: me.cookie },
      payload: { subid: 'brl-1-30' },
    });
    expect(noId.json().error.code).toBe(Msg.buyRobot.telegramId);
  });

  it('covers the chosen bots; with more bots than the plan the trader must choose', async () => {
    const me = await registerAndLogin(t.app);
    await addBot(me, virtualOf(me.userid, 0));
    await addBot(me, virtualOf(me.userid, 1));
    const unchosen = await buy(me, { subid: 'brl-2-30' });
    expect(unchosen.json().error.code).toBe(BuyError.chooseBots);
    const wrong = await buy(me, { subid: 'brl-2-30', bots: [me.userid, me.userid] });
    expect(wrong.json().error.code).toBe(BuyError.chooseBots);
    const foreign = await buy(me, { subid: 'brl-2-30', bots: [me.userid, '123456789'] });
    expect(foreign.json().error.code).toBe(BuyError.chooseBots);
    const ok = await buy(me, { subid: 'brl-2-30', bots: [me.userid, virtualOf(me.userid, 1)] });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses another account’s bot (403) and a logged-out caller (401)', async () => {
    const me = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    expect((await callAs(t.app, other.cookie, api.buyBot, { body: buyBody(me) })).statusCode).toBe(
      403,
    );
    const anon = await t.app.inject({ method: 'POST', url: '/api/buybot', payload: buyBody(me) });
    expect(anon.statusCode).toBe(401);
  });
});

describe('the local provider, end to end', () => {
  it('serves a checkout page; Pay marks the purchase paid once and extends the expiry', async () => {
    const me = await registerAndLogin(t.app);
    const { purchase } = api.buyBot.response.parse((await buy(me)).json());

    const page = await t.app.inject({
      method: 'GET',
      url: `/pay/local/${purchase}`,
      headers: { 'accept-language': 'en-US,en;q=0.9', cookie: me.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('R$');
    expect(page.body).toContain('>Pay<');
    expect(page.body).toContain('>Decline<');
    expect(page.body).not.toContain('<script');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const pt = await t.app.inject({
      method: 'GET',
      url: `/pay/local/${purchase}`,
      headers: { cookie: me.cookie },
    });
    expect(pt.body).toContain('>Pagar<');

    const paid = await pressLocal(purchase, 'paid', me.cookie);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/paymentok?purchase=${purchase}`);
    const s = await status(purchase);
    expect(s).toMatchObject({ state: 'paid', paidAt: clock.now });
    expect(await botexpOf(me.userid)).toBe(nowSec() + 30 * DAY);

    // The same button again (a duplicate notification): nothing moves.
    expect((await pressLocal(purchase, 'paid', me.cookie)).statusCode).toBe(303);
    expect((await pressLocal(purchase, 'failed', me.cookie)).statusCode).toBe(303);
    expect(await status(purchase)).toMatchObject({ state: 'paid' });
    expect(await botexpOf(me.userid)).toBe(nowSec() + 30 * DAY);
    const after = await t.app.inject({
      method: 'GET',
      url: `/pay/local/${purchase}`,
      headers: { cookie: me.cookie },
    });
    expect(after.body).not.toContain('>Pagar<');
  });

  it('Decline marks it failed and extends nothing', async () => {
    const me = await registerAndLogin(t.app);
    const { purchase } = api.buyBot.response.parse((await buy(me)).json());
    expect((await pressLocal(purchase, 'failed', me.cookie)).statusCode).toBe(303);
    expect(await status(purchase)).toMatchObject({ state: 'failed' });
    expect(await botexpOf(me.userid)).toBe(nowSec());
  });

  it('refuses a cross-site form post, an unknown purchase and a forged notification', async () => {
    const me = await registerAndLogin(t.app);
    const { purchase } = api.buyBot.response.parse((await buy(me)).json());
    const cross = await t.app.inject({
      method: 'POST',
      url: `/pay/local/${purchase}`,
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: me.cookie,
      },
      payload: 'outcome=paid',
    });
    expect(cross.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/pay/local/nope' })).statusCode).toBe(404);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/payments/local/notify',
      headers: { 'content-type': 'application/json', 'x-local-signature': '00'.repeat(32) },
      payload: JSON.stringify({ purchaseId: purchase, outcome: 'paid', eventId: 'x' }),
    });
    expect(forged.statusCode).toBe(401);
    expect(await status(purchase)).toMatchObject({ state: 'waiting' });
    expect((await t.app.inject({ method: 'GET', url: '/api/purchase?id=short' })).statusCode).toBe(
      400,
    );
  });

  it('pays only for the account that made the purchase: the link alone, or another account, gets 404', async () => {
    const me = await registerAndLogin(t.app);
    const other = await registerAndLogin(t.app);
    const { purchase } = api.buyBot.response.parse((await buy(me)).json());
    for (const cookie of [undefined, other.cookie]) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/pay/local/${purchase}`,
        headers: cookie !== undefined ? { cookie } : {},
      });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('R$');
      expect((await pressLocal(purchase, 'paid', cookie)).statusCode).toBe(404);
    }
    expect(await status(purchase)).toMatchObject({ state: 'waiting' });
    expect(await botexpOf(me.userid)).toBe(nowSec());
    expect((await pressLocal(purchase, 'paid', me.cookie)).statusCode).toBe(303);
    expect(await status(purchase)).toMatchObject({ state: 'paid' });
  });

  it('expires a purchase left unpaid for a day', async () => {
    const me = await registerAndLogin(t.app);
    const { purchase } = api.buyBot.response.parse((await buy(me)).json());
    const start = clock.now;
    clock.now = start + 25 * 3600 * 1000;
    try {
      expect(await status(purchase)).toMatchObject({ state: 'expired' });
    } finally {
      clock.now = start;
    }
  });
});

describe('a real provider behind the interface (a fake): notifications', () => {
  function notify(body: object, signature = 'good') {
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/fakepay/notify',
      headers: { 'content-type': 'application/json', 'x-fake-signature': signature },
      payload: JSON.stringify(body),
    });
  }

  it('takes the raw body, refuses a bad signature, applies a payment once', async () => {
    const me = await registerAndLogin(t.app);
    const res = await buy(me, {
      paymethod: 'crypto',
      coin: 'usd',
      subid: 'usd-1-30',
      network: 'trc20',
      cpf: undefined,
    });
    const { link, purchase } = api.buyBot.response.parse(res.json());
    expect(link).toBe(`https://fakepay.test/c/${purchase}`);
    expect(lastCheckout).toEqual({
      purchaseId: purchase,
      amountCents: 1200,
      currency: 'usd',
      description: 'Robot: 1 bot, 30 days',
      returnUrl: `http://localhost/paymentok?purchase=${purchase}`,
      notifyUrl: 'http://localhost/api/payments/fakepay/notify',
      network: 'trc20',
    });

    const bad = await notify({ event: 'e1', ref: `ref-${purchase}`, status: 'paid' }, 'bad');
    expect(bad.statusCode).toBe(401);
    expect(await status(purchase)).toMatchObject({ state: 'waiting' });

    const ok = await notify({ event: 'e1', ref: `ref-${purchase}`, status: 'paid' });
    expect(ok.json()).toEqual({ ok: true, result: 'applied' });
    const dup = await notify({ event: 'e1', ref: `ref-${purchase}`, status: 'paid' });
    expect(dup.json()).toEqual({ ok: true, result: 'duplicate' });
    const again = await notify({ event: 'e2', ref: `ref-${purchase}`, status: 'paid' });
    expect(again.json()).toEqual({ ok: true, result: 'unchanged' });
    expect(await botexpOf(me.userid)).toBe(nowSec() + 30 * DAY);
    const stored = await t.app.deps.db
      .selectFrom('payment_notifications')
      .select(['event_id', 'purchase_id', 'outcome'])
      .where('provider', '=', 'fakepay')
      .where('purchase_id', '=', purchase)
      .orderBy('id')
      .execute();
    expect(stored.map((s) => s.event_id)).toEqual(['e1', 'e2']);
  });

  it('a read of a waiting purchase asks the provider (at most every 30 s): a lost notification still lands', async () => {
    const me = await registerAndLogin(t.app);
    const res = await buy(me, {
      paymethod: 'crypto',
      coin: 'usd',
      subid: 'usd-1-90',
      network: 'erc20',
      cpf: undefined,
    });
    const { purchase } = api.buyBot.response.parse(res.json());
    lookups.set(`ref-${purchase}`, 'paid');
    expect(await status(purchase)).toMatchObject({ state: 'waiting' });
    const start = clock.now;
    clock.now = start + 30_000;
    try {
      expect(await status(purchase)).toMatchObject({ state: 'paid', paidAt: clock.now });
      expect(await botexpOf(me.userid)).toBe(nowSec() + 90 * DAY);
    } finally {
      clock.now = start;
    }
  });

  it('a signed notification the provider API cannot confirm now answers 503 + Retry-After, logged once, changing nothing', async () => {
    const lines: string[] = [];
    const { app, close } = await createTestApp({
      now: () => clock.now,
      payments: { providers: [fake], local: true },
      trialDays: 0,
      logger: true,
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      const me = await registerAndLogin(app);
      const res = await callAs(app, me.cookie, api.buyBot, {
        body: buyBody(me, {
          paymethod: 'crypto',
          coin: 'usd',
          subid: 'usd-1-30',
          network: 'trc20',
          cpf: undefined,
        }),
      });
      const { purchase } = api.buyBot.response.parse(res.json());
      const notify = (api: 'down' | 'up') =>
        app.inject({
          method: 'POST',
          url: '/api/payments/fakepay/notify',
          headers: {
            'content-type': 'application/json',
            'x-fake-signature': 'good',
            'x-fake-api': api,
          },
          payload: JSON.stringify({ event: 'evt-down', ref: `ref-${purchase}`, status: 'paid' }),
        });
      const down = await notify('down');
      expect(down.statusCode).toBe(503);
      expect(down.headers['retry-after']).toBe('60');
      expect(down.json()).toMatchObject({ error: { code: BuyError.retryLater } });
      const said = lines.filter((l) => l.includes('provider API unreachable'));
      expect(said).toHaveLength(1);
      expect(said[0]).toContain('"level":40');
      expect(lines.some((l) => l.includes('"level":50'))).toBe(false);
      const row = await app.deps.db
        .selectFrom('purchases')
        .select('state')
        .where('id', '=', purchase)
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('waiting');
      // The provider's redelivery, once its API answers, applies it.
      expect((await notify('up')).json()).toEqual({ ok: true, result: 'applied' });
    } finally {
      await close();
    }
  });

  it('answers 404 for an unknown provider', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/nobody/notify',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('expiry arithmetic', () => {
  async function buyAndPay(me: Me, over: Partial<Purchase> = {}) {
    const res = await buy(me, over);
    expect(res.statusCode, res.body).toBe(200);
    const { purchase } = api.buyBot.response.parse(res.json());
    await pressLocal(purchase, 'paid', me.cookie);
    return purchase;
  }

  it('renewing early adds to the expiry ahead; renewing late starts now', async () => {
    const me = await registerAndLogin(t.app);
    await buyAndPay(me);
    const first = nowSec() + 30 * DAY;
    expect(await botexpOf(me.userid)).toBe(first);

    // Early: 10 days later, 90 more days on top of the 20 left.
    const start = clock.now;
    clock.now = start + 10 * DAY * 1000;
    await buyAndPay(me, { subid: 'brl-1-90' });
    expect(await botexpOf(me.userid)).toBe(first + 90 * DAY);

    // Late: it ran out 5 days ago; 7 days from now.
    clock.now = start;
    await t.app.deps.db
      .updateTable('bots')
      .set({ botexp: nowSec() - 5 * DAY })
      .where('userid', '=', me.userid)
      .execute();
    await buyAndPay(me, { subid: 'brl-1-7' });
    expect(await botexpOf(me.userid)).toBe(nowSec() + 7 * DAY);
  });

  it('a plan for N bots extends each of the N bots it covers, and no other', async () => {
    const me = await registerAndLogin(t.app);
    const a = virtualOf(me.userid, 0);
    const b = virtualOf(me.userid, 1);
    await addBot(me, a);
    await addBot(me, b);
    await t.app.deps.db
      .updateTable('bots')
      .set({ botexp: nowSec() + 5 * DAY })
      .where('userid', '=', a)
      .execute();
    await buyAndPay(me, { subid: 'brl-2-30', bots: [a, b] });
    expect(await botexpOf(a)).toBe(nowSec() + 35 * DAY);
    expect(await botexpOf(b)).toBe(nowSec() + 30 * DAY);
    expect(await botexpOf(me.userid)).toBe(nowSec());
  });
});

describe('methods and the seller report', () => {
  it('lists every method, available only when a provider serves it', async () => {
    const me = await registerAndLogin(t.app);
    const res = await callAs(t.app, me.cookie, api.payMethods, { query: { userid: me.userid } });
    const list = api.payMethods.response.parse(res.json());
    expect(Object.fromEntries(list.map((m) => [m.method, m.available]))).toEqual({
      regional: true,
      card: true,
      crypto: true,
      wallet: false,
      marketplace: false,
      instant: false,
    });
  });

  it('records the seller only when it is not the buyer, and lists the seller’s paid sales', async () => {
    const seller = await registerAndLogin(t.app);
    const me = await registerAndLogin(t.app);
    const own = await buy(me, { sellerid: me.userid });
    const sold = await buy(me, { sellerid: seller.userid });
    for (const res of [own, sold]) {
      await pressLocal(api.buyBot.response.parse(res.json()).purchase, 'paid', me.cookie);
    }
    const rows = await t.app.deps.db
      .selectFrom('purchases')
      .select('seller_id')
      .where('buyer_userid', '=', me.userid)
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => r.seller_id).sort()).toEqual([null, seller.userid].sort());
    const report = await callAs(t.app, seller.cookie, api.sellerSales, {
      query: { userid: seller.userid },
    });
    expect(api.sellerSales.response.parse(report.json())).toEqual([
      expect.objectContaining({ subid: 'brl-1-30', amountCents: 8000, currency: 'brl' }),
    ]);
  });
});

describe('PUBLIC_URL', () => {
  it('builds the links a provider gets from the public address, and refuses one that is not http(s)', async () => {
    const { app, close } = await createTestApp({ publicUrl: 'https://robo.example.com/' });
    try {
      const me = await registerAndLogin(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/buybot',
        headers: { cookie: me.cookie, origin: 'https://robo.example.com' },
        payload: buyBody(me),
      });
      const { link, purchase } = api.buyBot.response.parse(res.json());
      expect(link).toBe(`https://robo.example.com/pay/local/${purchase}`);
    } finally {
      await close();
    }
    await expect(createTestApp({ publicUrl: 'ftp://x' })).rejects.toThrow(/PUBLIC_URL/);
  });

  it('checks Origin against PUBLIC_URL, not the Host header the client chose', async () => {
    const { app, close } = await createTestApp({ publicUrl: 'https://robo.example.com' });
    try {
      const me = await registerAndLogin(app);
      const forged = await app.inject({
        method: 'POST',
        url: '/api/buybot',
        headers: { cookie: me.cookie, host: 'evil.example', origin: 'https://evil.example' },
        payload: buyBody(me),
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json()).toMatchObject({ error: { code: 'errors.badOrigin' } });
      const plainHttp = await app.inject({
        method: 'POST',
        url: '/api/buybot',
        headers: { cookie: me.cookie, origin: 'http://robo.example.com' },
        payload: buyBody(me),
      });
      expect(plainHttp.statusCode).toBe(403);
    } finally {
      await close();
    }
  });

  it('production with a real provider refuses to start without PUBLIC_URL', async () => {
    await expect(
      createTestApp({ payments: { providers: [fake], env: { NODE_ENV: 'production' } } }),
    ).rejects.toThrow(/PUBLIC_URL must be set in production.*fakepay/);
    const ok = await createTestApp({
      publicUrl: 'https://robo.example.com',
      payments: { providers: [fake], env: { NODE_ENV: 'production' } },
    });
    await ok.close();
    // Production with only the local demo checkout needs no PUBLIC_URL.
    const demo = await createTestApp({
      payments: { providers: [], env: { NODE_ENV: 'production', PAYMENTS_LOCAL: 'on' } },
    });
    await demo.close();
  });
});
