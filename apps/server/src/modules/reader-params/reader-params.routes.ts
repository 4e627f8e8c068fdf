import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { readReaderParams, writeReaderParams } from './reader-params.service.ts';

/** The signal reader's params. Reset/delete wait for the reader runtime (they answer 501). */
export function readerParamsRoutes(app: FastifyInstance): void {
  route(app, endpoints.getReaderParams, ({ query, deps }) => readReaderParams(deps, query.userid));
  route(app, endpoints.saveReaderParams, async ({ query, body, deps }) => {
    await writeReaderParams(deps, query.userid, body);
    return { ok: true as const };
  });
}
