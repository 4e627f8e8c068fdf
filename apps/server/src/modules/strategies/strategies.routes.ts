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
  route(app, endpoints.getRecoveryParams, ({ query, deps }) =>
    readRecoveryParams(deps, query.userid, query.brokerid),
  );
  route(app, endpoints.saveRecoveryParams, async ({ query, body, deps }) => {
    await writeRecoveryParams(deps, query.userid, body);
    return ok;
  });

  route(app, endpoints.getMasaniello, ({ query, deps }) => readMasaniello(deps, query.userid));
  route(app, endpoints.saveMasaniello, async ({ body, deps }) => {
    await writeMasaniello(deps, body);
    return ok;
  });

  route(app, endpoints.getCycles, ({ query, deps }) =>
    readCycles(deps, query.userid, query.brokerid),
  );
  route(app, endpoints.saveCycles, async ({ body, deps }) => {
    await writeCycles(deps, body);
    return ok;
  });

  route(app, endpoints.getSoros, ({ query, deps }) =>
    readSoros(deps, query.userid, query.brokerid),
  );
  route(app, endpoints.saveSoros, async ({ body, deps }) => {
    await writeSoros(deps, body);
    return ok;
  });

  route(app, endpoints.getLossRecovery, ({ query, deps }) =>
    readLossRecovery(deps, query.userid, query.brokerid),
  );
  route(app, endpoints.saveLossRecovery, async ({ body, deps }) => {
    await writeLossRecovery(deps, body);
    return ok;
  });

  route(app, endpoints.getCustomCycles, ({ query, deps }) => readCustomCycles(deps, query.userid));
  route(app, endpoints.saveCustomCycles, async ({ query, body, deps }) => {
    await writeCustomCycles(deps, query.userid, body);
    return ok;
  });
}
