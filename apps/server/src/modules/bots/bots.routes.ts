import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { panelLanguage } from '../../lib/panel-language.ts';
import { route } from '../../plugins/route.ts';
import { resendCode, verifyBot } from './bot-verification.ts';
import { addBot, listBots, removeBot } from './bots.service.ts';

export function botsRoutes(app: FastifyInstance): void {
  route(app, endpoints.getBots, ({ session }) => listBots(app.deps, session.accountId));
  route(app, endpoints.addBot, async ({ body, session, req }) => {
    await addBot(app.deps, req.log, session.accountId, body, panelLanguage(req));
    return { ok: true as const };
  });
  route(app, endpoints.verifyBot, async ({ body }) => {
    await verifyBot(app.deps, body.userid, body.code);
    return { ok: true as const };
  });
  route(app, endpoints.resendBotCode, async ({ body, reply }) => {
    await resendCode(app.deps, reply, body.userid);
    return { ok: true as const };
  });
  route(app, endpoints.removeBot, async ({ query, session }) => {
    await removeBot(app.deps, session.accountId, query.userid);
    return { ok: true as const };
  });
}
