import { endpoints as api } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';

const read = async (supportUrl?: string) => {
  const { app, close } = await createTestApp(supportUrl === undefined ? {} : { supportUrl });
  try {
    const res = await app.inject({
      method: api.panelConfig.method,
      url: `/api${api.panelConfig.path}`,
    });
    return { status: res.statusCode, body: res.json<unknown>() };
  } finally {
    await close();
  }
};

describe('GET /api/config', () => {
  it('answers the configured support link, without a session', async () => {
    expect(await read('https://t.me/copybot_support')).toEqual({
      status: 200,
      body: { supportUrl: 'https://t.me/copybot_support' },
    });
  });

  // Regression: the support card linked to a bare 'https://t.me/'.
  it('answers no support link when none is configured', async () => {
    expect(await read()).toEqual({ status: 200, body: { supportUrl: null } });
    expect(await read('   ')).toEqual({ status: 200, body: { supportUrl: null } });
  });

  it('refuses to start with a support link that is not an http(s) URL', async () => {
    await expect(createTestApp({ supportUrl: 'javascript:alert(1)' })).rejects.toThrow(
      /SUPPORT_URL/,
    );
    await expect(createTestApp({ supportUrl: 't.me/x' })).rejects.toThrow(/SUPPORT_URL/);
  });
});
