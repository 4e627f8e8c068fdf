import type { AccountType } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLedger } from '../../../test/broker-requests.ts';
import { FakeQuadcode } from '../../../test/fake-quadcode.ts';
import type { PlaceRequest } from '../broker-adapter.ts';
import type { LedgerOrder } from '../ledger-view.ts';
import { expirationAt, optionKinds, QuadcodeBroker } from './quadcode-broker.ts';

const EMAIL = 'trader@example.com';
const PASSWORD = 'S3cret-pass-never-shown';
// 12:00:10 UTC: an M1 turbo bought now expires at 12:01:00 (its purchase closes 30 s before).
const T0 = Date.UTC(2026, 10, 26, 12, 0, 10);

let seq = 0;
function request(over: Partial<PlaceRequest> = {}): PlaceRequest {
  seq += 1;
  return {
    clientRef: `s${seq}-1`,
    asset: 'EURUSD',
    direction: 'CALL',
    stakeCents: 500,
    account: 1,
    timeframeMin: 1,
    openAtMs: T0,
    expiresAtMs: T0 + 50_000,
    ...over,
  };
}

function row(req: PlaceRequest, brokerOrderId: string | null): LedgerOrder {
  return {
    brokerOrderId,
    asset: req.asset,
    direction: req.direction,
    stakeCents: req.stakeCents,
    payout: 0.87,
    account: req.account,
    attemptedAtMs: req.openAtMs,
    sendAtMs: req.openAtMs,
  };
}

// IQ Option is the platform's own broker; Exnova is one of its white labels (docs/brokers.md).
const PLATFORMS = [
  { brokerId: 1, name: 'IQ Option', platformId: 9 as number | null },
  { brokerId: 8, name: 'Exnova', platformId: null as number | null },
];

describe.each(PLATFORMS)('the Quadcode adapter for $name on a fake platform', (platform) => {
  let fake: FakeQuadcode;
  let broker: QuadcodeBroker;
  let mem: ReturnType<typeof memoryLedger>;
  let optionType = 1;
  const logged: object[] = [];

  function newBroker(password = PASSWORD) {
    return new QuadcodeBroker({
      platform: { ...platform, httpUrl: fake.httpUrl, wsUrl: fake.wsUrl },
      email: EMAIL,
      password,
      ledger: mem.ledger,
      account: () => 1 as AccountType,
      optionType: () => optionType,
      timeoutMs: 4_000,
      log: { info: (o) => void logged.push(o), error: (o) => void logged.push(o) },
    });
  }

  beforeEach(async () => {
    fake = await FakeQuadcode.start();
    fake.nowMs = () => T0;
    fake.addUser({
      email: EMAIL,
      password: PASSWORD,
      userId: 501,
      balances: [
        { id: 11, type: 1, amount: 120.5, currency: 'BRL' },
        { id: 14, type: 4, amount: 10_000, currency: 'BRL' },
      ],
    });
    fake.addActive('turbo', { id: 1, ticker: 'EURUSD' });
    fake.addActive('turbo', { id: 76, ticker: 'EURUSD-OTC', commission: 8 });
    fake.addActive('binary', { id: 1, ticker: 'EURUSD', commission: 20 });
    fake.addActive('blitz', { id: 1, ticker: 'EURUSD', commission: 10 });
    optionType = 1;
    mem = memoryLedger();
    logged.length = 0;
    broker = newBroker();
  });

  afterEach(async () => {
    vi.useRealTimers();
    await broker.close();
    await fake.close();
  });

  function expectNoSecret(...values: unknown[]) {
    const text = JSON.stringify([...values, logged]);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/ssid-\d/);
  }

  it('logs in with the card e-mail and password, buys a turbo M1 on demo and settles a win', async () => {
    const req = request();
    const answer = await broker.placeOrder(req);
    const [position] = [...fake.positions.values()];
    expect(answer).toEqual({
      ok: true,
      brokerOrderId: String(position!.id),
      payout: 0.87,
      balanceCents: null,
    });
    expect(fake.platformCookie.socket).toBe(
      platform.platformId === null ? null : String(platform.platformId),
    );
    expect(fake.calls('authenticate')[0]!.msg).toMatchObject({ ssid: 'ssid-1', protocol: 3 });
    expect(fake.calls('binary-options.open-option')[0]!.msg).toEqual({
      name: 'binary-options.open-option',
      version: '2.0',
      body: {
        active_id: 1,
        direction: 'call',
        expired: Date.UTC(2026, 10, 26, 12, 1) / 1000,
        option_type_id: 3,
        price: 5,
        user_balance_id: 14,
        profit_percent: 87,
      },
    });
    mem.rows.set(req.clientRef, row(req, String(position!.id)));
    expect(await broker.lookup(req.clientRef)).toEqual({
      status: 'open',
      brokerOrderId: String(position!.id),
    });
    fake.settle(position!.id, 'win');
    await vi.waitFor(async () =>
      expect(await broker.lookup(req.clientRef)).toEqual({
        status: 'settled',
        brokerOrderId: String(position!.id),
        pnlCents: 435,
        balanceCents: null,
      }),
    );
    expect(await broker.balance(1)).toBe(1_000_435);
    expectNoSecret(answer);
  });

  it('settles a loss and a draw; a PUT is a put; the payout is 100 − commission per asset', async () => {
    expect(await broker.payout('EURUSD-OTC', 1)).toBe(0.92);
    expect(await broker.payout('EURUSD', 15)).toBe(0.8);
    const lossReq = request({ direction: 'PUT', asset: 'EURUSD-OTC' });
    const loss = await broker.placeOrder(lossReq);
    expect(loss).toMatchObject({ ok: true, payout: 0.92 });
    expect(fake.calls('binary-options.open-option')[0]!.msg.body).toMatchObject({
      active_id: 76,
      direction: 'put',
    });
    const lossId = Number(loss.ok ? loss.brokerOrderId : 0);
    fake.settle(lossId, 'loose');
    mem.rows.set(lossReq.clientRef, row(lossReq, String(lossId)));
    expect(await broker.lookup(lossReq.clientRef)).toMatchObject({
      status: 'settled',
      pnlCents: -500,
    });

    const drawReq = request();
    const draw = await broker.placeOrder(drawReq);
    const drawId = Number(draw.ok ? draw.brokerOrderId : 0);
    fake.settle(drawId, 'equal');
    mem.rows.set(drawReq.clientRef, row(drawReq, String(drawId)));
    expect(await broker.lookup(drawReq.clientRef)).toMatchObject({
      status: 'settled',
      pnlCents: 0,
    });
  });

  it('follows the option type: 15 minutes is a binary option, Blitz sends its expiration size', async () => {
    await broker.placeOrder(request({ timeframeMin: 15, expiresAtMs: T0 + 900_000 }));
    expect(fake.calls('binary-options.open-option')[0]!.msg.body).toMatchObject({
      option_type_id: 1,
      expired: Date.UTC(2026, 10, 26, 12, 15) / 1000,
      profit_percent: 80,
    });
    optionType = 4;
    await broker.placeOrder(request());
    expect(fake.calls('binary-options.open-option')[1]!.msg.body).toMatchObject({
      option_type_id: 12,
      expiration_size: 60,
      expired: 0,
      profit_percent: 90,
    });
    optionType = 2;
    expect(await broker.placeOrder(request())).toEqual({
      ok: false,
      error: 'optionTypeUnavailable',
    });
  });

  it('a refused login fails the order with authFailed; the password is never shown', async () => {
    await broker.close();
    broker = newBroker('wrong-password-XYZ');
    const answer = await broker.placeOrder(request());
    expect(answer).toMatchObject({ ok: false, error: 'authFailed' });
    expect(await broker.checkAccount(2)).toMatchObject({ ok: false, error: 'authFailed' });
    expect(fake.positions.size).toBe(0);
    expect(JSON.stringify([answer, logged])).not.toContain('wrong-password-XYZ');
  });

  it('an active that is closed is marketClosed; an asset it does not list is notOffered, in time', async () => {
    fake.actives.turbo.find((a) => a.ticker === 'EURUSD')!.isSuspended = true;
    fake.actives.binary.length = 0;
    expect(await broker.offered('EURUSD', 1, T0)).toBe('marketClosed');
    expect(await broker.placeOrder(request())).toMatchObject({ ok: false, error: 'marketClosed' });
    expect(await broker.offered('GBPJPY', 1, T0)).toBe('notOffered');
    expect(await broker.offered('EURUSD-OTC', 1, T0)).toBeNull();
    // Out of its trading session at the entry time is closed too.
    const otc = fake.actives.turbo.find((a) => a.ticker === 'EURUSD-OTC')!;
    otc.schedule = [[T0 / 1000 - 3_600, T0 / 1000 - 60]];
    expect(await broker.offered('EURUSD-OTC', 1, T0)).toBe('marketClosed');
    expect(fake.positions.size).toBe(0);
  });

  it('reads the real balance from the platform before the first real order', async () => {
    expect(await broker.checkAccount(2)).toEqual({
      ok: true,
      real: true,
      balanceCents: 12_050,
      currency: 'BRL',
    });
    expect(await broker.placeOrder(request({ account: 2, stakeCents: 20_000 }))).toEqual({
      ok: false,
      error: 'insufficientBalance',
    });
    const real = await broker.placeOrder(request({ account: 2 }));
    expect(real.ok).toBe(true);
    expect(fake.calls('binary-options.open-option')[0]!.msg.body).toMatchObject({
      user_balance_id: 11,
    });
    expect(await broker.balance(2)).toBe(11_550);
    expect(await broker.placeOrder(request({ account: 3 }))).toEqual({
      ok: false,
      error: 'accountMismatch',
    });
  });

  it('a connection lost mid-position: the result is read from the history on a new connection', async () => {
    const req = request();
    const answer = await broker.placeOrder(req);
    const id = Number(answer.ok ? answer.brokerOrderId : 0);
    mem.rows.set(req.clientRef, row(req, String(id)));
    const logins = fake.logins;
    fake.dropAll();
    fake.settle(id, 'win'); // closed while nobody listened
    expect(await broker.lookup(req.clientRef)).toMatchObject({ status: 'settled', pnlCents: 435 });
    expect(fake.logins).toBe(logins + 1);
  });

  it('a buy answer that never comes is reconciled from the positions and never placed twice', async () => {
    await broker.balance(1); // connected and authenticated
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fake.faults.set('binary-options.open-option', { kind: 'silent' });
    const req = request();
    const asked = fake.next('binary-options.open-option');
    const placing = broker.placeOrder(req).catch((e: unknown) => e);
    await asked;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(String(await placing)).toMatch(/open-option: timeout/);
    vi.useRealTimers();
    const [position] = [...fake.positions.values()]; // opened, though we never heard
    // Another order of the bot already holds an older option of the same shape: not ours.
    mem.rows.set('s-other-1', { ...row(req, '89999') });
    mem.rows.set(req.clientRef, row(req, null));
    expect(await broker.lookup(req.clientRef)).toEqual({
      status: 'open',
      brokerOrderId: String(position!.id),
    });
    const again = await broker.placeOrder(req);
    expect(again).toMatchObject({ ok: true, brokerOrderId: String(position!.id) });
    expect(fake.positions.size).toBe(1);
    fake.settle(position!.id, 'loose');
    expect(await broker.lookup(req.clientRef)).toMatchObject({ status: 'settled', pnlCents: -500 });
  });

  it('an opening that would go out past the entry tolerance is failed missed, never sent', async () => {
    // Planned 6 s before the platform's clock: the login and quote took longer than 5 s.
    const answer = await broker.placeOrder(request({ sendAtMs: T0 - 6_000, openAtMs: T0 }));
    expect(answer).toEqual({ ok: false, error: 'missed' });
    expect(fake.calls('binary-options.open-option')).toHaveLength(0);
    expect(fake.positions.size).toBe(0);
  });

  it('an order the platform never opened is missing (the runtime may send it or fail it)', async () => {
    const req = request();
    mem.rows.set(req.clientRef, row(req, null));
    expect(await broker.lookup(req.clientRef)).toEqual({ status: 'missing' });
    expect(await broker.lookup('s-unknown-1')).toEqual({ status: 'missing' });
  });
});

describe('the platform rules', () => {
  it('sells the next expiration whose purchase window is still open', () => {
    const noon = Date.UTC(2026, 0, 5, 12) / 1000;
    expect(expirationAt(noon + 10, 60, 30)).toBe(noon + 60);
    expect(expirationAt(noon + 31, 60, 30)).toBe(noon + 120);
    expect(expirationAt(noon + 10, 900, 300)).toBe(noon + 900);
  });

  it('maps the global option type to the kinds tried, in order', () => {
    expect(optionKinds(1)).toEqual(['turbo', 'binary']);
    expect(optionKinds(2)).toEqual(['digital']);
    expect(optionKinds(4)).toEqual(['blitz']);
    expect(optionKinds(6)).toEqual(['turbo', 'binary', 'digital']);
  });
});
