import { z } from 'zod';
import { BotIdSchema } from './common.ts';
import { COPY_PRODUCTS } from './copy-trader.ts';
import { endpoint, ownerQuery } from './endpoint.ts';

/**
 * Copy execution figures: the trader's view of each fanned-out order and
 * the follower's view of each copy beside the trader's order. Not in SPEC §7.
 */

/** Days a follower's divergence may look back, and the default period. */
export const COPY_STATS_MAX_DAYS = 90;
export const COPY_STATS_DEFAULT_DAYS = 7;
/** Fanned-out orders the trader's view lists, newest first. */
export const COPY_STATS_TRADER_LIMIT = 50;

const ProductSchema = z.enum(COPY_PRODUCTS);
const DirectionSchema = z.enum(['CALL', 'PUT']);
/** Where an order or copy stands: the ledger's states. */
const OrderStateSchema = z.enum(['placed', 'open', 'won', 'lost', 'draw', 'failed']);

export const CopyStatsQuerySchema = z.object({
  userid: BotIdSchema,
  days: z.coerce.number().int().min(1).max(COPY_STATS_MAX_DAYS).optional(),
});
export type CopyStatsQuery = z.infer<typeof CopyStatsQuerySchema>;

/** One trader order as its followers got it. Reasons are keys (`copyStats.reason.<reason>`). */
export const TraderFanoutSchema = z.object({
  traderOrderId: z.number().int(),
  product: ProductSchema,
  asset: z.string(),
  direction: DirectionSchema,
  stakeCents: z.number().int(),
  orderAt: z.number().int(),
  followers: z.number().int(),
  placed: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
  /** Skips and failures by reason. */
  reasons: z.record(z.string(), z.number().int()),
  /** ms from the trader's order to the last follower's confirmed order; null before any. */
  lastFollowerMs: z.number().int().nullable(),
});
export type TraderFanout = z.infer<typeof TraderFanoutSchema>;

export const TraderCopyStatsSchema = z.object({ fanouts: z.array(TraderFanoutSchema) });
export type TraderCopyStats = z.infer<typeof TraderCopyStatsSchema>;

/** The trader's order as a follower sees it: only what the comparison needs. */
export const TraderOrderSchema = z.object({
  asset: z.string(),
  direction: DirectionSchema,
  stakeCents: z.number().int(),
  state: OrderStateSchema,
  orderAt: z.number().int(),
});

export const FollowerCopySchema = z.object({
  product: ProductSchema,
  /** The trader's user id (the name the follower followed). */
  trader: z.string(),
  traderOrder: TraderOrderSchema,
  /** 'skipped' when the plan gave this follower no order. */
  state: z.union([OrderStateSchema, z.literal('skipped')]),
  reason: z.string().nullable(),
  stakeCents: z.number().int().nullable(),
  pnlCents: z.number().int().nullable(),
  /** ms from the trader's order to this copy's confirmation; null when not placed. */
  delayMs: z.number().int().nullable(),
});
export type FollowerCopy = z.infer<typeof FollowerCopySchema>;

export const CopyDivergenceSchema = z.object({
  days: z.number().int(),
  copies: z.number().int(),
  /** Trader orders this follower got no order for (skipped or failed). */
  missed: z.number().int(),
  /** Settled copies whose result differs from the trader's. */
  differentResults: z.number().int(),
  /** Sum of (copy stake − trader stake) over placed copies, cents. */
  stakeDiffCents: z.number().int(),
  /** Mean delay of the placed copies, ms; null when none. */
  avgDelayMs: z.number().int().nullable(),
});
export type CopyDivergence = z.infer<typeof CopyDivergenceSchema>;

export const FollowerCopyStatsSchema = z.object({
  copies: z.array(FollowerCopySchema),
  divergence: CopyDivergenceSchema,
});
export type FollowerCopyStats = z.infer<typeof FollowerCopyStatsSchema>;

export const copyStatsEndpoints = {
  copyStatsTrader: endpoint({
    method: 'GET',
    path: '/copystats/trader',
    area: 'copy-stats',
    summary:
      "Per copied order of this trader bot: followers placed, skipped and failed by reason, time to the last follower's order. Not in SPEC §7.",
    query: CopyStatsQuerySchema,
    response: TraderCopyStatsSchema,
    owner: ownerQuery,
  }),
  copyStatsFollower: endpoint({
    method: 'GET',
    path: '/copystats/follower',
    area: 'copy-stats',
    summary:
      "This follower bot's copies beside the traders' orders and the divergence over `days`. Not in SPEC §7.",
    query: CopyStatsQuerySchema,
    response: FollowerCopyStatsSchema,
    owner: ownerQuery,
  }),
};
