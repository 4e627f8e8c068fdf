import { ErrorCode } from '@app/contract';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../../lib/http-error.ts';
import { GuessLimit, metricsAccess } from '../../lib/metrics-access.ts';
import type { Metrics } from '../../lib/metrics.ts';
import { queueDepthSource } from '../../lib/queue-depth.ts';

/**
 * `GET /metrics`: the server process's Prometheus metrics (lib/metrics.ts), outside `/api` (it
 * is not the panel's API and has no endpoint-table entry). Never public by default: this machine
 * (loopback, not through a proxy) reads it; anyone else needs `Authorization: Bearer
 * <METRICS_TOKEN>`, with ten wrong tokens a minute per address before 429. Also records every
 * request's route pattern, status class and time.
 */
export function metricsRoutes(
  app: FastifyInstance,
  { metrics, token }: { metrics: Metrics; token: string | null },
): void {
  metrics.setQueueDepthSource(queueDepthSource(app.deps.db, app.deps.now));
  app.addHook('onClose', () => metrics.setQueueDepthSource(null));

  // A callback hook, nothing awaited: one counter and one histogram per request.
  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpAnswered(
      req.method,
      req.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });

  const guesses = new GuessLimit(10, 60_000, app.deps.now);
  app.get('/metrics', async (req, reply) => {
    const address = req.socket.remoteAddress ?? 'unknown';
    reply.header('cache-control', 'no-store');
    if (guesses.blocked(address)) {
      return reply.code(429).send(envelope(ErrorCode.rateLimited));
    }
    const access = metricsAccess({ remoteAddress: address, headers: req.headers }, token);
    if (access === 'bad-token') {
      guesses.failed(address);
      return reply.code(401).send(envelope(ErrorCode.unauthenticated));
    }
    if (access === 'no-token') return reply.code(403).send(envelope(ErrorCode.forbidden));
    return reply.type(metrics.contentType).send(await metrics.text());
  });
}
