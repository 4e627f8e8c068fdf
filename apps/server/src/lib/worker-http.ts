import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GuessLimit, metricsAccess } from './metrics-access.ts';
import type { Metrics } from './metrics.ts';

/**
 * A worker's own small HTTP listener (WORKER_HTTP_PORT; off when unset, on 127.0.0.1 unless
 * WORKER_HTTP_HOST says otherwise): `GET /health` for a supervisor or load balancer, `GET
 * /metrics` for Prometheus. Plain node:http: a worker has no Fastify and needs two routes.
 *
 * `/health` answers 200 while the worker's runtime passes complete and its heartbeat is fresh,
 * 503 when either is older than `staleMs`; anyone who reaches the port sees `{ ok }`, this
 * machine or a METRICS_TOKEN bearer sees the figures. `/metrics` is for those only (403/401).
 */
export interface WorkerHttpOptions {
  port: number;
  host: string;
  /** METRICS_TOKEN, or null: this machine only. */
  token: string | null;
  metrics: Metrics;
  /** The worker's id (lease owner) and database, shown in the health answer. */
  worker: string;
  database: string;
  /** A pass or heartbeat older than this makes the worker unhealthy, ms. */
  staleMs: number;
  now?: () => number;
}

export interface WorkerHealth {
  ok: boolean;
  worker?: string;
  database?: string;
  uptimeSec?: number;
  lastPass?: { ageSec: number | null; ms: number | null; failed: boolean };
  heartbeatAgeSec?: number | null;
  partitions?: number | null;
  leases?: number | null;
  readerLastPassAgeSec?: number | null;
  problems?: string[];
}

const ageSec = (now: number, at: number | null): number | null =>
  at === null ? null : Math.max(0, Math.round((now - at) / 100) / 10);

/** The health of a worker from its recorded figures; `problems` says what is wrong. */
export function workerHealth(
  metrics: Metrics,
  { now, startedAt, staleMs }: { now: number; startedAt: number; staleMs: number },
): Required<Pick<WorkerHealth, 'ok' | 'problems'>> & WorkerHealth {
  const s = metrics.snapshot();
  const problems: string[] = [];
  // Before the first pass the worker is judged from its start.
  const passAge = now - (s.lastPassAt ?? startedAt);
  if (passAge > staleMs) problems.push(`no runtime pass for ${Math.round(passAge / 1000)} s`);
  else if (s.lastPassFailed) problems.push('the last runtime pass failed');
  if (s.heartbeatAt !== null && now - s.heartbeatAt > staleMs) {
    problems.push(`heartbeat ${Math.round((now - s.heartbeatAt) / 1000)} s old`);
  }
  return {
    ok: problems.length === 0,
    uptimeSec: Math.round((now - startedAt) / 1000),
    lastPass: { ageSec: ageSec(now, s.lastPassAt), ms: s.lastPassMs, failed: s.lastPassFailed },
    heartbeatAgeSec: ageSec(now, s.heartbeatAt),
    partitions: s.partitions,
    leases: s.leases,
    readerLastPassAgeSec: ageSec(now, s.readerLastPassAt),
    problems,
  };
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown): void =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

export interface WorkerHttp {
  /** The bound address (port 0 in tests picks one). */
  readonly port: number;
  close(): Promise<void>;
}

/** Starts the listener; resolves once it listens. */
export async function startWorkerHttp(options: WorkerHttpOptions): Promise<WorkerHttp> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const guesses = new GuessLimit(10, 60_000, now);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      json(res, 405, { error: 'method not allowed' });
      return;
    }
    const address = req.socket.remoteAddress ?? 'unknown';
    if (guesses.blocked(address)) {
      json(res, 429, { error: 'too many wrong tokens; try again in a minute' });
      return;
    }
    const access = metricsAccess({ remoteAddress: address, headers: req.headers }, options.token);
    if (access === 'bad-token') guesses.failed(address);
    if (path === '/health') {
      const health = workerHealth(options.metrics, {
        now: now(),
        startedAt,
        staleMs: options.staleMs,
      });
      const status = health.ok ? 200 : 503;
      json(
        res,
        status,
        access === 'allowed'
          ? { ...health, worker: options.worker, database: options.database }
          : { ok: health.ok },
      );
      return;
    }
    if (path === '/metrics') {
      if (access !== 'allowed') {
        json(res, access === 'bad-token' ? 401 : 403, {
          error:
            'metrics need Authorization: Bearer <METRICS_TOKEN>, or a request from this machine',
        });
        return;
      }
      send(res, 200, options.metrics.contentType, await options.metrics.text());
      return;
    }
    json(res, 404, { error: 'not found: GET /health or /metrics' });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
      else res.end();
    });
  });
  // A scrape is small; a slow or idle client is not kept.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
