import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { chooseBroker, readGlobalParams, writeGlobalParams } from './global-params.service.ts';

export function globalParamsRoutes(app: FastifyInstance): void {
  route(app, endpoints.getGlobalParams, ({ query }) =>
    readGlobalParams(app.deps, query.userid, query.brokerid),
  );

  route(app, endpoints.saveGlobalParams, async ({ query, body }) => {
    await writeGlobalParams(app.deps, query.userid, body);
    return { ok: true as const };
  });

  route(app, endpoints.setBroker, async ({ body }) => {
    await chooseBroker(app.deps, body);
    return { ok: true as const };
  });
}
