import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import {
  readCustomCycles,
  readCycles,
  readLossRecovery,
  readMasaniello,
  readRecoveryParams,
  readSoros,
  writeCustomCycles,
  writeCycles,
  writeLossRecovery,
  writeMasaniello,
  writeRecoveryParams,
  writeSoros,
} from './strategies.service.ts';

const ok = { ok: true as const };

/** Money-management settings: Masaniello, cycles, soros, loss recovery, custom cycles. */
export function strategiesRoutes(app: FastifyInstance): void {
  const { deps } = app;

  route(app, endpoints.getRecoveryParams, ({ query }) =>
    readRecoveryParams(deps, query.userid, query.brokerid),
  );
  route(app, endpoints.saveRecoveryParams, async ({ query, body }) => {
    await writeRecoveryParams(deps, query.userid, body);
    return ok;
  });

  route(app, endpoints.getMasaniello, ({ query }) => readMasaniello(deps, query.userid));
  route(app, endpoints.saveMasaniello, async ({ body }) => {
    await writeMasaniello(deps, body);
    return ok;
  });

  route(app, endpoints.getCycles, ({ query }) => readCycles(deps, query.userid, query.brokerid));
  route(app, endpoints.saveCycles, async ({ body }) => {
    await writeCycles(deps, body);
    return ok;
  });

  route(app, endpoints.getSoros, ({ query }) => readSoros(deps, query.userid, query.brokerid));
  route(app, endpoints.saveSoros, async ({ body }) => {
    await writeSoros(deps, body);
    return ok;
  });

  route(app, endpoints.getLossRecovery, ({ query }) =>
    readLossRecovery(deps, query.userid, query.brokerid),
  );
  route(app, endpoints.saveLossRecovery, async ({ body }) => {
    await writeLossRecovery(deps, body);
    return ok;
  });

  route(app, endpoints.getCustomCycles, ({ query }) => readCustomCycles(deps, query.userid));
  route(app, endpoints.saveCustomCycles, async ({ query, body }) => {
    await writeCustomCycles(deps, query.userid, body);
    return ok;
  });
}
