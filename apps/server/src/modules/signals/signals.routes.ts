import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { channelMessage, listSignals, testSignal } from './signals.service.ts';

export function signalsRoutes(app: FastifyInstance): void {
  route(app, endpoints.testSignal, ({ body, deps }) => testSignal(deps, body));
  route(app, endpoints.listSignals, ({ query, deps }) =>
    listSignals(deps, query.userid, query.idNum, query.limit),
  );
  route(app, endpoints.getChannelMessage, ({ query, deps }) =>
    channelMessage(deps, query.userid, query.id),
  );
}
