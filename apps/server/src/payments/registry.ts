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
  /** The names of the configured real providers (`mercadopago`, `stripe`…). */
  readonly realNames: readonly string[];
  /** Whether the local provider takes payments, and why (said once in the start-up log). */
  readonly localState: { on: boolean; why: LocalWhy };
}

/** Why the local provider is on or off. */
export type LocalWhy = 'option' | 'env' | 'production' | 'real-provider' | 'no-real-provider';

export interface PaymentOptions {
  /** The real providers; default from the environment (`realProvidersFromEnv`). */
  providers?: PaymentProvider[];
  /**
   * Whether the local provider takes payments. Default: PAYMENTS_LOCAL (`on`/`off`), else off in
   * production (NODE_ENV=production), else on only while no real provider is configured, so a
   * production install never sells for free.
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

function localStateOf(
  option: boolean | undefined,
  env: NodeJS.ProcessEnv,
  realCount: number,
): { on: boolean; why: LocalWhy } {
  if (option !== undefined) return { on: option, why: 'option' };
  const fromEnv = localFromEnv(env);
  if (fromEnv !== undefined) return { on: fromEnv, why: 'env' };
  // Its link pays with a button: in production only when the operator asks (a demo install).
  if (env.NODE_ENV?.trim() === 'production') return { on: false, why: 'production' };
  return realCount > 0
    ? { on: false, why: 'real-provider' }
    : { on: true, why: 'no-real-provider' };
}

/** The start-up log line of the local provider's state (docs/security.md "Payments"). */
export function localStateMessage(state: { on: boolean; why: LocalWhy }): string {
  if (state.on) {
    return state.why === 'no-real-provider'
      ? 'payments: local checkout ON (no real provider configured): purchases are paid with a button, no money is charged; PAYMENTS_LOCAL=off switches it off'
      : 'payments: local checkout ON (PAYMENTS_LOCAL=on): purchases are paid with a button, no money is charged';
  }
  if (state.why === 'production') {
    return 'payments: local checkout OFF (NODE_ENV=production); PAYMENTS_LOCAL=on switches it on for a demo';
  }
  return state.why === 'real-provider'
    ? 'payments: local checkout OFF (a real provider is configured)'
    : 'payments: local checkout OFF (PAYMENTS_LOCAL=off)';
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
  const localState = localStateOf(options.local, env, real.length);
  const local = new LocalProvider(localState.on ? LOCAL_METHODS : []);
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
    realNames: real.map((p) => p.name),
    localState,
  };
}
