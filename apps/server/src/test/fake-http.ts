import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a fake provider received, as the SDK sent it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. `/v1/payments/123?x=1`. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The body parsed as JSON or as a form (Stripe), whichever it is; undefined when empty. */
  json?: unknown;
  form?: URLSearchParams;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type FakeHandler = (req: RecordedRequest) => FakeReply | Promise<FakeReply>;

/**
 * A local HTTP server on port 0 that plays a payment provider's API in a test: it records every
 * request (to check what the SDK sent) and answers with the handler's JSON. Unknown requests get
 * a 404 so a wrong path fails the test instead of hanging it.
 */
export async function startFakeHttp(handler: FakeHandler): Promise<{
  url: string;
  port: number;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const url = new URL(req.url ?? '/', 'http://fake');
        const contentType = String(req.headers['content-type'] ?? '');
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          path: url.pathname,
          query: url.searchParams,
          headers: req.headers,
          rawBody,
        };
        if (rawBody && contentType.includes('json')) recorded.json = JSON.parse(rawBody);
        if (rawBody && contentType.includes('x-www-form-urlencoded')) {
          recorded.form = new URLSearchParams(rawBody);
        }
        requests.push(recorded);
        let reply: FakeReply;
        try {
          reply = await handler(recorded);
        } catch (err) {
          reply = { status: 500, body: { error: String(err) } };
        }
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body ?? {}));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/**
 * What our notification route would hand a provider: the request exactly as it arrived at a
 * local receiver (raw body, headers, flat query as Fastify parses it).
 */
export function asNotification(req: RecordedRequest): {
  rawBody: string;
  headers: IncomingHttpHeaders;
  query: Record<string, string>;
} {
  return { rawBody: req.rawBody, headers: req.headers, query: Object.fromEntries(req.query) };
}
