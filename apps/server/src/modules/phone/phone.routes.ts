import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { addPhone, authCode } from './phone.service.ts';

export function phoneRoutes(app: FastifyInstance): void {
  route(app, endpoints.addPhone, async ({ body, deps }) => {
    await addPhone(deps, app.reader.deps, body.userid, body.phone);
    return { ok: true as const };
  });
  route(app, endpoints.authCode, async ({ body, deps }) => {
    await authCode(deps, app.reader.deps, body.userid, body.code, body.password);
    return { ok: true as const };
  });
}
