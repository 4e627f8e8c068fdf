import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** One `ticks_history` the fake received (tests count requests per range). */
export interface HistoryRequest {
  symbol: string;
  start: number;
  end: number;
  count: number;
}

/** One minute of the fake market: open, high, low, close. */
export type FakeCandle = { open: number; high: number; low: number; close: number };

/**
 * A local fake of Deriv's public market data (developers.deriv.com "Ticks History"): a WebSocket
 * on `/trading/v1/options/ws/public`, no auth, answering `ticks_history` with `style: candles`
 * (`candles: [{ epoch, open, high, low, close }]`, `pip_size`, `msg_type: 'candles'`, `req_id`
 * echoed) and `ping`. Like Deriv it:
 * - answers at most `count` candles, the LATEST of the range (Deriv: "the latest possible set");
 * - has no candle for a minute without trades (`closed` minutes, e.g. a weekend);
 * - refuses an unknown symbol with `InvalidSymbol`;
 * - counts requests in a rolling minute and past `limitPerMinute` answers `RateLimit`;
 * - can be down (`down = true`): sockets are dropped and new ones refused.
 */
export class FakeDerivMarket {
  readonly requests: HistoryRequest[] = [];
  /** Prices of each symbol by minute index; a symbol absent here is unknown. */
  readonly markets = new Map<string, (minute: number) => FakeCandle | null>();
  /** Requests a rolling minute accepts before `RateLimit` (Deriv: 220 for these calls). */
  limitPerMinute = 220;
  /** The fake's clock (ms) for its rate window; tests tie it to theirs. */
  now: () => number = () => Date.now();
  connections = 0;
  private downFlag = false;
  private readonly accepted: number[] = [];
  private readonly sockets = new Set<WebSocket>();

  private constructor(
    private readonly http: Server,
    private readonly server: WebSocketServer,
  ) {}

  static async start(): Promise<FakeDerivMarket> {
    const http = createServer((_req, res) => {
      res.writeHead(404);
      res.end();
    });
    const server = new WebSocketServer({ noServer: true });
    const fake = new FakeDerivMarket(http, server);
    http.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      if (fake.downFlag || url.pathname !== '/trading/v1/options/ws/public') {
        socket.destroy();
        return;
      }
      server.handleUpgrade(req, socket, head, (ws) => fake.onConnection(ws));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    const { port } = this.http.address() as AddressInfo;
    return `ws://127.0.0.1:${port}/trading/v1/options/ws/public`;
  }

  /** The network goes down (every socket dropped, new ones refused) or comes back. */
  set down(value: boolean) {
    this.downFlag = value;
    if (value) for (const s of this.sockets) s.terminate();
  }

  get down(): boolean {
    return this.downFlag;
  }

  private onConnection(ws: WebSocket): void {
    this.connections += 1;
    this.sockets.add(ws);
    ws.on('close', () => this.sockets.delete(ws));
    ws.on('message', (data) => {
      let frame: Record<string, unknown>;
      try {
        frame = JSON.parse(String(data)) as Record<string, unknown>;
      } catch {
        return;
      }
      ws.send(JSON.stringify(this.answer(frame)));
    });
  }

  private answer(frame: Record<string, unknown>): Record<string, unknown> {
    const reqId = frame.req_id;
    const base = { echo_req: frame, ...(typeof reqId === 'number' ? { req_id: reqId } : {}) };
    if ('ping' in frame) return { ...base, msg_type: 'ping', ping: 'pong' };
    if (!('ticks_history' in frame)) {
      return {
        ...base,
        msg_type: 'error',
        error: { code: 'UnrecognisedRequest', message: 'Unrecognised request' },
      };
    }
    const at = this.now();
    while (this.accepted.length > 0 && (this.accepted[0] ?? 0) <= at - 60_000) {
      this.accepted.shift();
    }
    if (this.accepted.length >= this.limitPerMinute) {
      return {
        ...base,
        msg_type: 'ticks_history',
        error: { code: 'RateLimit', message: 'You have reached the rate limit for ticks_history.' },
      };
    }
    this.accepted.push(at);
    const symbol = String(frame.ticks_history);
    const start = Number(frame.start ?? 0);
    const end = frame.end === 'latest' ? Math.floor(at / 1000) : Number(frame.end);
    const count = Number(frame.count ?? 1000);
    this.requests.push({ symbol, start, end, count });
    const market = this.markets.get(symbol);
    if (!market) {
      return {
        ...base,
        msg_type: 'ticks_history',
        error: { code: 'InvalidSymbol', message: `Symbol ${symbol} invalid.` },
      };
    }
    const candles: Record<string, number>[] = [];
    for (let minute = Math.ceil(start / 60); minute * 60 <= end; minute += 1) {
      // Only minutes that have closed by the fake's clock, as the real feed.
      if ((minute + 1) * 60_000 > at) break;
      const c = market(minute);
      if (c) candles.push({ epoch: minute * 60, ...c });
    }
    return {
      ...base,
      msg_type: 'candles',
      candles: candles.slice(Math.max(0, candles.length - count)),
      pip_size: 5,
    };
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.terminate();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
  }
}
