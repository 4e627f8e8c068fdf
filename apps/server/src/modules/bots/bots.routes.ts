import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { panelLanguage } from '../../lib/panel-language.ts';
import { route } from '../../plugins/route.ts';
import { resendCode, verifyBot } from './bot-verification.ts';
import { addBot, listBots, removeBot } from './bots.service.ts';

export function botsRoutes(app: FastifyInstance): void {
  route(app, endpoints.getBots, ({ session, deps }) => listBots(deps, session.accountId));
  route(app, endpoints.addBot, async ({ body, session, req, reply, deps }) => {
    await addBot(deps, req.log, reply, session.accountId, body, panelLanguage(req));
    return { ok: true as const };
  });
  route(app, endpoints.verifyBot, async ({ body, reply, deps }) => {
    await verifyBot(deps, reply, body.userid, body.code);
    return { ok: true as const };
  });
  route(app, endpoints.resendBotCode, async ({ body, reply, deps }) => {
    await resendCode(deps, reply, body.userid);
    return { ok: true as const };
  });
  route(app, endpoints.removeBot, async ({ query, session, deps }) => {
    await removeBot(deps, session.accountId, query.userid);
    return { ok: true as const };
  });
}
