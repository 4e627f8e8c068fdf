import type { BrokerAdapter } from './broker-adapter.ts';

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
