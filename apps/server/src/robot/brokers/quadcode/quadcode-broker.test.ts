import { AccountType } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  qcRequest as request,
  qcRow as row,
  QC_PASSWORD as PASSWORD,
  QC_T0 as T0,
  useQuadcodeBroker,
} from '../../../test/quadcode-scenario.ts';
import { expirationAt, optionKinds } from './quadcode-broker.ts';

// IQ Option is the platform's own broker; Exnova is one of its white labels (docs/brokers.md).
// The platform id is the SDK's own (its README and test suite use 82); null sends no cookie.
const PLATFORMS = [
  { brokerId: 1, name: 'IQ Option', platformId: 82 as number | null },
  { brokerId: 8, name: 'Exnova', platformId: null as number | null },
];

describe.each(PLATFORMS)('the Quadcode adapter for $name on a fake platform', (platform) => {
  const s = useQuadcodeBroker(platform);

  function expectNoSecret(...values: unknown[]) {
    const text = JSON.stringify([...values, s.logged]);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toMatch(/ssid-\d/);
  }

  it('logs in with the card e-mail and password, buys a turbo M1 on demo and settles a win', async () => {
    const req = request();
    const answer = await s.broker.placeOrder(req);
    const [position] = [...s.fake.positions.values()];
    expect(answer).toEqual({
      ok: true,
      brokerOrderId: String(position!.id),
      payout: 0.87,
      balanceCents: null,
    });
    expect(s.fake.platformCookie.socket).toBe(
      platform.platformId === null ? null : String(platform.platformId),
    );
    expect(s.fake.calls('authenticate')[0]!.msg).toMatchObject({ ssid: 'ssid-1', protocol: 3 });
    expect(s.fake.calls('binary-options.open-option')[0]!.msg).toEqual({
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
    s.mem.rows.set(req.clientRef, row(req, String(position!.id)));
    expect(await s.broker.lookup(req.clientRef)).toEqual({
      status: 'open',
      brokerOrderId: String(position!.id),
    });
    s.fake.settle(position!.id, 'win');
    await vi.waitFor(
      async () =>
        expect(await s.broker.lookup(req.clientRef)).toEqual({
          status: 'settled',
          brokerOrderId: String(position!.id),
          pnlCents: 435,
          balanceCents: null,
        }),
      { timeout: 5_000 },
    );
    expect(await s.broker.balance(AccountType.demo)).toBe(1_000_435);
    expectNoSecret(answer);
  });

  it('settles a loss and a draw; a PUT is a put; the payout is 100 − commission per asset', async () => {
    expect(await s.broker.payout('EURUSD-OTC', 1)).toBe(0.92);
    expect(await s.broker.payout('EURUSD', 15)).toBe(0.8);
    const lossReq = request({ direction: 'PUT', asset: 'EURUSD-OTC' });
    const loss = await s.broker.placeOrder(lossReq);
    expect(loss).toMatchObject({ ok: true, payout: 0.92 });
    expect(s.fake.calls('binary-options.open-option')[0]!.msg.body).toMatchObject({
      active_id: 76,
      direction: 'put',
    });
    const lossId = Number(loss.ok ? loss.brokerOrderId : 0);
    s.fake.settle(lossId, 'loose');
    s.mem.rows.set(lossReq.clientRef, row(lossReq, String(lossId)));
    expect(await s.broker.lookup(lossReq.clientRef)).toMatchObject({
      status: 'settled',
      pnlCents: -500,
    });

    const drawReq = request();
    const draw = await s.broker.placeOrder(drawReq);
    const drawId = Number(draw.ok ? draw.brokerOrderId : 0);
    s.fake.settle(drawId, 'equal');
    s.mem.rows.set(drawReq.clientRef, row(drawReq, String(drawId)));
    expect(await s.broker.lookup(drawReq.clientRef)).toMatchObject({
      status: 'settled',
      pnlCents: 0,
    });
  });

  it('follows the option type: 15 minutes is a binary option, Blitz sends its expiration size', async () => {
    await s.broker.placeOrder(request({ timeframeMin: 15, expiresAtMs: T0 + 900_000 }));
    expect(s.fake.calls('binary-options.open-option')[0]!.msg.body).toMatchObject({
      option_type_id: 1,
      expired: Date.UTC(2026, 10, 26, 12, 15) / 1000,
      profit_percent: 80,
    });
    s.optionType = 4;
    await s.broker.placeOrder(request());
    expect(s.fake.calls('binary-options.open-option')[1]!.msg.body).toMatchObject({
      option_type_id: 12,
      expiration_size: 60,
      expired: 0,
      profit_percent: 90,
    });
    s.optionType = 2;
    expect(await s.broker.placeOrder(request())).toEqual({
      ok: false,
      error: 'optionTypeUnavailable',
    });
  });

  it('a refused login fails the order with authFailed; the password is never shown', async () => {
    await s.broker.close();
    s.broker = s.newBroker('wrong-password-XYZ');
    const answer = await s.broker.placeOrder(request());
    expect(answer).toMatchObject({ ok: false, error: 'authFailed' });
    expect(await s.broker.checkAccount(AccountType.real)).toMatchObject({
      ok: false,
      error: 'authFailed',
    });
    expect(s.fake.positions.size).toBe(0);
    expect(JSON.stringify([answer, s.logged])).not.toContain('wrong-password-XYZ');
  });

  it('an active that is closed is marketClosed; an asset it does not list is notOffered, in time', async () => {
    s.fake.actives.turbo.find((a) => a.ticker === 'EURUSD')!.isSuspended = true;
    s.fake.actives.binary.length = 0;
    expect(await s.broker.offered('EURUSD', 1, T0)).toBe('marketClosed');
    expect(await s.broker.placeOrder(request())).toMatchObject({
      ok: false,
      error: 'marketClosed',
    });
    expect(await s.broker.offered('GBPJPY', 1, T0)).toBe('notOffered');
    expect(await s.broker.offered('EURUSD-OTC', 1, T0)).toBeNull();
    // Out of its trading session at the entry time is closed too.
    const otc = s.fake.actives.turbo.find((a) => a.ticker === 'EURUSD-OTC')!;
    otc.schedule = [[T0 / 1000 - 3_600, T0 / 1000 - 60]];
    expect(await s.broker.offered('EURUSD-OTC', 1, T0)).toBe('marketClosed');
    expect(s.fake.positions.size).toBe(0);
  });

  it('reads the real balance from the platform before the first real order', async () => {
    expect(await s.broker.checkAccount(AccountType.real)).toEqual({
      ok: true,
      real: true,
      balanceCents: 12_050,
      currency: 'BRL',
    });
    expect(
      await s.broker.placeOrder(request({ account: AccountType.real, stakeCents: 20_000 })),
    ).toEqual({
      ok: false,
      error: 'insufficientBalance',
    });
    const real = await s.broker.placeOrder(request({ account: AccountType.real }));
    expect(real.ok).toBe(true);
    expect(s.fake.calls('binary-options.open-option')[0]!.msg.body).toMatchObject({
      user_balance_id: 11,
    });
    expect(await s.broker.balance(AccountType.real)).toBe(11_550);
    expect(await s.broker.placeOrder(request({ account: AccountType.tournament }))).toEqual({
      ok: false,
      error: 'accountMismatch',
    });
  });

  it('a connection lost mid-position: the result is read from the history on a new connection', async () => {
    const req = request();
    const answer = await s.broker.placeOrder(req);
    const id = Number(answer.ok ? answer.brokerOrderId : 0);
    s.mem.rows.set(req.clientRef, row(req, String(id)));
    const logins = s.fake.logins;
    s.fake.dropAll();
    s.fake.settle(id, 'win'); // closed while nobody listened
    expect(await s.broker.lookup(req.clientRef)).toMatchObject({
      status: 'settled',
      pnlCents: 435,
    });
    expect(s.fake.logins).toBe(logins + 1);
  });

  it('a buy answer that never comes is reconciled from the positions and never placed twice', async () => {
    await s.broker.balance(AccountType.demo); // connected and authenticated
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    s.fake.faults.set('binary-options.open-option', { kind: 'silent' });
    const req = request();
    const asked = s.fake.next('binary-options.open-option');
    const placing = s.broker.placeOrder(req).catch((e: unknown) => e);
    await asked;
    await vi.advanceTimersByTimeAsync(4_000);
    expect(String(await placing)).toMatch(/open-option: timeout/);
    vi.useRealTimers();
    const [position] = [...s.fake.positions.values()]; // opened, though we never heard
    // Another order of the bot already holds an older option of the same shape: not ours.
    s.mem.rows.set('s-other-1', { ...row(req, '89999') });
    s.mem.rows.set(req.clientRef, row(req, null));
    expect(await s.broker.lookup(req.clientRef)).toEqual({
      status: 'open',
      brokerOrderId: String(position!.id),
    });
    const again = await s.broker.placeOrder(req);
    expect(again).toMatchObject({ ok: true, brokerOrderId: String(position!.id) });
    expect(s.fake.positions.size).toBe(1);
    s.fake.settle(position!.id, 'loose');
    expect(await s.broker.lookup(req.clientRef)).toMatchObject({
      status: 'settled',
      pnlCents: -500,
    });
  });

  it('an opening that would go out past the entry tolerance is failed missed, never sent', async () => {
    // Planned 6 s before the platform's clock: the login and quote took longer than 5 s.
    const answer = await s.broker.placeOrder(request({ sendAtMs: T0 - 6_000, openAtMs: T0 }));
    expect(answer).toEqual({ ok: false, error: 'missed' });
    expect(s.fake.calls('binary-options.open-option')).toHaveLength(0);
    expect(s.fake.positions.size).toBe(0);
  });

  it('an order the platform never opened is missing (the runtime may send it or fail it)', async () => {
    const req = request();
    s.mem.rows.set(req.clientRef, row(req, null));
    expect(await s.broker.lookup(req.clientRef)).toEqual({ status: 'missing' });
    expect(await s.broker.lookup('s-unknown-1')).toEqual({ status: 'missing' });
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
