import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import {
  readStoredCredentials,
  removeBrokerLogin,
  writeBrokerLogin,
  writeDerivTokens,
} from './brokers.service.ts';

const ok = { ok: true as const };

/** Broker credentials: saved encrypted, listed as "stored or not", never returned. */
export function brokersRoutes(app: FastifyInstance): void {
  const { deps } = app;
  route(app, endpoints.listBrokerLogins, ({ query }) => readStoredCredentials(deps, query.userid));
  route(app, endpoints.saveBrokerLogin, async ({ body }) => {
    await writeBrokerLogin(deps, body);
    return ok;
  });
  route(app, endpoints.saveDerivTokens, async ({ body }) => {
    await writeDerivTokens(deps, body);
    return ok;
  });
  route(app, endpoints.removeBrokerLogin, async ({ body }) => {
    await removeBrokerLogin(deps, body.userid, body.broker);
    return ok;
  });
}
