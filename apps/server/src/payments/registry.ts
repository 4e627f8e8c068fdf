import type { PaymentMethod } from '@app/contract';
import { LocalProvider } from './local-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { realProvidersFromEnv } from './real-providers.ts';

/**
 * The methods the local provider serves when it is on
 * (docs/decisions/2026-11-23-buying-and-renewing.md).
 */
export const LOCAL_METHODS: readonly PaymentMethod[] = ['regional', 'card'];

export interface PaymentRegistry {
  /** The local provider: always built (its checkout page answers for its purchases). */
  readonly local: LocalProvider;
  /** The provider of a method, or null when none is configured ("not available"). */
  forMethod(method: PaymentMethod): PaymentProvider | null;
  /** A provider by its name (`local`, `mercadopago`…), for notifications. */
  byName(name: string): PaymentProvider | null;
}

export interface PaymentOptions {
  /** The real providers; default from the environment (`realProvidersFromEnv`). */
  providers?: PaymentProvider[];
  /**
   * Whether the local provider takes payments. Default: PAYMENTS_LOCAL (`on`/`off`), else on
   * only while no real provider is configured, so a production install never sells for free.
   */
  local?: boolean;
  /** The environment the providers' keys and PAYMENTS_LOCAL are read from (default process.env). */
  env?: NodeJS.ProcessEnv;
}

function localFromEnv(env: NodeJS.ProcessEnv): boolean | undefined {
  const v = env.PAYMENTS_LOCAL?.trim().toLowerCase();
  if (v === 'on' || v === '1' || v === 'true') return true;
  if (v === 'off' || v === '0' || v === 'false') return false;
  return undefined;
}

/**
 * Maps each payment method to its provider: a configured real provider first (the first that
 * lists the method), else the local provider for `regional` and `card` when it is on; the other
 * methods stay "not available".
 */
export async function createPaymentRegistry(
  options: PaymentOptions = {},
  env: NodeJS.ProcessEnv = options.env ?? process.env,
): Promise<PaymentRegistry> {
  const real = options.providers ?? (await realProvidersFromEnv(env));
  const localOn = options.local ?? localFromEnv(env) ?? real.length === 0;
  const local = new LocalProvider(localOn ? LOCAL_METHODS : []);
  const byMethod = new Map<PaymentMethod, PaymentProvider>();
  for (const provider of [...real, local]) {
    for (const method of provider.methods)
      if (!byMethod.has(method)) byMethod.set(method, provider);
  }
  const byName = new Map<string, PaymentProvider>([local, ...real].map((p) => [p.name, p]));
  return {
    local,
    forMethod: (method) => byMethod.get(method) ?? null,
    byName: (name) => byName.get(name) ?? null,
  };
}
