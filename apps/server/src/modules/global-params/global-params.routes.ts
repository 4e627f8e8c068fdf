import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { chooseBroker, readGlobalParams, writeGlobalParams } from './global-params.service.ts';

export function globalParamsRoutes(app: FastifyInstance): void {
  route(app, endpoints.getGlobalParams, ({ query, botId, deps }) =>
    readGlobalParams(deps, { userid: query.userid, id: botId }, query.brokerid),
  );

  route(app, endpoints.saveGlobalParams, async ({ query, body, botId, req, reply, deps }) => {
    await writeGlobalParams(deps, { userid: query.userid, id: botId }, body, { req, reply });
    return { ok: true as const };
  });

  route(app, endpoints.setBroker, async ({ body, deps }) => {
    await chooseBroker(deps, body);
    return { ok: true as const };
  });
}
