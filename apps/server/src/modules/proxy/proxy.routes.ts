import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { readProxy, writeProxy } from './proxy.service.ts';

export function proxyRoutes(app: FastifyInstance): void {
  route(app, endpoints.getProxy, ({ query, deps }) => readProxy(deps, query.userid));
  route(app, endpoints.saveProxy, async ({ body, deps }) => {
    await writeProxy(deps, body);
    return { ok: true as const };
  });
}
