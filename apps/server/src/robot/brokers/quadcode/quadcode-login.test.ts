import { AccountType } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { qcRequest, QC_EMAIL, QC_T0, useQuadcodeBroker } from '../../../test/quadcode-scenario.ts';
import {
  LOGIN_BACKOFF_FIRST_MS,
  MAX_REFUSED_LOGINS,
  TIME_SYNC_SILENCE_MS,
} from './quadcode-broker.ts';

// The platform's login as the SDK treats it (`quadcode/client-sdk-js` 1.3.26: WsApiClient stops
// reconnecting after 5 consecutive refused re-authentications, backing off meanwhile) and as
// community clients meet it: two-step verification answers `code: 'verify'`, repeated refusals
// `requests_limit_exceeded`. Every login is a try at the trader's real account: a lock-out risk.
const s = useQuadcodeBroker({ brokerId: 1, name: 'IQ Option', platformId: 82 });

describe('logging in to the Quadcode platform', () => {
  it('two-step verification is its own refusal, with a message the trader can act on, and no second login', async () => {
    s.fake.users.get(QC_EMAIL)!.twoFactor = true;
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({
      ok: false,
      error: 'twoFactorRequired',
    });
    // Each login would send the trader another code: none until the login is saved again.
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ error: 'twoFactorRequired' });
    expect(await s.broker.checkAccount(AccountType.real)).toEqual({
      ok: false,
      error: 'twoFactorRequired',
    });
    expect(s.fake.logins).toBe(1);
    expect(s.fake.positions.size).toBe(0);
  });

  it('a refused password is tried again only after a growing wait, and never after the fifth refusal', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(QC_T0);
    await s.broker.close();
    s.broker = s.newBroker('wrong-password-XYZ');
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ error: 'authFailed' });
    expect(s.fake.logins).toBe(1);
    // Inside the wait: refused at once, without asking the platform.
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ error: 'authFailed' });
    expect(await s.broker.balance(AccountType.demo).catch(() => 'refused')).toBe('refused');
    expect(s.fake.logins).toBe(1);
    let waited = LOGIN_BACKOFF_FIRST_MS;
    for (let refused = 2; refused <= MAX_REFUSED_LOGINS; refused += 1) {
      vi.setSystemTime(Date.now() + waited);
      expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ error: 'authFailed' });
      expect(s.fake.logins).toBe(refused);
      waited *= 2;
    }
    // Five refusals in a row: the adapter stops logging in (its login must be saved again).
    vi.setSystemTime(Date.now() + 24 * 3_600_000);
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ error: 'authFailed' });
    expect(s.fake.logins).toBe(MAX_REFUSED_LOGINS);
  });

  it('the platform’s request limit is waited out, as long as it says', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(QC_T0);
    s.fake.failedLoginsAllowed = 1;
    await s.broker.close();
    s.broker = s.newBroker('wrong-password-XYZ');
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ error: 'authFailed' });
    vi.setSystemTime(Date.now() + LOGIN_BACKOFF_FIRST_MS);
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ error: 'rateLimited' });
    expect(s.fake.logins).toBe(2);
    // `ttl` 600 s: no login before it is over.
    vi.setSystemTime(Date.now() + 599_000);
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ error: 'rateLimited' });
    expect(s.fake.logins).toBe(2);
  });

  it('a successful login after a refusal starts the count again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(QC_T0);
    const user = s.fake.users.get(QC_EMAIL)!;
    const right = user.password;
    user.password = 'changed-at-the-broker';
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ error: 'authFailed' });
    user.password = right; // the trader changed it back
    vi.setSystemTime(Date.now() + LOGIN_BACKOFF_FIRST_MS);
    expect(await s.broker.placeOrder(qcRequest())).toMatchObject({ ok: true });
    expect(s.fake.logins).toBe(2);
  });

  it('sends the platform cookie on the socket', async () => {
    await s.broker.balance(AccountType.demo);
    expect(s.fake.platformCookie.socket).toBe('82');
  });

  it('reconnects when the platform’s timeSync stops for a minute (the SDK’s watchdog)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await s.broker.balance(AccountType.demo);
    expect(s.fake.openSockets).toBe(1);
    const logins = s.fake.logins;
    s.fake.timeSyncing = false; // the socket stays open, but nothing comes through
    await vi.advanceTimersByTimeAsync(TIME_SYNC_SILENCE_MS - 10_000);
    expect(s.fake.openSockets).toBe(1);
    await vi.advanceTimersByTimeAsync(20_000);
    await vi.waitFor(() => expect(s.fake.openSockets).toBe(0));
    vi.useRealTimers();
    s.fake.timeSyncing = true;
    expect(await s.broker.balance(AccountType.demo)).toBe(1_000_000);
    expect(s.fake.logins).toBe(logins + 1);
  });
});
