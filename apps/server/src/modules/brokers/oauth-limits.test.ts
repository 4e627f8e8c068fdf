import { endpoints as api, ErrorCode } from '@app/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callAs, createTestApp, registerAndLogin } from '../../test/app.ts';
import { OAUTH_STATES_PER_BOT, type DerivOAuthConfig } from './deriv-oauth.ts';

// What "Conectar Deriv" may leave behind: no code or state in a log line, a bounded number of
// stored flows per bot, and no flow in production whose return address the Host header picks.
const oauth: DerivOAuthConfig = {
  clientId: 'client-77',
  authUrl: 'https://oauth.deriv.test',
  timeoutMs: 4_000,
};

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  vi.unstubAllEnvs();
  await close?.();
  close = null;
});

describe('Deriv OAuth', () => {
  it('1,000 starts from one session keep at most 5 flows of that bot', async () => {
    const made = await createTestApp({ derivOAuth: oauth, publicUrl: 'https://robo.example.com' });
    close = made.close;
    const me = await registerAndLogin(made.app);
    for (let i = 0; i < 1000; i++) {
      const res = await callAs(made.app, me.cookie, api.derivOAuthStart, {
        body: { userid: me.userid },
      });
      expect(res.statusCode).toBe(200);
    }
    const rows = await made.app.deps.db.selectFrom('deriv_oauth_states').select('bot_id').execute();
    expect(rows).toHaveLength(OAUTH_STATES_PER_BOT);
  });

  it('writes no code or state of the return address to the request log', async () => {
    const lines: string[] = [];
    const made = await createTestApp({
      derivOAuth: oauth,
      publicUrl: 'https://robo.example.com',
      logger: true,
      logStream: { write: (line) => lines.push(line) },
    });
    close = made.close;
    await made.app.inject({
      method: 'GET',
      url: '/brokerconfig?code=SECRET-CODE-1&state=SECRET-STATE-2&lng=pt-BR',
    });
    const logged = lines.filter((l) => l.includes('/brokerconfig'));
    expect(logged.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes('SECRET-CODE-1') || l.includes('SECRET-STATE-2'))).toBe(
      false,
    );
    expect(logged[0]).toContain('code=[redacted]&state=[redacted]&lng=pt-BR');
  });

  it('is refused in production without PUBLIC_URL (the Host header would choose the return)', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const made = await createTestApp({ derivOAuth: oauth, publicUrl: '' });
    close = made.close;
    const me = await registerAndLogin(made.app);
    const res = await callAs(made.app, me.cookie, api.derivOAuthStart, {
      body: { userid: me.userid },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe(ErrorCode.derivOAuthNoPublicUrl);
    expect(await made.app.deps.db.selectFrom('deriv_oauth_states').selectAll().execute()).toEqual(
      [],
    );
  });
});
