import { describe, expect, it } from 'vitest';
import { newAccount, registerAndLogin, useTestApp } from '../../test/app.ts';

const operator = newAccount();
const t = useTestApp({ operatorEmails: [` ${operator.email.toUpperCase()} `] });

async function health(headers: Record<string, string> = {}, remoteAddress?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/health',
    headers,
    ...(remoteAddress !== undefined ? { remoteAddress } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json<Record<string, unknown>>();
}

describe('GET /api/health: where the key lives', () => {
  it('tells this machine where the secret key lives', async () => {
    expect(await health({}, '127.0.0.1')).toEqual({
      ok: true,
      database: expect.any(String),
      secretKey: 'environment',
      warnings: [],
      // No TELEGRAM_BOT_TOKEN here: the bot is off, and says so.
      connectors: { telegramBot: expect.objectContaining({ state: 'off', mode: null }) },
    });
    expect((await health({}, '::1')).secretKey).toBe('environment');
  });

  it('tells another address, or a proxied request, only that the database answers', async () => {
    const remote = await health({}, '203.0.113.7');
    expect(remote).toEqual({ ok: true, database: expect.any(String) });
    // A reverse proxy on this machine connects from loopback for every visitor.
    const proxied = await health({ 'x-forwarded-for': '203.0.113.7' }, '127.0.0.1');
    expect(proxied).not.toHaveProperty('secretKey');
    expect(await health({ forwarded: 'for=203.0.113.7' }, '127.0.0.1')).not.toHaveProperty(
      'warnings',
    );
  });

  it('tells a logged-in operator (OPERATOR_EMAILS) from anywhere, and no other account', async () => {
    const op = await registerAndLogin(t.app, operator);
    const trader = await registerAndLogin(t.app);
    expect((await health({ cookie: op.cookie }, '203.0.113.7')).secretKey).toBe('environment');
    expect(await health({ cookie: trader.cookie }, '203.0.113.7')).not.toHaveProperty('secretKey');
  });
});
