import { AccountType, isReal, type OrderFailReason } from '@app/contract';
import type { BrokerAdapter } from '../brokers/broker-adapter.ts';

/** Adapters whose real account was read from the broker itself in this process. */
const verified = new WeakSet<BrokerAdapter>();

/**
 * Before the first real order of a bot's broker session (an adapter lives until its credentials
 * change or the process restarts): the broker itself must say the account is a real one and hold
 * the stake. Returns why the order may not go, or null. Brokers without real money (paper) and
 * demo orders pass.
 */
export async function checkFirstRealOrder(
  broker: BrokerAdapter,
  order: { account_type: number; stake_cents: number | string },
): Promise<OrderFailReason | null> {
  if (!isReal(order.account_type) || !broker.checkAccount || verified.has(broker)) return null;
  const check = await broker.checkAccount(AccountType.real);
  if (!check.ok) return check.error;
  if (!check.real) return 'accountMismatch';
  if (check.balanceCents < Number(order.stake_cents)) return 'insufficientBalance';
  verified.add(broker);
  return null;
}

/**
 * At decision time, for a bot set to Real: `real_on_simulator` when its broker is the paper one;
 * on a network broker, `account_mismatch` when the broker
 * itself says the credentials reach no real account (or are refused), so the feed tells the
 * trader what to fix instead of a broker failure; null otherwise.
 */
export async function realAccountRefusal(
  broker: BrokerAdapter,
  accountType: number,
): Promise<'account_mismatch' | 'real_on_simulator' | null> {
  // Real on the simulator (the broker has no adapter here, or its login was removed after the
  // switch): the robot never "trades Real" on paper.
  if (isReal(accountType) && broker.simulator) return 'real_on_simulator';
  if (!isReal(accountType) || !broker.checkAccount || verified.has(broker)) return null;
  const check = await broker.checkAccount(AccountType.real).catch(() => null);
  if (!check) return null;
  if (check.ok) return check.real ? null : 'account_mismatch';
  return ['accountMismatch', 'authFailed', 'noToken'].includes(check.error)
    ? 'account_mismatch'
    : null;
}
