import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Who may read a process's metrics and worker health (`GET /metrics` on the server, a worker's
 * listener): they tell how busy the robot is, which brokers fail and how deep the queues are, so
 * they are never public by default.
 *
 * - A request from this machine itself (loopback, no proxy header: a reverse proxy on the same
 *   machine connects from loopback for every visitor but says so) is let in: a Prometheus agent
 *   or `curl` beside the process.
 * - Any other request needs `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN
 *   nothing but this machine is let in.
 */
export interface AccessRequest {
  remoteAddress: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

export type Access = 'allowed' | 'no-token' | 'bad-token';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The shortest METRICS_TOKEN accepted: a token is the only lock on a remote scrape. */
export const METRICS_TOKEN_MIN = 24;

export function isDirectLoopback(req: AccessRequest): boolean {
  return (
    req.remoteAddress !== undefined &&
    LOOPBACK.has(req.remoteAddress) &&
    req.headers['x-forwarded-for'] === undefined &&
    req.headers.forwarded === undefined
  );
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** Whether `req` may read; `bad-token` is a wrong guess (the caller counts it against a limit). */
export function metricsAccess(req: AccessRequest, token: string | null): Access {
  if (isDirectLoopback(req)) return 'allowed';
  const header = req.headers.authorization;
  const given = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  if (token === null || given === undefined) return 'no-token';
  // Equal-length digests: the comparison time tells nothing of the token.
  return timingSafeEqual(digest(given), digest(token)) ? 'allowed' : 'bad-token';
}

/**
 * Wrong tokens per address per minute before further tries answer 429 (the worker's listener;
 * the server uses its rate-limit plugin).
 */
export class GuessLimit {
  private readonly tries = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Whether `key` is blocked now. */
  blocked(key: string): boolean {
    const t = this.tries.get(key);
    if (t === undefined) return false;
    if (this.now() - t.since >= this.windowMs) {
      this.tries.delete(key);
      return false;
    }
    return t.count >= this.max;
  }

  /** Counts a wrong guess of `key`. */
  failed(key: string): void {
    const now = this.now();
    const t = this.tries.get(key);
    if (t === undefined || now - t.since >= this.windowMs) {
      // Bounded: a flood of addresses cannot grow the map without end.
      if (this.tries.size >= 10_000) this.tries.clear();
      this.tries.set(key, { count: 1, since: now });
    } else t.count += 1;
  }
}
