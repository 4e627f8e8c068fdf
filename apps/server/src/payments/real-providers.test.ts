import { describe, expect, it } from 'vitest';
import { halfConfiguredProviders, realProvidersFromEnv } from './real-providers.ts';

describe('real providers from the environment', () => {
  it('none without keys: the local provider alone sells', async () => {
    expect(await realProvidersFromEnv({})).toEqual([]);
    expect(halfConfiguredProviders({})).toEqual([]);
  });

  it('a blank key counts as unset', async () => {
    expect(
      await realProvidersFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: '  ' }),
    ).toEqual([]);
  });

  it('names the keys a half-configured provider misses (never their values)', () => {
    expect(
      halfConfiguredProviders({
        MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-secret',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        NOWPAYMENTS_IPN_SECRET: 'ipn',
      }),
    ).toEqual([
      { provider: 'mercadopago', missing: ['MERCADOPAGO_WEBHOOK_SECRET'] },
      { provider: 'nowpayments', missing: ['NOWPAYMENTS_API_KEY'] },
    ]);
  });
});
