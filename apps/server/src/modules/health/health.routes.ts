import { endpoints, type Health } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { route } from '../../plugins/route.ts';

/** `GET /api/health`: the database answers a query; where the secret key lives. */
export function healthRoutes(app: FastifyInstance): void {
  route(app, endpoints.health, async (): Promise<Health> => {
    const { db, dialect, keySource } = app.deps;
    await sql`select 1`.execute(db);
    return {
      ok: true,
      database: dialect,
      secretKey: keySource,
      warnings: keySource === 'beside-data' ? ['health.keyBesideData'] : [],
    };
  });
}
