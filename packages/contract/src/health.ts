import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/**
 * Where the key that encrypts stored secrets comes from: the environment (`APP_SECRET_KEY`), a
 * key file outside the data directory, or `secret.key` beside the data (a copy of the data folder
 * then decrypts every broker password: the operator should move it).
 */
export const KEY_SOURCES = ['environment', 'key-file', 'beside-data'] as const;

/**
 * What a load balancer learns from `GET /api/health` (the database answers); the key's source and
 * the warnings only on this machine (loopback, not proxied) or for a logged-in operator
 * (OPERATOR_EMAILS). No secret, no path.
 */
export const HealthSchema = z.object({
  ok: z.literal(true),
  database: z.enum(['sqlite', 'postgres']),
  secretKey: z.enum(KEY_SOURCES).optional(),
  /** Warning codes an operator should act on, e.g. `health.keyBesideData`. */
  warnings: z.array(z.string()).optional(),
});
export type Health = z.infer<typeof HealthSchema>;

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    area: 'health',
    summary:
      'Operator check: the database answers; where the secret key lives only to loopback or an operator (OPERATOR_EMAILS). Not in SPEC §7.',
    response: HealthSchema,
    owner: null,
  }),
};
