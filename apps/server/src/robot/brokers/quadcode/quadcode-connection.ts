import type WebSocket from 'ws';
import { SocketSession } from '../socket-session.ts';

/** Where one broker of the Quadcode platform family is reached (operator configuration). */
export interface QuadcodeEndpoints {
  /** The HTTP API base the login goes to: `POST <httpUrl>/v2/login`. */
  httpUrl: string;
  /** The trading WebSocket (`wss://…/echo/websocket`). */
  wsUrl: string;
  /** Sent as the `platform` cookie when set, as the platform's SDK does; null = not sent. */
  platformId: number | null;
}

/** One broker of the platform family as the operator configured it. */
export interface QuadcodePlatform extends QuadcodeEndpoints {
  brokerId: number;
  name: string;
}

/** An error the platform answered (a refused login, a `status` ≥ 4000, an unsuccessful result). */
export class QuadcodeApiError extends Error {
  constructor(
    readonly call: string,
    /** `authFailed` for a refused login or session; else the platform's own wording, trimmed. */
    readonly code: string,
  ) {
    super(`quadcode ${call}: ${code}`);
    this.name = 'QuadcodeApiError';
  }
}

/** No answer in time, or the connection went away first: the outcome is unknown. */
export class QuadcodeNoAnswerError extends Error {
  constructor(
    readonly call: string,
    readonly why: 'timeout' | 'disconnected',
  ) {
    super(`quadcode ${call}: ${why}`);
    this.name = 'QuadcodeNoAnswerError';
  }
}

/** One frame of the platform's WebSocket protocol. */
export interface QuadcodeFrame {
  name: string;
  request_id?: string;
  msg?: unknown;
  status?: number;
  microserviceName?: string;
}

/** An event pushed by the platform (`portfolio` / `position-changed`, …). */
export type QuadcodeEventHandler = (event: { service: string; name: string; msg: unknown }) => void;

/**
 * The platform's login: `POST <httpUrl>/v2/login` with `{ identifier, password }` answers
 * `{ code: 'success', ssid }` (the session id the WebSocket `authenticate` takes). Anything else
 * is a refused login. The password is only ever written into this request's body.
 */
export async function quadcodeLogin(
  endpoints: QuadcodeEndpoints,
  email: string,
  password: string,
  timeoutMs: number,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${endpoints.httpUrl.replace(/\/+$/, '')}/v2/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoints.platformId === null ? {} : { cookie: `platform=${endpoints.platformId}` }),
      },
      body: JSON.stringify({ identifier: email, password }),
      signal: controller.signal,
    });
  } catch {
    throw new QuadcodeNoAnswerError(
      'login',
      controller.signal.aborted ? 'timeout' : 'disconnected',
    );
  } finally {
    clearTimeout(timer);
  }
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; ssid?: unknown };
  if (response.status !== 200 || body.code !== 'success' || typeof body.ssid !== 'string') {
    throw new QuadcodeApiError('login', 'authFailed');
  }
  return body.ssid;
}

/**
 * One authenticated WebSocket to a Quadcode-platform broker for one login, as the platform's
 * client SDK speaks it (`quadcode/client-sdk-js`, MIT): frames `{ name, request_id, msg }`;
 * `authenticate` with the login's ssid (answered `authenticated: true|false`), `setOptions
 * { sendResults: true }`, then `sendMessage { name, version, body }` requests, each answered by a
 * `result` frame and then its data frame with the same `request_id`; a `status` ≥ 4000 is a
 * refusal. Pushed events (`subscribeMessage`) carry `microserviceName` and `name`.
 *
 * A dropped socket rejects what was waiting (outcome unknown); the next call logs in again (the
 * socket plumbing is shared with Deriv's: socket-session.ts). The ssid and password never reach a
 * log, an error or an answer.
 */
export class QuadcodeConnection extends SocketSession<{ userId: number }, { resultOnly: boolean }> {
  /** Subscriptions to restore on every new socket (by their request body). */
  private readonly subscriptions: Record<string, unknown>[] = [];
  /** The platform's clock (its `timeSync`, Unix ms) and when it was heard, by our clock. */
  private serverTime: { at: number; serverMs: number } | null = null;

  constructor(
    private readonly endpoints: QuadcodeEndpoints,
    private readonly credentials: { email: string; password: string },
    private readonly onEvent: QuadcodeEventHandler,
    timeoutMs: number,
    idleMs: number,
    /** Told when the socket goes away (positions followed by stream need asking again). */
    private readonly onDrop: () => void = () => undefined,
  ) {
    super(timeoutMs, idleMs, QuadcodeNoAnswerError);
  }

  /** The platform's time now (its last `timeSync` moved on by our clock), else ours. */
  now(): number {
    if (!this.serverTime) return Date.now();
    return this.serverTime.serverMs + (Date.now() - this.serverTime.at);
  }

  protected async connect(): Promise<{ userId: number }> {
    const ssid = await quadcodeLogin(
      this.endpoints,
      this.credentials.email,
      this.credentials.password,
      this.timeoutMs,
    );
    const socket = await this.openSocket(
      this.endpoints.wsUrl,
      this.endpoints.platformId === null ? {} : { cookie: `platform=${this.endpoints.platformId}` },
    );
    try {
      const authenticated = await this.send(
        'authenticate',
        { ssid, protocol: 3, session_id: '', client_session_id: '' },
        'authenticate',
        false,
        socket,
      );
      if (authenticated !== true) throw new QuadcodeApiError('authenticate', 'authFailed');
      await this.send('setOptions', { sendResults: true }, 'setOptions', true, socket);
      const profile = (await this.send(
        'sendMessage',
        { name: 'core.get-profile', version: '1.0', body: {} },
        'core.get-profile',
        false,
        socket,
      )) as { result?: { user_id?: unknown } };
      const userId = Number(profile.result?.user_id);
      if (!Number.isFinite(userId)) throw new QuadcodeApiError('core.get-profile', 'noProfile');
      for (const body of this.subscriptionsFor(userId)) {
        await this.send('subscribeMessage', body, 'subscribeMessage', true, socket);
      }
      return { userId };
    } catch (err) {
      socket.terminate();
      this.onClose(socket);
      throw err;
    }
  }

  /** Follows the account's position changes (`portfolio.position-changed` v3, by user id). */
  followPositions(): void {
    if (this.subscriptions.some((s) => s.name === 'portfolio.position-changed')) return;
    this.subscriptions.push({ name: 'portfolio.position-changed', version: '3.0' });
  }

  private subscriptionsFor(userId: number): Record<string, unknown>[] {
    return this.subscriptions.map((s) =>
      s.name === 'portfolio.position-changed'
        ? { ...s, params: { routingFilters: { user_id: userId } } }
        : s,
    );
  }

  /**
   * One `sendMessage` request (logging in first); resolves with its data frame's `msg`. A read
   * dropped with the socket is sent once more on a new connection; an order opening never is
   * (its outcome is then unknown and reconciled).
   */
  request(
    name: string,
    version: string,
    body: Record<string, unknown>,
    opts: { opens?: boolean } = {},
  ): Promise<unknown> {
    return this.withSocket(name, !opts.opens, (socket) =>
      this.send('sendMessage', { name, version, body }, name, false, socket),
    );
  }

  private send(
    frameName: string,
    msg: Record<string, unknown>,
    call: string,
    resultOnly: boolean,
    socket: WebSocket,
  ): Promise<unknown> {
    const id = String(this.nextId++);
    const frame = JSON.stringify({ name: frameName, request_id: id, msg });
    return this.sendFrame(socket, id, call, { resultOnly }, frame);
  }

  protected onMessage(socket: WebSocket, text: string): void {
    if (socket !== this.socket) return;
    let frame: QuadcodeFrame;
    try {
      frame = JSON.parse(text) as QuadcodeFrame;
    } catch {
      return;
    }
    if (frame.name === 'timeSync' && typeof frame.msg === 'number') {
      this.serverTime = { at: Date.now(), serverMs: frame.msg };
      return;
    }
    const id = frame.request_id;
    const p = id === undefined || id === '' ? undefined : this.pending.get(id);
    if (p && id !== undefined) {
      if (typeof frame.status === 'number' && frame.status >= 4000) {
        const message = (frame.msg as { message?: unknown } | undefined)?.message;
        this.settle(id, new QuadcodeApiError(p.call, refusalCode(message, frame.status)));
        return;
      }
      if (frame.name === 'result') {
        const result = (frame.msg ?? {}) as { success?: unknown; reason?: unknown };
        if (result.success !== true) {
          this.settle(id, new QuadcodeApiError(p.call, refusalCode(result.reason, 0)));
        } else if (p.extra.resultOnly) {
          this.settle(id, { value: result });
        }
        return;
      }
      this.settle(id, { value: frame.msg });
      return;
    }
    if (frame.name === 'authenticated' && frame.msg === false) {
      // The session was refused outside a request (expired ssid): the next call logs in again.
      socket.terminate();
      this.onClose(socket);
      return;
    }
    if (frame.microserviceName && frame.name) {
      this.onEvent({ service: frame.microserviceName, name: frame.name, msg: frame.msg });
    }
  }

  protected override onDropped(): void {
    this.onDrop();
  }
}

/** A refusal's text as a short code: the platform's message, trimmed (never a secret). */
function refusalCode(message: unknown, status: number): string {
  if (typeof message === 'string' && message.trim() !== '') return message.trim().slice(0, 120);
  return status > 0 ? `status ${status}` : 'refused';
}
