import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { readProxy, writeProxy } from './proxy.service.ts';

export function proxyRoutes(app: FastifyInstance): void {
  route(app, endpoints.getProxy, ({ query }) => readProxy(app.deps, query.userid));
  route(app, endpoints.saveProxy, async ({ body }) => {
    await writeProxy(app.deps, body);
    return { ok: true as const };
  });
}
