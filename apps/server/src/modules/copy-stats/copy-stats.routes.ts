import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { followerCopyStats, traderCopyStats } from './copy-stats.service.ts';

/** Copy execution figures: the trader's per-order counts, the follower's divergence. */
export function copyStatsRoutes(app: FastifyInstance): void {
  route(app, endpoints.copyStatsTrader, ({ query, deps }) => traderCopyStats(deps, query));
  route(app, endpoints.copyStatsFollower, ({ query, deps }) => followerCopyStats(deps, query));
}
