import { endpoints as api } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { realTradingBrokers } from '../../robot/brokers/broker-catalog.ts';
import { createTestApp } from '../../test/app.ts';

// The brokers the test environment trades real money at (the shipped Quadcode brokers; Deriv
// with the app id the server project's tests configure, vitest.config.ts).
const realTrading = realTradingBrokers();

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

describe('which brokers trade real money', () => {
  it('ships IQ Option and Exnova; Deriv needs its app id everywhere; others by configuration', () => {
    expect(realTradingBrokers({ NODE_ENV: 'production' })).toEqual([1, 8]);
    expect(realTradingBrokers({ NODE_ENV: 'production', DERIV_APP_ID: '12345' })).toEqual([
      1, 2, 8,
    ]);
    // Outside production too: the default id (1089) is a legacy one the new API refuses, so a
    // development install without DERIV_APP_ID does not say Deriv trades for real.
    expect(realTradingBrokers({ NODE_ENV: 'test' })).toEqual([1, 8]);
    expect(realTradingBrokers({ NODE_ENV: 'development' })).toEqual([1, 8]);
    expect(realTradingBrokers({ NODE_ENV: 'test', DERIV_APP_ID: '4321' })).toEqual([1, 2, 8]);
    // Bullex (14) once its hosts are set; IQ Option switched off; a malformed URL is left out.
    expect(
      realTradingBrokers({
        NODE_ENV: 'production',
        QUADCODE_14_HTTP_URL: 'https://api.trade.bullex.example',
        QUADCODE_14_WS_URL: 'wss://ws.trade.bullex.example/echo/websocket',
        QUADCODE_1: 'off',
        QUADCODE_8_WS_URL: 'not a url',
      }),
    ).toEqual([14]);
  });
});

describe('GET /api/config', () => {
  it('answers the configured support link, without a session', async () => {
    expect(await read('https://t.me/copybot_support')).toEqual({
      status: 200,
      body: {
        supportUrl: 'https://t.me/copybot_support',
        realTradingBrokers: realTrading,
        telegramBot: null,
        derivOAuth: false,
      },
    });
  });

  // Regression: the support card linked to a bare 'https://t.me/'.
  it('answers no support link when none is configured', async () => {
    const none = {
      supportUrl: null,
      realTradingBrokers: realTrading,
      telegramBot: null,
      derivOAuth: false,
    };
    expect(await read()).toEqual({ status: 200, body: none });
    expect(await read('   ')).toEqual({ status: 200, body: none });
  });

  it('refuses to start with a support link that is not an http(s) URL', async () => {
    await expect(createTestApp({ supportUrl: 'javascript:alert(1)' })).rejects.toThrow(
      /SUPPORT_URL/,
    );
    await expect(createTestApp({ supportUrl: 't.me/x' })).rejects.toThrow(/SUPPORT_URL/);
  });
});
