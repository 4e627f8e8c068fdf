import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';
import { readerStatus } from './reader.service.ts';

export function readerRoutes(app: FastifyInstance): void {
  route(app, endpoints.getReaderStatus, ({ query, deps }) =>
    readerStatus(deps, app.reader.deps, query.userid),
  );
}
