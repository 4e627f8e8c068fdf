import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { chooseBroker, readGlobalParams, writeGlobalParams } from './global-params.service.ts';

export function globalParamsRoutes(app: FastifyInstance): void {
  route(app, endpoints.getGlobalParams, ({ query, botId }) =>
    readGlobalParams(app.deps, { userid: query.userid, id: botId }, query.brokerid),
  );

  route(app, endpoints.saveGlobalParams, async ({ query, body, botId }) => {
    await writeGlobalParams(app.deps, { userid: query.userid, id: botId }, body);
    return { ok: true as const };
  });

  route(app, endpoints.setBroker, async ({ body }) => {
    await chooseBroker(app.deps, body);
    return { ok: true as const };
  });
}
