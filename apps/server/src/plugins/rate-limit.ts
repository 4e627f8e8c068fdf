import { ErrorCode, type Endpoint } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';

type Limiter = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The request rate of a credential endpoint per client IP (one machine hammering), whatever the
 * outcome. Guessing limits per account and address are the auth module's (modules/auth/throttle.ts):
 * a per-e-mail limit here would let anyone lock an owner out.
 */
export function credentialLimiters(app: FastifyInstance, endpoint: Endpoint): { perIp: Limiter } {
  const { rateLimits } = app.deps;
  const byIp = app.createRateLimit({
    max: rateLimits.max,
    timeWindow: rateLimits.timeWindowMs,
    keyGenerator: (req) => `${endpoint.path}:ip:${req.ip}`,
  });

  const enforce = async (
    result: Awaited<ReturnType<typeof byIp>>,
    reply: FastifyReply,
  ): Promise<void> => {
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new HttpError(429, ErrorCode.rateLimited);
  };

  return {
    perIp: async (req, reply) => enforce(await byIp(req), reply),
  };
}
