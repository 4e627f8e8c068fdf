import { endpoints } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/route.ts';

/** `GET /config`: public, so the panel can read it before and after login. */
export function panelConfigRoutes(app: FastifyInstance, supportUrl: string | null): void {
  route(app, endpoints.panelConfig, () => ({ supportUrl }));
}
