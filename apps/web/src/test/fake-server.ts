import { vi } from 'vitest';

/** One request the panel sent, as the server would see it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Reply = { status?: number; body?: unknown };
type Handler = Reply | ((request: RecordedRequest) => Reply | Promise<Reply>);

/**
 * Stubs `fetch` (the network boundary) with a tiny server: routes keyed `"GET /api/session"`.
 * Unknown routes answer 501 like the real server's unbuilt rows.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: RecordedRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      credentials: init?.credentials,
    };
    requests.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    const reply: Reply =
      handler === undefined
        ? { status: 501, body: { error: { code: 'errors.notImplemented', message: 'x' } } }
        : typeof handler === 'function'
          ? await handler(request)
          : handler;
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    requests,
    /** Requests sent to `"METHOD /api/path"`. */
    to: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
}

/** An error answer in the contract's envelope. */
export function errorReply(status: number, code: string, fields?: Record<string, string>): Reply {
  return { status, body: { error: { code, message: code, ...(fields ? { fields } : {}) } } };
}
