import type { FastifyInstance } from 'fastify';
import { panelLanguage } from '../../lib/panel-language.ts';
import { route } from '../../plugins/route.ts';
import { endpoints, ErrorCode } from '@app/contract';
import { HttpError } from '../../lib/http-error.ts';
import { endAccountSessions, endSession, startSession } from '../../plugins/session.ts';
import { findAccountEmail } from './auth.repository.ts';
import { authenticate, register, sessionInfo, setPassword } from './auth.service.ts';
import { issueDevice, knownDevice } from './device-cookie.ts';
import { chargeLogin, chargeRegistration, refundLogin } from './throttle.ts';

export function authRoutes(app: FastifyInstance): void {
  // Registration does not log in: the panel goes on to the login screen (SPEC §2).
  route(app, endpoints.botRegister, async ({ body, req, reply }) => {
    const refund = await chargeRegistration(app.deps, reply, req.ip);
    try {
      return await register(app.deps, req.log, body, panelLanguage(req));
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

  // "Sair de todos os dispositivos": every session of the account, this one too.
  route(app, endpoints.logoutAll, async ({ session, req, reply }) => {
    await endAccountSessions(app, session.accountId);
    await endSession(app, req, reply);
    return { ok: true as const };
  });

  // The current password is checked under the same guessing limits as a login: a borrowed
  // session cannot guess it faster than a stranger could. Every other session then ends.
  route(app, endpoints.changePassword, async ({ body, session, req, reply }) => {
    const email = await findAccountEmail(app.deps.db, session.accountId);
    if (email === null) throw new HttpError(401, ErrorCode.unauthenticated);
    const device = knownDevice(app.deps, req, email);
    const charge = await chargeLogin(app.deps, reply, email, req.ip, device);
    await authenticate(app.deps, { email, password: body.current });
    await refundLogin(app.deps, charge);
    await setPassword(app.deps, session.accountId, body.password);
    await endAccountSessions(app, session.accountId, session.id);
    return { ok: true as const };
  });
}
