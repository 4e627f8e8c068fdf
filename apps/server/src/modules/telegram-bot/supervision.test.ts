import { endpoints as api, type Health } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  callAs,
  createTestApp,
  newAccount,
  registerAndLogin,
  sessionCookie,
} from '../../test/app.ts';
import { startFakeBotApi, type FakeBotApi } from '../../test/fake-bot-api.ts';

// The operator bot running by itself (its lease, receiver, drain and feed loops on real timers,
// with short backoffs) against a fake Bot API that fails as Telegram does: another poller (409),
// a revoked token (401), a network that is down or hangs. Each test waits for what a trader or
// an operator would see, never for a fixed time.

// The app's and the fake's clock: real time, moved forward by the tests that need a minute.
let offset = 0;
const now = () => Date.now() + offset;
let fake: FakeBotApi | null = null;
let running: { app: FastifyInstance; close: () => Promise<void> } | null = null;
const lines: string[] = [];

afterEach(async () => {
  await running?.close();
  await fake?.close();
  running = null;
  fake = null;
  lines.length = 0;
});

async function startBot(f: FakeBotApi, extra: { callTimeoutSec?: number } = {}) {
  running = await createTestApp({
    now,
    publicUrl: 'http://robo.test',
    logger: true,
    logStream: { write: (line) => lines.push(line) },
    telegramBot: {
      token: f.token,
      apiRoot: f.url,
      pollTimeoutSec: 1,
      retry: { firstMs: 5, maxMs: 40 },
      renewMs: 50,
      ...extra,
    },
    messenger: undefined,
  });
  return running.app;
}

const until = { timeout: 15_000, interval: 20 };

async function botHealth(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' });
  expect(res.statusCode).toBe(200);
  return res.json<Health>().connectors!.telegramBot!;
}

describe('the fake Bot API', () => {
  it('terminates the first of two pollers with 409, as Telegram does', async () => {
    fake = await startFakeBotApi();
    const poll = () =>
      fetch(`${fake!.url}/bot${fake!.token}/getUpdates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ timeout: 5 }),
      }).then(
        (r) => r.json() as Promise<{ ok: boolean; error_code?: number; description?: string }>,
      );
    const first = poll();
    await vi.waitFor(() => expect(fake!.calls.length).toBe(1), until);
    const second = poll();
    expect(await first).toMatchObject({
      ok: false,
      error_code: 409,
      description: expect.stringContaining('terminated by other getUpdates request'),
    });
    fake.sendText({ id: 1 }, 'hi');
    expect(await second).toMatchObject({ ok: true });
  });
});

describe('a supervised bot', () => {
  it('outlives a minute of 409s: the health view says why, and /start is answered afterwards', async () => {
    fake = await startFakeBotApi({ now });
    fake.otherPoller(now() + 60_000);
    const app = await startBot(fake);
    await vi.waitFor(() => expect(app.telegramBot!.status().state).toBe('conflict'), until);
    const down = await botHealth(app);
    expect(down).toMatchObject({
      state: 'conflict',
      mode: 'polling',
      receiver: 'this',
      lastError: { code: 409, description: expect.stringContaining('terminated by other') },
      retryAt: expect.any(String),
    });
    // It keeps trying, with backoff, and the panel keeps serving meanwhile.
    await vi.waitFor(() => expect(fake!.conflicts()).toBeGreaterThan(3), until);
    expect((await registerAndLogin(app)).cookie).toMatch(/^sid=/);
    // The other poller stops a minute later: this one receives again.
    offset += 60_000;
    await vi.waitFor(() => expect(app.telegramBot!.status().state).toBe('up'), until);
    fake.sendText({ id: 5551001, language_code: 'en' }, '/start');
    await vi.waitFor(() => expect(fake!.textsTo(5551001)).toHaveLength(1), until);
    expect(fake.textsTo(5551001)[0]).toContain('Your Telegram ID is 5551001');
    expect((await botHealth(app)).state).toBe('up');
    // Logged when it went down and when it came back, not at every try.
    const warned = lines.filter((l) => l.includes('another poller or webhook uses this token'));
    expect(warned).toHaveLength(1);
    expect(lines.some((l) => l.includes('receiving again'))).toBe(true);
  });

  it('stops on a revoked token (401) and says so; the panel keeps serving', async () => {
    fake = await startFakeBotApi({ now });
    const token = fake.token;
    const app = await startBot(fake);
    await vi.waitFor(() => expect(app.telegramBot!.status().state).toBe('up'), until);
    fake.revokeToken();
    await vi.waitFor(() => expect(app.telegramBot!.status().state).toBe('unauthorized'), until);
    expect(await botHealth(app)).toMatchObject({
      state: 'unauthorized',
      lastError: { code: 401, description: 'Unauthorized' },
    });
    // Registration, login and the trader's screens answer as before.
    const me = await registerAndLogin(app);
    const bots = await callAs(app, me.cookie, api.getBots, { query: { userid: me.userid } });
    expect(bots.statusCode).toBe(200);
    const refused = lines.filter((l) => l.includes('Telegram refused the token'));
    expect(refused).toHaveLength(1);
    expect(lines.some((l) => l.includes(token))).toBe(false);
    // Nothing is sent with a token Telegram refuses: the code waits in the queue.
    expect(await app.telegramBot!.drainOnce()).toBe(0);
    expect((await botHealth(app)).outbox.queued).toBeGreaterThan(0);
  });

  it('starts while Telegram cannot be reached: registration answers, the code goes once it is back', async () => {
    fake = await startFakeBotApi({ now });
    fake.setNetwork('down');
    const app = await startBot(fake);
    const account = newAccount();
    // The trader pressed Start in the bot before (a bot cannot write to someone who never did).
    fake.startChat(Number(account.userid));
    const reg = await app.inject({ method: 'POST', url: '/api/botregister', payload: account });
    expect(reg.statusCode).toBe(200);
    await vi.waitFor(async () => {
      const h = await botHealth(app);
      expect(h.state).toBe('retrying');
      expect(h.lastError?.code).toBeNull();
      expect(h.outbox.queued).toBe(1);
    }, until);
    fake.setNetwork('up');
    await vi.waitFor(
      () => expect(fake!.textsTo(Number(account.userid)).join()).toMatch(/\d{6}/),
      until,
    );
    const code = /\d{6}/.exec(fake.textsTo(Number(account.userid)).join())![0];
    const login = await app.inject({
      method: 'POST',
      url: '/api/botlogin',
      payload: { email: account.email, password: account.password },
    });
    const cookie = sessionCookie(login);
    const verified = await callAs(app, cookie, api.verifyBot, {
      body: { userid: account.userid, code },
    });
    expect(verified.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await botHealth(app)).state).toBe('up'), until);
  });

  it('a network that hangs holds nothing: registration answers, sends time out and go later', async () => {
    fake = await startFakeBotApi({ now });
    const app = await startBot(fake, { callTimeoutSec: 1 });
    await vi.waitFor(() => expect(app.telegramBot!.status().state).toBe('up'), until);
    fake.setNetwork('hang');
    const account = newAccount();
    fake.startChat(Number(account.userid));
    const reg = await app.inject({ method: 'POST', url: '/api/botregister', payload: account });
    expect(reg.statusCode).toBe(200);
    // The send times out (no answer ever comes) and waits for the next try.
    await vi.waitFor(
      () => expect(lines.some((l) => l.includes('sending failed'))).toBe(true),
      until,
    );
    fake.setNetwork('up');
    await vi.waitFor(
      () => expect(fake!.textsTo(Number(account.userid)).join()).toMatch(/\d{6}/),
      until,
    );
  });
});
