import { ErrorCode, type Endpoint } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/http-error.ts';

type Limiter = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

function emailOf(req: FastifyRequest): string | null {
  const body = req.body as { email?: unknown } | null | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return email === '' ? null : email;
}

/**
 * Two limits on a credential endpoint: per client IP (one machine hammering) and per e-mail
 * (guesses spread over many IPs against one account). @fastify/rate-limit runs only one
 * route-level limit per request, so both are built with `createRateLimit` and applied here.
 */
export function credentialLimiters(
  app: FastifyInstance,
  endpoint: Endpoint,
): { perIp: Limiter; perEmail: Limiter } {
  const { rateLimits } = app.deps;
  const byIp = app.createRateLimit({
    max: rateLimits.max,
    timeWindow: rateLimits.timeWindowMs,
    keyGenerator: (req) => `${endpoint.path}:ip:${req.ip}`,
  });
  const byEmail = app.createRateLimit({
    max: rateLimits.perEmailMax,
    timeWindow: rateLimits.perEmailWindowMs,
    keyGenerator: (req) => `${endpoint.path}:email:${emailOf(req) ?? ''}`,
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
    perEmail: async (req, reply) => {
      if (emailOf(req) === null) return;
      await enforce(await byEmail(req), reply);
    },
  };
}
