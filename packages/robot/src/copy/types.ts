import type { AccountType, BrokerId, SignalType } from '@app/contract';
import type { OrderDirection } from '../broker/types.ts';
import type { Cents } from '../money/cents.ts';

/** A trader's order as its followers see it. Instants are Unix milliseconds. */
export interface TraderOrder {
  traderId: string;
  asset: string;
  direction: OrderDirection;
  stakeCents: Cents;
  /** The account the trader traded on (1 demo, 2 real, 3 tournament). */
  account: AccountType;
  brokerId: BrokerId;
  signalType: SignalType;
  /** Instant the trader's order was placed. */
  atMs: number;
}

/**
 * One follower of a copy trader: the follower's "Trader save" (SPEC §3, wire names kept) plus
 * what the runtime knows about it. `lote`, `minStake` and `maxStake` are currency amounts as the
 * panel saves them (2.5 = 2.50); the plan converts them to cents.
 */
export interface CopyFollower {
  id: string;
  /** Copy expiry, Unix seconds; 0 or less = no expiry (SPEC §3 Meta follower). */
  expCopy: number;
  /** Orders already copied for this follower today. */
  ordersToday: number;
  traderEna: boolean;
  /** Accept copies of the trader's demo-account orders. */
  acptdemo: boolean;
  /** Max copied orders per day; 0 = unlimited. */
  maxTrades: number;
  /** Signal type the follower copies; 0 = any. */
  signalType: number;
  /** Seconds to wait after the trader's order (negative treated as 0: a copy cannot precede it). */
  delaysig: number;
  /** Only copy orders on this broker; 0 = any. */
  brokerID: number;
  /** Stake bounds in currency units; 0 = no bound. */
  minStake: number;
  maxStake: number;
  /** loteType 1: the fixed entry in currency units; loteType 2: multiplier of the trader's stake. */
  lote: number;
  loteType: number;
}

/** A MetaCopy order (a trade mirrored from the trader's MetaTrader account). */
export interface MetaOrder {
  traderId: string;
  asset: string;
  direction: OrderDirection;
  brokerId: BrokerId;
  signalType: SignalType;
  atMs: number;
}

/** A MetaCopy follower: "Meta follower setting" (SPEC §3) plus runtime facts; `lote` is a fixed entry in currency units. */
export interface MetaFollower {
  id: string;
  expCopy: number;
  ordersToday: number;
  traderEna: boolean;
  maxTrades: number;
  signalType: number;
  /** Seconds after the trader's order. */
  delaysig: number;
  /** Seconds subtracted from the delay (never before the trader's order). */
  anticipation: number;
  brokerID: number;
  lote: number;
}

/** Every reason a follower gets no order; a skip always carries one. */
export const COPY_SKIP_REASONS = [
  'invalid_follower',
  'disabled',
  'expired',
  'demo_not_accepted',
  'broker_mismatch',
  'signal_type_mismatch',
  'max_orders_reached',
  'stake_too_small',
] as const;
export type CopySkipReason = (typeof COPY_SKIP_REASONS)[number];

/** The order a follower should place. */
export interface CopyOrder {
  asset: string;
  direction: OrderDirection;
  stakeCents: Cents;
  brokerId: BrokerId;
  signalType: SignalType;
  /** Instant to send the follower's order (trader's instant + delay). */
  sendAtMs: number;
}

/** Which bound changed the stake, if any. */
export type StakeClamp = 'min' | 'max' | null;

/** One decision per follower, at the follower's index in the input. */
export type FanOutDecision =
  | { kind: 'order'; index: number; followerId: string; order: CopyOrder; clamped: StakeClamp }
  | { kind: 'skip'; index: number; followerId: string; reason: CopySkipReason };
