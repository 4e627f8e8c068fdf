/** Shared fixtures for the money tests (not exported from the package). */
import type { CommonConfig } from './types.ts';

/** Generous broker limits so the worked examples are not clamped. */
export const LIMITS = { brokerMinCents: 1, brokerMaxCents: 10_000_000 } as const;

/** A common config with a fixed entry (cents) and payout fraction. */
export function common(baseCents: number, payout: number): CommonConfig {
  return { ...LIMITS, entry: { kind: 'fixed', stakeCents: baseCents }, payout };
}
