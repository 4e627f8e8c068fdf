import { AccountType } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyLedger, placeRequest } from '../../../test/broker-requests.ts';
import { FakeDeriv } from '../../../test/fake-deriv.ts';
import type { PlaceRequest } from '../broker-adapter.ts';
import { derivUrl } from './deriv-connection.ts';
import { DerivBroker } from './deriv-broker.ts';
import { newApiOpener } from './deriv-rest.ts';

const PAT = 'pat-Both-accounts-secret';
const REAL_ONLY = 'pat-Real-only-secret';
const BTC = 'pat-Btc-account-secret';
const INACTIVE = 'pat-Inactive-accounts-secret';
const MIXED = 'pat-Inactive-and-active-secret';

const ledger = emptyLedger;

/** An order placed now (its send instant now too). */
function request(over: Partial<PlaceRequest> = {}): PlaceRequest {
  const now = Date.now();
  return placeRequest({ openAtMs: now, sendAtMs: now, expiresAtMs: now + 60_000, ...over });
}

let fake: FakeDeriv;
let broker: DerivBroker;
let account: AccountType = AccountType.demo;

/** A bot's Deriv adapter on the new API: one token per account slot, as the panel stores them. */
function newBroker(tokens: Partial<Record<AccountType, string>>) {
  const config = { restUrl: fake.restUrl, appId: '4321', timeoutMs: 4_000 };
  return new DerivBroker({
    opener: (acc) => {
      const token = tokens[acc];
      if (!token || acc === AccountType.tournament) return null;
      return newApiOpener(config, token, acc === AccountType.demo ? 'demo' : 'real');
    },
    ledger,
    account: () => account,
    timeoutMs: 4_000,
  });
}

beforeEach(async () => {
  fake = await FakeDeriv.start();
  fake.addToken(PAT, [
    { accountId: 'DOT90004580', type: 'demo', balance: 10_000 },
    { accountId: 'CR7001', type: 'real', balance: 50 },
  ]);
  fake.addToken(REAL_ONLY, [{ accountId: 'CR7002', type: 'real', balance: 900 }]);
  fake.addToken(BTC, [
    { accountId: 'DOT90007777', type: 'demo', currency: 'BTC', balance: 0.12345678 },
  ]);
  account = AccountType.demo;
  broker = newBroker({ [AccountType.demo]: PAT, [AccountType.real]: PAT });
});

afterEach(async () => {
  vi.useRealTimers();
  await broker.close();
  await fake.close();
});

describe('the Deriv adapter on the new API of a fake Deriv', () => {
  it('opens the demo account from an OTP URL on the demo endpoint; no token goes on the socket', async () => {
    const answer = await broker.placeOrder(request());
    expect(answer).toMatchObject({ ok: true, payout: 0.85, balanceCents: 999_800 });
    expect(fake.rest.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /trading/v1/options/accounts',
      'POST /trading/v1/options/accounts/DOT90004580/otp',
    ]);
    expect(fake.rest.every((r) => r.appId === '4321' && r.token === PAT)).toBe(true);
    expect(fake.lastQuery).toMatch(/^otp=/);
    expect(fake.sent('authorize')).toEqual([]);
    expect(fake.sent('proposal')[0]).toMatchObject({
      underlying_symbol: 'frxEURUSD',
      contract_type: 'CALL',
      amount: 2,
      currency: 'USD',
    });
    expect(fake.sent('proposal')[0]).not.toHaveProperty('symbol');
    expect(JSON.stringify(fake.frames)).not.toContain(PAT);
  });

  it('reads the real account and balance from Deriv before real money moves', async () => {
    expect(await broker.checkAccount(AccountType.real)).toEqual({
      ok: true,
      real: true,
      balanceCents: 5_000,
      currency: 'USD',
    });
    expect(fake.rest.at(-1)?.path).toBe('/trading/v1/options/accounts/CR7001/otp');
    const answer = await broker.placeOrder(request({ account: AccountType.real }));
    expect(answer).toMatchObject({ ok: true, balanceCents: 4_800 });
    expect(await broker.balance(AccountType.demo)).toBe(1_000_000);
  });

  it('a real token saved as demo is refused, on the new API and the legacy one', async () => {
    await broker.close();
    broker = newBroker({ [AccountType.demo]: REAL_ONLY });
    expect(await broker.placeOrder(request())).toMatchObject({
      ok: false,
      error: 'accountMismatch',
    });
    expect(await broker.checkAccount(AccountType.demo)).toMatchObject({
      ok: false,
      error: 'accountMismatch',
    });
    expect(fake.sent('buy')).toEqual([]);
    expect(fake.contracts.size).toBe(0);

    // Legacy: Deriv's `authorize` says `is_virtual: 0` for the token in the demo slot.
    fake.addAccount('legacy-real-token', { loginid: 'CR1', balance: 70 });
    const legacy = new DerivBroker({
      api: 'legacy',
      opener: (acc) =>
        acc === AccountType.demo
          ? () =>
              Promise.resolve({ url: derivUrl(fake.url, '4321'), authorize: 'legacy-real-token' })
          : null,
      ledger,
      account: () => 1,
      timeoutMs: 4_000,
    });
    expect(await legacy.placeOrder(request())).toMatchObject({
      ok: false,
      error: 'accountMismatch',
    });
    await legacy.close();
    expect(fake.contracts.size).toBe(0);
  });

  it('retries a moved price once with a fresh proposal while the entry is in time', async () => {
    fake.faults.set('buy', { kind: 'error', code: 'PriceMoved', message: 'The price moved.' });
    const answer = await broker.placeOrder(request());
    expect(answer.ok).toBe(true);
    expect(fake.sent('proposal')).toHaveLength(2);
    expect(fake.sent('buy')).toHaveLength(2);
    expect(fake.contracts.size).toBe(1);

    // Past the entry's tolerance the moved price fails the order with its reason.
    fake.faults.set('buy', { kind: 'error', code: 'InvalidContractProposal', message: 'Gone.' });
    const late = Date.now() - 10_000;
    expect(await broker.placeOrder(request({ sendAtMs: late, openAtMs: late }))).toEqual({
      ok: false,
      error: 'priceMoved',
      brokerRef: 'InvalidContractProposal',
    });
    expect(fake.contracts.size).toBe(1);
  });

  it("never buys past the entry's tolerance by the runtime's clock: missed, nothing bought", async () => {
    const config = { restUrl: fake.restUrl, appId: '4321', timeoutMs: 4_000 };
    const sent = request();
    const late = new DerivBroker({
      opener: () => newApiOpener(config, PAT, 'demo'),
      ledger,
      account: () => 1,
      timeoutMs: 4_000,
      // The connection and proposal took the runtime past the entry's 5 s tolerance.
      now: () => (sent.sendAtMs ?? 0) + 5_001,
    });
    try {
      expect(await late.placeOrder(sent)).toEqual({ ok: false, error: 'missed' });
      expect(fake.sent('buy')).toHaveLength(0);
      expect(fake.contracts.size).toBe(0);
    } finally {
      await late.close();
    }
  });

  it('waits out a RateLimit once before asking again (fake timers)', async () => {
    await broker.balance(AccountType.demo); // connected
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fake.faults.set('proposal', { kind: 'error', code: 'RateLimit', message: 'Slow down.' });
    const placing = broker.placeOrder(request());
    await vi.waitFor(() => expect(fake.sent('proposal')).toHaveLength(1));
    expect(fake.sent('proposal')).toHaveLength(1); // not asked again before the wait
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await placing).ok).toBe(true);
    expect(fake.sent('proposal')).toHaveLength(2);
  });

  it('says what Deriv does not offer (symbol, duration) from contracts_for, before any buy', async () => {
    fake.unoffered.add('frxEURNZD');
    fake.longOnly.add('frxAUDCAD');
    expect(await broker.offered('EURNZD', 1)).toBe('notOffered');
    expect(await broker.offered('AUDCAD', 1)).toBe('notOffered');
    expect(await broker.offered('AUDCAD', 15)).toBeNull();
    expect(await broker.offered('EURUSD', 1)).toBeNull();
    expect(await broker.offered('EURUSD-OTC', 1)).toBe('notOffered');
    expect(fake.sent('contracts_for')[0]).toEqual(
      expect.objectContaining({ contracts_for: 'frxEURNZD' }),
    );
    expect(fake.sent('buy')).toEqual([]);
  });

  it("uses a BTC account's own decimals for stakes, payouts and balances", async () => {
    await broker.close();
    broker = newBroker({ [AccountType.demo]: BTC });
    expect(await broker.balance(AccountType.demo)).toBe(12); // 0.12345678 BTC, in hundredths
    expect(await broker.payout('EURUSD', 1)).toBe(0.85);
    const answer = await broker.placeOrder(request({ stakeCents: 1 }));
    expect(answer).toEqual({
      ok: true,
      brokerOrderId: expect.any(String) as string,
      payout: 0.85,
      balanceCents: 11,
    });
    // Not a call of the new API: the digits are Deriv's table of currencies (BTC 8).
    expect(fake.sent('website_status')).toEqual([]);
    expect(fake.sent('proposal').map((p) => [p.amount, p.currency])).toEqual([
      [0.00001, 'BTC'],
      [0.01, 'BTC'],
    ]);
    const [contract] = [...fake.contracts.values()];
    expect(contract!.buyPrice).toBe(0.01);
    expect(contract!.payout).toBe(0.0185);
  });
});

describe("the Deriv adapter against Deriv's refusals on the new API", () => {
  it('never picks an inactive account, nor asks an OTP for it; the trader is told why', async () => {
    fake.addToken(INACTIVE, [
      { accountId: 'DOT90000001', type: 'demo', status: 'inactive' },
      { accountId: 'CR7009', type: 'real', status: 'inactive', balance: 80 },
    ]);
    await broker.close();
    broker = newBroker({ 1: INACTIVE, 2: INACTIVE });
    expect(await broker.placeOrder(request())).toEqual({
      ok: false,
      error: 'accountInactive',
      brokerRef: 'AccountInactive',
    });
    expect(await broker.checkAccount(AccountType.real)).toEqual({
      ok: false,
      error: 'accountInactive',
    });
    expect(fake.rest.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /trading/v1/options/accounts',
      'GET /trading/v1/options/accounts',
    ]);
    expect(fake.contracts.size).toBe(0);

    // An inactive account beside an active one of the same type: the active one is traded.
    fake.addToken(MIXED, [
      { accountId: 'DOT90000002', type: 'demo', status: 'inactive' },
      { accountId: 'DOT90000003', type: 'demo', balance: 300 },
    ]);
    await broker.close();
    broker = newBroker({ 1: MIXED });
    expect(await broker.placeOrder(request())).toMatchObject({ ok: true, balanceCents: 29_800 });
    expect(fake.rest.at(-1)?.path).toBe('/trading/v1/options/accounts/DOT90000003/otp');
    expect(fake.rest.some((r) => r.path.includes('DOT90000002'))).toBe(false);
  });

  it("Deriv's 401 Unauthorized (a revoked or expired token) asks to connect again", async () => {
    await broker.close();
    broker = newBroker({ 1: 'pat-Revoked-secret' });
    expect(await broker.placeOrder(request())).toEqual({
      ok: false,
      error: 'authFailed',
      brokerRef: 'Unauthorized',
    });
    expect(await broker.checkAccount(AccountType.demo)).toEqual({ ok: false, error: 'authFailed' });
  });

  it("waits out Deriv's 429 on its REST API once (fake timers); a second is a rate limit", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fake.restFaults.set('accounts', { status: 429 });
    const placing = broker.placeOrder(request());
    await vi.waitFor(() => expect(fake.rest).toHaveLength(1));
    expect(fake.rest).toHaveLength(1); // not asked again before the wait
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await placing).toMatchObject({ ok: true });
    expect(fake.rest.map((r) => r.path)).toEqual([
      '/trading/v1/options/accounts',
      '/trading/v1/options/accounts',
      '/trading/v1/options/accounts/DOT90004580/otp',
    ]);

    // Twice in a row (an OTP now): the order fails with a reason the trader can act on.
    await broker.close();
    broker = newBroker({ 1: PAT });
    const otps = () => fake.rest.filter((r) => r.path.endsWith('/otp')).length;
    fake.restFaults.set('otp', { status: 429 });
    const again = broker.placeOrder(request());
    await vi.waitFor(() => expect(otps()).toBe(2));
    fake.restFaults.set('otp', { status: 429 });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await again).toEqual({ ok: false, error: 'rateLimited', brokerRef: 'RateLimit' });
    expect(otps()).toBe(3);
    expect(fake.contracts.size).toBe(1);
  });

  it("Deriv's 5xx and 504 are Deriv being down (try again in a few minutes), whatever the body", async () => {
    for (const [call, status] of [
      ['accounts', 500],
      ['accounts', 504],
      ['otp', 502],
      ['otp', 503],
    ] as const) {
      fake.restFaults.set(call, { status });
      expect(await broker.placeOrder(request())).toEqual({
        ok: false,
        error: 'brokerUnavailable',
        brokerRef: 'Unavailable',
      });
      expect(await broker.checkAccount(AccountType.demo)).toMatchObject({ ok: true }); // back up
      await broker.close();
      broker = newBroker({ 1: PAT, 2: PAT });
    }
    expect(fake.contracts.size).toBe(0);
  });
});
