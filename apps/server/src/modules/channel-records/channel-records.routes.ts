import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { channelRecord } from './channel-records.service.ts';

/** A followed channel's verified record against the market, beside what it claimed. */
export function channelRecordsRoutes(app: FastifyInstance): void {
  route(app, endpoints.channelRecord, ({ query, botId }) => channelRecord(app.deps, botId, query));
}
