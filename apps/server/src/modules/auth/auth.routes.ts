import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { endSession, startSession } from '../../plugins/session.ts';
import { authenticate, register, sessionInfo } from './auth.service.ts';

export function authRoutes(app: FastifyInstance): void {
  // Registration does not log in: the panel goes on to the login screen (SPEC §2).
  route(app, endpoints.botRegister, ({ body }) => register(app.deps, body));

  route(app, endpoints.botLogin, async ({ body, req, reply }) => {
    const accountId = await authenticate(app.deps, body);
    await startSession(app, req, reply, accountId);
    return sessionInfo(app.deps, accountId);
  });

  route(app, endpoints.session, ({ session }) => sessionInfo(app.deps, session.accountId));

  route(app, endpoints.logout, async ({ req, reply }) => {
    await endSession(app, req, reply);
    return { ok: true as const };
  });
}
