import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { endSession, startSession } from '../../plugins/session.ts';
import { authenticate, register, sessionInfo } from './auth.service.ts';
import { issueDevice, knownDevice } from './device-cookie.ts';
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
    const email = body.email.trim().toLowerCase();
    // Charged before the password is evaluated; given back when it was right. A browser that
    // logged in to this account before is counted on its own (device cookie).
    const device = knownDevice(app.deps, req, email);
    const charge = await chargeLogin(app.deps, reply, email, req.ip, device);
    const accountId = await authenticate(app.deps, body);
    await refundLogin(app.deps, charge);
    await startSession(app, req, reply, accountId);
    issueDevice(app.deps, req, reply, email);
    return sessionInfo(app.deps, accountId);
  });

  route(app, endpoints.session, ({ session }) => sessionInfo(app.deps, session.accountId));

  route(app, endpoints.logout, async ({ req, reply }) => {
    await endSession(app, req, reply);
    return { ok: true as const };
  });
}
