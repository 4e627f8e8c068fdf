import type { OrderFailReason } from '@app/contract';
import type { BrokerAdapter } from './broker-adapter.ts';

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
  if (order.account_type !== 2 || !broker.checkAccount || verified.has(broker)) return null;
  const check = await broker.checkAccount(2);
  if (!check.ok) return check.error;
  if (!check.real) return 'accountMismatch';
  if (check.balanceCents < Number(order.stake_cents)) return 'insufficientBalance';
  verified.add(broker);
  return null;
}

/**
 * Whether the broker offers the signal's asset and timeframe: `not_offered` (the feed's refusal)
 * when it says it does not or the market is closed then, else null (also when it cannot tell:
 * the payout read decides then).
 */
export async function offeringRefusal(
  broker: BrokerAdapter,
  asset: string,
  timeframeMin: number,
  atMs: number,
): Promise<'not_offered' | null> {
  if (!broker.offered) return null;
  const reason = await broker.offered(asset, timeframeMin, atMs).catch(() => null);
  return reason === 'notOffered' || reason === 'marketClosed' ? 'not_offered' : null;
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
  if (accountType === 2 && broker.simulator) return 'real_on_simulator';
  if (accountType !== 2 || !broker.checkAccount || verified.has(broker)) return null;
  const check = await broker.checkAccount(2).catch(() => null);
  if (!check) return null;
  if (check.ok) return check.real ? null : 'account_mismatch';
  return ['accountMismatch', 'authFailed', 'noToken'].includes(check.error)
    ? 'account_mismatch'
    : null;
}
