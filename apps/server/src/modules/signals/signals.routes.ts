import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { listSignals, testSignal } from './signals.service.ts';

export function signalsRoutes(app: FastifyInstance): void {
  route(app, endpoints.testSignal, ({ body }) => testSignal(app.deps, body));
  route(app, endpoints.listSignals, ({ query }) =>
    listSignals(app.deps, query.userid, query.idNum, query.limit),
  );
}
