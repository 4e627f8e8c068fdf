import { AccountType, FollowerLoteType } from '@app/contract';
import { roundCents, toCents, type Cents } from '../money/cents.ts';
import type {
  CopyFollower,
  CopySkipReason,
  FanOutDecision,
  MetaFollower,
  MetaOrder,
  StakeClamp,
  TraderOrder,
} from './types.ts';

// Hot path: called once per trader order for up to ~10⁵ followers. One pass, O(1) work and one
// allocation per follower, no sorting, no lookups; a follower's bad data becomes its own skip.

const isNum = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isFlag = (x: unknown): boolean => typeof x === 'boolean' || x === 0 || x === 1;

function idOf(follower: unknown): string {
  if (follower === null || typeof follower !== 'object') return '';
  const id = (follower as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

function skip(index: number, followerId: string, reason: CopySkipReason): FanOutDecision {
  return { kind: 'skip', index, followerId, reason };
}

/** Fields common to copy and MetaCopy followers, checked before any rule reads them. */
function hasCommonShape(f: MetaFollower | CopyFollower): boolean {
  return (
    ((typeof f.id === 'string' && f.id !== '') || typeof f.id === 'number') &&
    isFlag(f.traderEna) &&
    isNum(f.expCopy) &&
    isNum(f.ordersToday) &&
    f.ordersToday >= 0 &&
    isNum(f.maxTrades) &&
    f.maxTrades >= 0 &&
    isNum(f.signalType) &&
    isNum(f.delaysig) &&
    isNum(f.brokerID) &&
    isNum(f.lote) &&
    f.lote > 0
  );
}

function isValidCopyFollower(f: CopyFollower): boolean {
  return (
    hasCommonShape(f) &&
    isFlag(f.acptdemo) &&
    isNum(f.minStake) &&
    f.minStake >= 0 &&
    isNum(f.maxStake) &&
    f.maxStake >= 0 &&
    !(f.minStake > 0 && f.maxStake > 0 && f.minStake > f.maxStake) &&
    (f.loteType === FollowerLoteType.fixed || f.loteType === FollowerLoteType.copyLot)
  );
}

/**
 * The rules shared by copy and MetaCopy, in the order a trader reads them: configuration filters
 * (enabled, expiry, broker, signal type) before the daily counter.
 */
function commonSkip(
  f: MetaFollower | CopyFollower,
  order: { brokerId: number; signalType: number; atMs: number },
): CopySkipReason | null {
  if (!f.traderEna) return 'disabled';
  if (f.expCopy > 0 && f.expCopy * 1000 <= order.atMs) return 'expired';
  return null;
}

function filterSkip(
  f: MetaFollower | CopyFollower,
  order: { brokerId: number; signalType: number },
): CopySkipReason | null {
  if (f.brokerID !== 0 && f.brokerID !== order.brokerId) return 'broker_mismatch';
  if (f.signalType !== 0 && f.signalType !== order.signalType) return 'signal_type_mismatch';
  if (f.maxTrades > 0 && f.ordersToday >= f.maxTrades) return 'max_orders_reached';
  return null;
}

function rawStakeCents(f: Pick<CopyFollower, 'lote' | 'loteType'>, traderStakeCents: Cents): Cents {
  return f.loteType === FollowerLoteType.copyLot
    ? roundCents(traderStakeCents * f.lote)
    : toCents(f.lote);
}

function boundedCents(raw: Cents, f: Pick<CopyFollower, 'minStake' | 'maxStake'>): Cents {
  if (f.minStake > 0 && raw < toCents(f.minStake)) return toCents(f.minStake);
  if (f.maxStake > 0 && raw > toCents(f.maxStake)) return toCents(f.maxStake);
  return raw;
}

const clampOf = (raw: Cents, stake: Cents): StakeClamp =>
  stake > raw ? 'min' : stake < raw ? 'max' : null;

/**
 * A follower's stake in cents: loteType 1 → `lote` as a fixed amount; loteType 2 → `lote` times
 * the trader's stake (0.5 → half, 2 → double), half up. Then clamped to [minStake, maxStake].
 * @example copyStakeCents({ lote: 0.5, loteType: 2, minStake: 0, maxStake: 0 }, 1000) // { stakeCents: 500, clamped: null }
 */
export function copyStakeCents(
  f: Pick<CopyFollower, 'lote' | 'loteType' | 'minStake' | 'maxStake'>,
  traderStakeCents: Cents,
): { stakeCents: Cents; clamped: StakeClamp } {
  const raw = rawStakeCents(f, traderStakeCents);
  const stakeCents = boundedCents(raw, f);
  return { stakeCents, clamped: clampOf(raw, stakeCents) };
}

/**
 * Plans a copy trader's order for every follower: exactly one decision per follower, in input
 * order, an order (stake in cents, send instant in Unix ms) or a typed skip. Never throws.
 * @example planFanOut(order, [follower]) // [{ kind: 'order', index: 0, order: { stakeCents: 200, … } }]
 */
export function planFanOut(
  order: TraderOrder,
  followers: readonly CopyFollower[],
): FanOutDecision[] {
  const decisions: FanOutDecision[] = new Array<FanOutDecision>(followers.length);
  const onDemo = order.account === AccountType.demo;
  for (let i = 0; i < followers.length; i += 1) {
    decisions[i] = decideCopy(order, followers[i], i, onDemo);
  }
  return decisions;
}

function decideCopy(
  order: TraderOrder,
  f: CopyFollower | undefined,
  index: number,
  onDemo: boolean,
): FanOutDecision {
  try {
    if (f === null || typeof f !== 'object' || !isValidCopyFollower(f)) {
      return skip(index, idOf(f), 'invalid_follower');
    }
    const followerId = String(f.id);
    const early = commonSkip(f, order);
    if (early) return skip(index, followerId, early);
    if (onDemo && !f.acptdemo) return skip(index, followerId, 'demo_not_accepted');
    const late = filterSkip(f, order);
    if (late) return skip(index, followerId, late);
    // Same rule as copyStakeCents, without its result object: this loop runs per follower.
    const raw = rawStakeCents(f, order.stakeCents);
    const stakeCents = boundedCents(raw, f);
    if (stakeCents < 1) return skip(index, followerId, 'stake_too_small');
    return {
      kind: 'order',
      index,
      followerId,
      clamped: clampOf(raw, stakeCents),
      order: {
        asset: order.asset,
        direction: order.direction,
        stakeCents,
        brokerId: order.brokerId,
        signalType: order.signalType,
        sendAtMs: order.atMs + Math.max(0, f.delaysig) * 1000,
      },
    };
  } catch {
    // A hostile record (a throwing getter, a proxy) must not cost the other followers their copy.
    return skip(index, idOf(f), 'invalid_follower');
  }
}

/**
 * Plans a MetaCopy order for every follower, like {@link planFanOut}: stake = `lote` as a fixed
 * amount in cents; send at `atMs + max(0, delaysig − anticipation)` seconds.
 * @example planMetaFanOut(metaOrder, [metaFollower]) // [{ kind: 'skip', reason: 'max_orders_reached', … }]
 */
export function planMetaFanOut(
  order: MetaOrder,
  followers: readonly MetaFollower[],
): FanOutDecision[] {
  const decisions: FanOutDecision[] = new Array<FanOutDecision>(followers.length);
  for (let i = 0; i < followers.length; i += 1) {
    decisions[i] = decideMeta(order, followers[i], i);
  }
  return decisions;
}

function decideMeta(order: MetaOrder, f: MetaFollower | undefined, index: number): FanOutDecision {
  try {
    if (f === null || typeof f !== 'object' || !hasCommonShape(f) || !isNum(f.anticipation)) {
      return skip(index, idOf(f), 'invalid_follower');
    }
    const followerId = String(f.id);
    const reason = commonSkip(f, order) ?? filterSkip(f, order);
    if (reason) return skip(index, followerId, reason);
    const stakeCents = toCents(f.lote);
    if (stakeCents < 1) return skip(index, followerId, 'stake_too_small');
    return {
      kind: 'order',
      index,
      followerId,
      clamped: null,
      order: {
        asset: order.asset,
        direction: order.direction,
        stakeCents,
        brokerId: order.brokerId,
        signalType: order.signalType,
        sendAtMs: order.atMs + Math.max(0, f.delaysig - f.anticipation) * 1000,
      },
    };
  } catch {
    return skip(index, idOf(f), 'invalid_follower');
  }
}
