import type { PaymentProvider } from './provider.ts';

/**
 * The real payment providers switched on by the environment (docs/operator.md "Payments"). Each
 * needs both of its keys; a provider with one key only stays off (see `halfConfiguredProviders`,
 * which the server can log at start). Each API base URL can point at a fake for tests or staging.
 */
export const REAL_PROVIDER_ENV = {
  mercadopago: {
    required: ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_WEBHOOK_SECRET'],
    optional: ['MERCADOPAGO_API_URL'],
  },
  stripe: {
    required: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    optional: ['STRIPE_API_URL'],
  },
  nowpayments: {
    required: ['NOWPAYMENTS_API_KEY', 'NOWPAYMENTS_IPN_SECRET'],
    optional: ['NOWPAYMENTS_API_URL', 'NOWPAYMENTS_EMAIL', 'NOWPAYMENTS_PASSWORD'],
  },
} as const;

type ProviderName = keyof typeof REAL_PROVIDER_ENV;

function value(env: NodeJS.ProcessEnv, key: string): string | undefined {
  const v = env[key]?.trim();
  return v ? v : undefined;
}

function configured(env: NodeJS.ProcessEnv, name: ProviderName): boolean {
  return REAL_PROVIDER_ENV[name].required.every((key) => value(env, key) !== undefined);
}

/** Providers with some but not all required keys, and the keys they miss (names only). */
export function halfConfiguredProviders(
  env: NodeJS.ProcessEnv,
): { provider: ProviderName; missing: string[] }[] {
  return (Object.keys(REAL_PROVIDER_ENV) as ProviderName[]).flatMap((provider) => {
    const required = REAL_PROVIDER_ENV[provider].required;
    const missing = required.filter((key) => value(env, key) === undefined);
    return missing.length > 0 && missing.length < required.length ? [{ provider, missing }] : [];
  });
}

/**
 * Each provider's module (and its SDK: `stripe`, `mercadopago`) is imported only when that
 * provider is configured; unconfigured, none of it is parsed or held in memory (about
 * 8 MB of the idle server).
 */
export async function realProvidersFromEnv(env: NodeJS.ProcessEnv): Promise<PaymentProvider[]> {
  const providers: PaymentProvider[] = [];
  if (configured(env, 'mercadopago')) {
    const { MercadoPagoProvider } = await import('./mercadopago.ts');
    providers.push(
      new MercadoPagoProvider({
        accessToken: value(env, 'MERCADOPAGO_ACCESS_TOKEN')!,
        webhookSecret: value(env, 'MERCADOPAGO_WEBHOOK_SECRET')!,
        apiUrl: value(env, 'MERCADOPAGO_API_URL'),
      }),
    );
  }
  if (configured(env, 'stripe')) {
    const { StripeProvider } = await import('./stripe.ts');
    providers.push(
      new StripeProvider({
        secretKey: value(env, 'STRIPE_SECRET_KEY')!,
        webhookSecret: value(env, 'STRIPE_WEBHOOK_SECRET')!,
        apiUrl: value(env, 'STRIPE_API_URL'),
      }),
    );
  }
  if (configured(env, 'nowpayments')) {
    const { NowPaymentsProvider } = await import('./nowpayments.ts');
    providers.push(
      new NowPaymentsProvider({
        apiKey: value(env, 'NOWPAYMENTS_API_KEY')!,
        ipnSecret: value(env, 'NOWPAYMENTS_IPN_SECRET')!,
        apiUrl: value(env, 'NOWPAYMENTS_API_URL'),
        email: value(env, 'NOWPAYMENTS_EMAIL'),
        password: value(env, 'NOWPAYMENTS_PASSWORD'),
      }),
    );
  }
  return providers;
}
