import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { endSession, startSession } from '../../plugins/session.ts';
import { authenticate, register, sessionInfo } from './auth.service.ts';
import { chargeLogin, chargeRegistration, refundLogin } from './throttle.ts';

export function authRoutes(app: FastifyInstance): void {
  // Registration does not log in: the panel goes on to the login screen (SPEC §2).
  route(app, endpoints.botRegister, async ({ body, req, reply }) => {
    const refund = await chargeRegistration(app.deps, reply, req.ip);
    try {
      return await register(app.deps, req.log, body);
    } catch (err) {
      await refund();
      throw err;
    }
  });

  route(app, endpoints.botLogin, async ({ body, req, reply }) => {
    // Charged before the password is evaluated; given back when it was right.
    const charge = await chargeLogin(app.deps, reply, body.email.trim().toLowerCase(), req.ip);
    const accountId = await authenticate(app.deps, body);
    await refundLogin(app.deps, charge);
    await startSession(app, req, reply, accountId);
    return sessionInfo(app.deps, accountId);
  });

  route(app, endpoints.session, ({ session }) => sessionInfo(app.deps, session.accountId));

  route(app, endpoints.logout, async ({ req, reply }) => {
    await endSession(app, req, reply);
    return { ok: true as const };
  });
}
