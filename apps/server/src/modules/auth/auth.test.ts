import { describe, expect, it } from 'vitest';
import {
  createTestApp,
  lastCodeSentTo,
  newAccount,
  registerAndLogin,
  sessionCookie,
  useTestApp,
} from '../../test/app.ts';
import {
  hashToken,
  LAST_SEEN_RESOLUTION_MS,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from '../../plugins/session.ts';
import { DEFAULT_THROTTLE } from '../../lib/throttle-policy.ts';

let clock = Date.UTC(2025, 0, 1);

/** The `name=value` pair of the named cookie an answer sets. */
function cookiePair(res: { headers: Record<string, unknown> }, name: string): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? (header as string[]) : [String(header)];
  const found = all.find((h) => h.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found.split(';')[0] ?? '';
}
const t = useTestApp({ now: () => clock });

function register(payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/botregister', payload });
}
function login(payload: object, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/botlogin',
    payload,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}
function getSession(cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/session',
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

describe('POST /api/botregister', () => {
  it('creates the account and its first bot, answering the ids without logging in', async () => {
    const a = newAccount();
    const res = await register({ ...a, traderid: a.userid, sellerid: '', token: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userid: a.userid, traderid: a.userid });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 409 user_exist when the e-mail is registered, whatever its case', async () => {
    const a = newAccount();
    await register(a);
    const res = await register({ ...newAccount(), email: a.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('register.errors.userExist');
  });

  it('answers 409 bot_exist when the id is already a proven bot', async () => {
    const a = newAccount();
    const { cookie } = await registerAndLogin(t.app, a);
    await t.app.inject({
      method: 'POST',
      url: '/api/verifybot',
      headers: { cookie },
      payload: { userid: a.userid, code: lastCodeSentTo(a.userid) },
    });
    const res = await register({ ...newAccount(), userid: a.userid });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('register.errors.botExist');
  });

  it('answers one 200 and one 409 when the same e-mail registers twice at once', async () => {
    const a = newAccount();
    const [first, second] = await Promise.all([
      register(a),
      register({ ...newAccount(), email: a.email }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error.code).toBe('register.errors.userExist');
  });

  it('answers 400 with field keys for a short password and a non-numeric id', async () => {
    const res = await register({ email: 'x@example.com', password: 'short', userid: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'errors.invalidInput',
      fields: { password: 'register.errors.passwordShort', userid: 'errors.invalidBotId' },
    });
  });
});

describe('one password rule for registration and login', () => {
  it('logs in with "secret123" and "secret123 " after registering "secret123 "', async () => {
    const a = { ...newAccount(), password: 'secret123 ' };
    expect((await register(a)).statusCode).toBe(200);
    for (const password of ['secret123', 'secret123 ', '  secret123']) {
      const res = await login({ email: a.email, password });
      expect(res.statusCode, password).toBe(200);
    }
  });

  it('refuses a password that is short once trimmed', async () => {
    const res = await register({ ...newAccount(), password: '   short    ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: 'register.errors.passwordShort' });
  });

  it('still logs in an account whose stored password kept its spaces (registered before)', async () => {
    const a = newAccount();
    await register(a);
    const { hash } = await import('@node-rs/argon2');
    await t.app.deps.db
      .updateTable('accounts')
      .set({ password_hash: await hash(' padded-secret ') })
      .where('email', '=', a.email)
      .execute();
    expect((await login({ email: a.email, password: ' padded-secret ' })).statusCode).toBe(200);
  });
});

describe('POST /api/botlogin', () => {
  it('starts an httpOnly SameSite=Lax session and answers the session info', async () => {
    const a = newAccount();
    await register(a);
    const res = await login({
      email: ` ${a.email.toUpperCase()} `,
      password: a.password,
      uitoken: 'x',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: a.email,
      userid: a.userid,
      traderid: a.userid,
      botIDs: [{ userid: a.userid, traderid: a.userid }],
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    // Plain http (a localhost install) must still be able to log in.
    expect(cookie).not.toContain('Secure');
  });

  it('never answers the password or its hash', async () => {
    const a = newAccount();
    await register(a);
    const res = await login({ email: a.email, password: a.password });
    expect(res.body).not.toContain(a.password);
    expect(res.body).not.toContain('argon2');
  });

  it('answers 401 invalidCredentials for a wrong password', async () => {
    const a = newAccount();
    await register(a);
    const res = await login({ email: a.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth.errors.invalidCredentials');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers the same 401 for an unknown e-mail', async () => {
    const res = await login({ email: 'nobody@example.com', password: 'whatever-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('auth.errors.invalidCredentials');
  });

  it('answers 400 fillCorrectly for blank fields (SPEC §5 login rule)', async () => {
    const res = await login({ email: '  ', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('auth.errors.fillCorrectly');
  });

  it('rotates the session: the cookie sent with the login stops working', async () => {
    const { cookie: first, email, password } = await registerAndLogin(t.app);
    const res = await login({ email, password }, first);
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect((await getSession(first)).statusCode).toBe(401);
    expect((await getSession(second)).statusCode).toBe(200);
  });
});

describe('GET /api/session', () => {
  it('answers 401 unauthenticated without a cookie or with a made-up one', async () => {
    for (const cookie of [undefined, 'sid=not-a-real-token']) {
      const res = await getSession(cookie);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('errors.unauthenticated');
    }
  });

  it('ends a session after 30 days without a request, and slides while in use', async () => {
    const { cookie } = await registerAndLogin(t.app);
    clock += SESSION_IDLE_MS - 1000;
    expect((await getSession(cookie)).statusCode).toBe(200);
    // That request slid the expiry: another almost-30 days later it is still valid…
    clock += SESSION_IDLE_MS - 1000;
    expect((await getSession(cookie)).statusCode).toBe(200);
    // …but not after 30 idle days.
    clock += SESSION_IDLE_MS;
    expect((await getSession(cookie)).statusCode).toBe(401);
  });
});

describe('session bookkeeping', () => {
  async function lastSeen(cookie: string) {
    const token = cookie.slice('sid='.length);
    const row = await t.app.deps.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('id', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    return row.last_seen_at;
  }

  it('stores only the hash of the token and writes last_seen at most once a minute', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const start = await lastSeen(cookie);
    clock += LAST_SEEN_RESOLUTION_MS - 1;
    await getSession(cookie);
    expect(await lastSeen(cookie)).toBe(start);
    clock += 1;
    const res = await getSession(cookie);
    expect(await lastSeen(cookie)).toBe(clock);
    // The browser's cookie slides with it.
    expect(String(res.headers['set-cookie'])).toContain('Max-Age=2592000');
  });

  it('marks the cookie Secure when the request came over https (through a trusted proxy)', async () => {
    const { app, close } = await createTestApp({ trustProxy: 1 });
    try {
      const { email, password } = await registerAndLogin(app);
      const res = await app.inject({
        method: 'POST',
        url: '/api/botlogin',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email, password },
      });
      expect(String(res.headers['set-cookie'])).toContain('Secure');
      // Secure cookies are __Host- cookies: only this host, path /, no Domain, Secure.
      const sid = cookiePair(res, '__Host-sid');
      expect(sid).toMatch(/^__Host-sid=.{43}$/);
      expect(cookiePair(res, '__Host-device')).toMatch(/^__Host-device=/);
      const https = { 'x-forwarded-proto': 'https' };
      const read = (cookie: string) =>
        app.inject({ method: 'GET', url: '/api/session', headers: { ...https, cookie } });
      expect((await read(sid)).statusCode).toBe(200);
      // The same token planted under the bare name (cookie tossing) is no session over https.
      expect((await read(sid.replace('__Host-sid', 'sid'))).statusCode).toBe(401);
    } finally {
      await close();
    }
  });

  it('ends a session 90 days after login however active it is (absolute lifetime)', async () => {
    const { cookie } = await registerAndLogin(t.app);
    for (let day = 1; day < SESSION_ABSOLUTE_MS / 86_400_000; day += 1) {
      clock += 86_400_000;
      const res = await getSession(cookie);
      expect(res.statusCode, `day ${day}`).toBe(200);
    }
    clock += 86_400_000;
    expect((await getSession(cookie)).statusCode).toBe(401);
  });
});

describe('POST /api/logoutall and POST /api/password', () => {
  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  it('"sair de todos os dispositivos" ends every session of the account, and no other account\'s', async () => {
    const me = await registerAndLogin(t.app);
    const phone = sessionCookie(await login({ email: me.email, password: me.password }));
    const other = await registerAndLogin(t.app);
    const res = await post('/api/logoutall', me.cookie);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;/);
    expect((await getSession(me.cookie)).statusCode).toBe(401);
    expect((await getSession(phone)).statusCode).toBe(401);
    expect((await getSession(other.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/logoutall' })).statusCode).toBe(401);
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const me = await registerAndLogin(t.app);
    const phone = sessionCookie(await login({ email: me.email, password: me.password }));
    const wrong = await post('/api/password', me.cookie, {
      current: 'not-my-password',
      password: 'new-password-9',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('auth.errors.invalidCredentials');
    const short = await post('/api/password', me.cookie, { current: me.password, password: '1' });
    expect(short.statusCode).toBe(400);
    expect((await getSession(phone)).statusCode).toBe(200);

    const ok = await post('/api/password', me.cookie, {
      current: me.password,
      password: ' new-password-9 ',
    });
    expect(ok.statusCode).toBe(200);
    expect((await getSession(me.cookie)).statusCode).toBe(200);
    expect((await getSession(phone)).statusCode).toBe(401);
    expect((await login({ email: me.email, password: me.password })).statusCode).toBe(401);
    expect((await login({ email: me.email, password: 'new-password-9' })).statusCode).toBe(200);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/password',
      payload: { current: 'x', password: 'new-password-9' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('ends the session and clears the cookie', async () => {
    const { cookie } = await registerAndLogin(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await getSession(cookie)).statusCode).toBe(401);
  });

  it('answers ok without a session too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(200);
  });
});

describe('credential rate limits', () => {
  it('answers 429 with Retry-After after too many logins from one IP', async () => {
    const { app, close } = await createTestApp({
      rateLimit: { max: 2, timeWindowMs: 60_000 },
    });
    try {
      const attempt = () =>
        app.inject({
          method: 'POST',
          url: '/api/botlogin',
          payload: { email: 'a@b.co', password: 'x' },
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error.code).toBe('errors.rateLimited');
    } finally {
      await close();
    }
  });

  it('limits registration per IP too', async () => {
    const { app, close } = await createTestApp({
      rateLimit: { max: 1, timeWindowMs: 60_000 },
    });
    try {
      expect(
        (await app.inject({ method: 'POST', url: '/api/botregister', payload: newAccount() }))
          .statusCode,
      ).toBe(200);
      const res = await app.inject({
        method: 'POST',
        url: '/api/botregister',
        payload: newAccount(),
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('errors.rateLimited');
    } finally {
      await close();
    }
  });
});

describe('login guessing limits: slow down guessers, never lock the owner out', () => {
  let now = Date.UTC(2025, 5, 1);
  // The shipped policy; only the per-IP request rate is lifted, so the guessing limits decide.
  const limits = {
    now: () => now,
    rateLimit: { max: 100_000, timeWindowMs: 60_000 },
    throttle: DEFAULT_THROTTLE,
  };
  const attempt = (
    app: Awaited<ReturnType<typeof createTestApp>>['app'],
    ip: string,
    email: string,
    password: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/botlogin',
      remoteAddress: ip,
      payload: { email, password },
    });

  it("evaluates at most 10 of an attacker's 1,000 guesses; the owner still logs in at once", async () => {
    const { app, close } = await createTestApp(limits);
    try {
      const owner = newAccount();
      await app.inject({
        method: 'POST',
        url: '/api/botregister',
        remoteAddress: '10.0.0.1',
        payload: owner,
      });
      let evaluated = 0;
      for (let i = 0; i < 1000; i++) {
        // Half against the owner, half spread over other e-mails.
        const email = i % 2 === 0 ? owner.email : `someone${i}@example.com`;
        const res = await attempt(app, '203.0.113.66', email, `guess-${i}`);
        if (res.statusCode === 401) evaluated += 1;
        else {
          expect(res.statusCode).toBe(429);
          expect(res.json().error.code).toBe('errors.rateLimited');
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(evaluated).toBeLessThanOrEqual(10);
      expect(evaluated).toBeGreaterThan(0);
      const res = await attempt(app, '10.0.0.1', owner.email, owner.password);
      expect(res.statusCode).toBe(200);
    } finally {
      await close();
    }
  }, 180_000);

  it('evaluates at most 5 of 50 parallel guesses at one account from one address', async () => {
    const { app, close } = await createTestApp(limits);
    try {
      const owner = newAccount();
      await app.inject({ method: 'POST', url: '/api/botregister', payload: owner });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => attempt(app, '198.51.100.9', owner.email, `g${i}`)),
      );
      const evaluated = answers.filter((r) => r.statusCode === 401).length;
      expect(evaluated).toBeLessThanOrEqual(DEFAULT_THROTTLE.pairFreeFailures);
      expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    } finally {
      await close();
    }
  });

  it('slows an address that failed down instead of locking it: after Retry-After the owner gets in', async () => {
    const { app, close } = await createTestApp(limits);
    try {
      const owner = newAccount();
      await app.inject({ method: 'POST', url: '/api/botregister', payload: owner });
      for (let i = 0; i < DEFAULT_THROTTLE.pairFreeFailures; i++) {
        expect((await attempt(app, '192.0.2.5', owner.email, 'typo')).statusCode).toBe(401);
      }
      const slowed = await attempt(app, '192.0.2.5', owner.email, owner.password);
      expect(slowed.statusCode).toBe(429);
      now += Number(slowed.headers['retry-after']) * 1000;
      expect((await attempt(app, '192.0.2.5', owner.email, owner.password)).statusCode).toBe(200);
      // The success cleared the pair: the next typo is evaluated at once again.
      expect((await attempt(app, '192.0.2.5', owner.email, 'typo')).statusCode).toBe(401);
    } finally {
      await close();
    }
  });

  it('caps failed guesses per account at 100 an hour from anywhere; a browser that logged in before still gets in', async () => {
    expect(DEFAULT_THROTTLE.accountFailuresPerHour).toBeLessThanOrEqual(100);
    const { app, close } = await createTestApp(limits);
    try {
      const owner = newAccount();
      await app.inject({ method: 'POST', url: '/api/botregister', payload: owner });
      const first = await attempt(app, '10.9.0.1', owner.email, owner.password);
      expect(first.statusCode).toBe(200);
      const device = cookiePair(first, 'device');
      const withDevice = (ip: string, password: string, cookie = device) =>
        app.inject({
          method: 'POST',
          url: '/api/botlogin',
          remoteAddress: ip,
          headers: { cookie },
          payload: { email: owner.email, password },
        });

      // 120 guesses, each from its own address: only 100 are evaluated.
      const codes: number[] = [];
      for (let i = 0; i < 120; i++) {
        const res = await attempt(
          app,
          `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`,
          owner.email,
          `guess-${i}`,
        );
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(codes.filter((c) => c === 401)).toHaveLength(DEFAULT_THROTTLE.accountFailuresPerHour);
      expect(codes.filter((c) => c === 429)).toHaveLength(20);

      // The owner's browser (its device cookie), even from a new address, is let through.
      expect((await withDevice('10.9.0.2', owner.password)).statusCode).toBe(200);
      // A stranger's browser, a forged or another account's device cookie, is capped.
      expect((await attempt(app, '10.9.0.3', owner.email, owner.password)).statusCode).toBe(429);
      expect((await withDevice('10.9.0.4', owner.password, 'device=abc.def')).statusCode).toBe(429);
      const other = newAccount();
      await app.inject({ method: 'POST', url: '/api/botregister', payload: other });
      const otherDevice = cookiePair(
        await attempt(app, '10.9.0.5', other.email, other.password),
        'device',
      );
      expect((await withDevice('10.9.0.6', owner.password, otherDevice)).statusCode).toBe(429);

      // A device that guesses too counts as a stranger after its own limit.
      for (let i = 0; i < DEFAULT_THROTTLE.deviceFailuresPerHour; i++) {
        expect((await withDevice(`10.9.1.${i + 1}`, 'wrong')).statusCode).toBe(401);
      }
      expect((await withDevice('10.9.2.1', owner.password)).statusCode).toBe(429);

      // The hour over, anyone may try again.
      now += 60 * 60_000;
      expect((await attempt(app, '10.9.0.3', owner.email, owner.password)).statusCode).toBe(200);
    } finally {
      await close();
    }
  }, 120_000);

  it('counts an IPv6 client by its /64, so walking the prefix does not reset the limit', async () => {
    const { app, close } = await createTestApp(limits);
    try {
      const codes: number[] = [];
      for (let i = 1; i <= 20; i++) {
        const res = await attempt(app, `2001:db8:1:2::${i.toString(16)}`, `x${i}@example.com`, 'g');
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 401)).toHaveLength(DEFAULT_THROTTLE.addressFreeFailures);
    } finally {
      await close();
    }
  });
});

describe('registrations per address per hour', () => {
  it('registers 5 accounts an hour from one address, then 429; other addresses and the next hour pass', async () => {
    let now = Date.UTC(2025, 6, 1);
    const { app, close } = await createTestApp({
      now: () => now,
      rateLimit: { max: 100_000, timeWindowMs: 60_000 },
      throttle: DEFAULT_THROTTLE,
    });
    try {
      const reg = (ip: string, payload: object = newAccount()) =>
        app.inject({ method: 'POST', url: '/api/botregister', remoteAddress: ip, payload });
      const first = newAccount();
      expect((await reg('203.0.113.20', first)).statusCode).toBe(200);
      // A refused registration (409) does not use up the hour.
      expect((await reg('203.0.113.20', { ...newAccount(), email: first.email })).statusCode).toBe(
        409,
      );
      for (let i = 1; i < DEFAULT_THROTTLE.registrationsPerHour; i++) {
        expect((await reg('203.0.113.20')).statusCode).toBe(200);
      }
      const capped = await reg('203.0.113.20');
      expect(capped.statusCode).toBe(429);
      expect(capped.json().error.code).toBe('errors.rateLimited');
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
      expect((await reg('203.0.113.21')).statusCode).toBe(200);
      now += 60 * 60_000;
      expect((await reg('203.0.113.20')).statusCode).toBe(200);
    } finally {
      await close();
    }
  });
});

describe('TRUST_PROXY: only the configured hops are trusted', () => {
  it('counts the address the proxy saw, whatever the client wrote in X-Forwarded-For', async () => {
    const { app, close } = await createTestApp({
      trustProxy: 1,
      rateLimit: { max: 100_000, timeWindowMs: 60_000 },
      throttle: DEFAULT_THROTTLE,
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/botlogin',
          // The proxy (socket address) appends the real client after the client's own forgery.
          remoteAddress: '10.1.1.1',
          headers: { 'x-forwarded-for': `198.18.0.${i}, 203.0.113.77` },
          payload: { email: `v${i}@example.com`, password: 'guess' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 401)).toHaveLength(DEFAULT_THROTTLE.addressFreeFailures);
    } finally {
      await close();
    }
  });

  it('trusts X-Forwarded-For only from a listed proxy address', async () => {
    const { app, close } = await createTestApp({
      trustProxy: ['10.1.1.1'],
      rateLimit: { max: 100_000, timeWindowMs: 60_000 },
      throttle: DEFAULT_THROTTLE,
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 30; i++) {
        // A client that is not the proxy writes the header itself: it counts as its own address.
        const res = await app.inject({
          method: 'POST',
          url: '/api/botlogin',
          remoteAddress: '203.0.113.79',
          headers: { 'x-forwarded-for': `198.18.2.${i}` },
          payload: { email: `u${i}@example.com`, password: 'guess' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 401)).toHaveLength(DEFAULT_THROTTLE.addressFreeFailures);
    } finally {
      await close();
    }
  });

  it('ignores X-Forwarded-For entirely when off', async () => {
    const { app, close } = await createTestApp({
      rateLimit: { max: 100_000, timeWindowMs: 60_000 },
      throttle: DEFAULT_THROTTLE,
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/botlogin',
          remoteAddress: '203.0.113.78',
          headers: { 'x-forwarded-for': `198.18.1.${i}` },
          payload: { email: `w${i}@example.com`, password: 'guess' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 401)).toHaveLength(DEFAULT_THROTTLE.addressFreeFailures);
    } finally {
      await close();
    }
  });
});
