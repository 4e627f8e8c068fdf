import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { queueReaderRequest } from './reader-requests.service.ts';

export function readerRequestsRoutes(app: FastifyInstance): void {
  route(app, endpoints.resetReader, async ({ body, deps }) => {
    await queueReaderRequest(deps, body.userid, 'reset');
    return { ok: true as const };
  });
  route(app, endpoints.deleteReader, async ({ body, deps }) => {
    await queueReaderRequest(deps, body.userid, 'delete');
    return { ok: true as const };
  });
}
