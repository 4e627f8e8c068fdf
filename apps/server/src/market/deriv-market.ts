import type { Candle, MinuteRange } from '@app/robot';
import type WebSocket from 'ws';
import { derivSymbol } from '../robot/brokers/deriv/deriv-values.ts';
import { SocketSession, type NoAnswerWhy } from '../robot/brokers/socket-session.ts';
import type { FetchAnswer, MarketSource } from './market-source.ts';

/** Deriv's public market-data gateway (developers.deriv.com, "API overview"): no auth, no app id. */
export const DERIV_PUBLIC_WS_URL = 'wss://api.derivws.com/trading/v1/options/ws/public';

/**
 * Candles one `ticks_history` asks for at most. Deriv's schema documents `count` with a default of
 * 1000 and answers "the latest possible set of ticks" within it, so a longer range is asked in
 * pages of this size (the Quadcode SDK pages its candles at 1000 too).
 */
export const DERIV_CANDLES_PER_REQUEST = 1000;

/**
 * Requests a minute this client sends at most. Deriv's "Limits" page: every call outside the
 * trading and statement rows shares 220 a minute (and 14,400 an hour); staying under it keeps a
 * busy server from being refused.
 */
export const DERIV_REQUESTS_PER_MINUTE = 200;

class DerivMarketNoAnswer extends Error {
  constructor(
    readonly call: string,
    readonly why: NoAnswerWhy,
  ) {
    super(`deriv market ${call}: ${why}`);
    this.name = 'DerivMarketNoAnswer';
  }
}

interface TicksHistoryReply {
  candles?: { epoch?: unknown; open?: unknown; high?: unknown; low?: unknown; close?: unknown }[];
  error?: { code?: unknown; message?: unknown };
}

/** The public socket: one connection, requests matched by `req_id`. */
class PublicSocket extends SocketSession<null> {
  constructor(
    private readonly url: string,
    timeoutMs: number,
    idleMs: number,
  ) {
    super(timeoutMs, idleMs, DerivMarketNoAnswer);
  }

  protected async connect(): Promise<null> {
    await this.openSocket(this.url);
    return null;
  }

  protected onMessage(socket: WebSocket, text: string): void {
    if (socket !== this.socket) return;
    let frame: { req_id?: unknown };
    try {
      frame = JSON.parse(text) as { req_id?: unknown };
    } catch {
      return;
    }
    if (typeof frame.req_id === 'number') this.settle(String(frame.req_id), { value: frame });
  }

  call(request: Record<string, unknown>): Promise<TicksHistoryReply> {
    return this.withSocket('ticks_history', true, async (socket) => {
      const id = this.nextId++;
      const frame = JSON.stringify({ ...request, req_id: id });
      return (await this.sendFrame(
        socket,
        String(id),
        'ticks_history',
        undefined,
        frame,
      )) as TicksHistoryReply;
    });
  }
}

export interface DerivMarketOptions {
  url?: string;
  timeoutMs?: number;
  idleMs?: number;
  requestsPerMinute?: number;
  /** The clock (ms) the request budget is counted on. */
  now?: () => number;
}

function finite(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/**
 * Deriv's market data through its documented protocol: `ticks_history` with `style: candles`,
 * `granularity: 60`, `start`/`end` in Unix seconds and `count`, on the public WebSocket that
 * needs no account and no app id. Its errors: `RateLimit` → rate limited (asked again later),
 * `InvalidSymbol` → no market for that symbol, any other answer or none → unavailable.
 */
export function derivMarketSource(options: DerivMarketOptions = {}): MarketSource {
  const socket = new PublicSocket(
    options.url ?? DERIV_PUBLIC_WS_URL,
    options.timeoutMs ?? 8_000,
    // Deriv closes a socket after 2 minutes without traffic: close it ourselves before that.
    options.idleMs ?? 60_000,
  );
  const budget = options.requestsPerMinute ?? DERIV_REQUESTS_PER_MINUTE;
  const now = options.now ?? Date.now;
  const sent: number[] = [];

  /** Whether one more request fits the minute's budget; records it when it does. */
  function take(): number {
    const at = now();
    while (sent.length > 0 && (sent[0] ?? 0) <= at - 60_000) sent.shift();
    if (sent.length >= budget) return (sent[0] ?? at) + 60_000 - at;
    sent.push(at);
    return 0;
  }

  async function page(symbol: string, range: MinuteRange): Promise<FetchAnswer> {
    const wait = take();
    if (wait > 0) return { ok: false, error: 'rate_limited', retryAfterMs: wait };
    let reply: TicksHistoryReply;
    try {
      reply = await socket.call({
        ticks_history: symbol,
        style: 'candles',
        granularity: 60,
        start: range.from * 60,
        end: String(range.to * 60 + 59),
        count: range.to - range.from + 1,
        adjust_start_time: 0,
      });
    } catch {
      return { ok: false, error: 'unavailable' };
    }
    if (reply.error) {
      const code = String(reply.error.code ?? '');
      if (code === 'RateLimit') return { ok: false, error: 'rate_limited', retryAfterMs: 60_000 };
      if (code === 'InvalidSymbol') return { ok: false, error: 'unknown_symbol' };
      return { ok: false, error: 'unavailable' };
    }
    const candles: Candle[] = [];
    for (const c of reply.candles ?? []) {
      const epoch = finite(c.epoch);
      const open = finite(c.open);
      const high = finite(c.high);
      const low = finite(c.low);
      const close = finite(c.close);
      if (epoch === null || open === null || high === null || low === null || close === null) {
        continue;
      }
      const minute = Math.floor(epoch / 60);
      if (minute < range.from || minute > range.to) continue;
      candles.push({ minute, open, high, low, close });
    }
    return { ok: true, candles };
  }

  return {
    id: 'deriv',
    symbolOf: (asset) => derivSymbol(asset),
    async fetchCandles(symbol, range) {
      const candles: Candle[] = [];
      for (let from = range.from; from <= range.to; from += DERIV_CANDLES_PER_REQUEST) {
        const to = Math.min(range.to, from + DERIV_CANDLES_PER_REQUEST - 1);
        const answer = await page(symbol, { from, to });
        if (!answer.ok) return answer;
        candles.push(...answer.candles);
      }
      return { ok: true, candles };
    },
    close: () => {
      socket.close();
      return Promise.resolve();
    },
  };
}
