import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { addBot, listBots, removeBot } from './bots.service.ts';

export function botsRoutes(app: FastifyInstance): void {
  route(app, endpoints.getBots, ({ session }) => listBots(app.deps, session.accountId));
  route(app, endpoints.addBot, async ({ body, session }) => {
    await addBot(app.deps, session.accountId, body);
    return { ok: true as const };
  });
  route(app, endpoints.removeBot, async ({ query, session }) => {
    await removeBot(app.deps, session.accountId, query.userid);
    return { ok: true as const };
  });
}
