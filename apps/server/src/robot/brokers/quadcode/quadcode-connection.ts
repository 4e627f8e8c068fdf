import type WebSocket from 'ws';
import { SocketSession } from '../socket-session.ts';
import {
  QuadcodeApiError,
  QuadcodeNoAnswerError,
  type QuadcodeEndpoints,
} from './quadcode-errors.ts';
import { LoginGate, quadcodeLogin } from './quadcode-login.ts';

export {
  QuadcodeApiError,
  QuadcodeNoAnswerError,
  type QuadcodeEndpoints,
  type QuadcodePlatform,
} from './quadcode-errors.ts';

/**
 * Without a `timeSync` for this long the socket is taken for dead and replaced, ms: the SDK's
 * WsApiClient checks every 10 s and reconnects after 60 s of silence (the platform pushes one
 * every few seconds).
 */
export const TIME_SYNC_SILENCE_MS = 60_000;
const TIME_SYNC_CHECK_MS = 10_000;

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
 * One authenticated WebSocket to a Quadcode-platform broker for one login, as the platform's
 * client SDK speaks it (`quadcode/client-sdk-js`, MIT): frames `{ name, request_id, msg }`;
 * `authenticate` with the login's ssid (answered `authenticated: true|false`), `setOptions
 * { sendResults: true }`, then `sendMessage { name, version, body }` requests, each answered by a
 * `result` frame and then its data frame with the same `request_id`; a `status` ≥ 4000 is a
 * refusal. Pushed events (`subscribeMessage`) carry `microserviceName` and `name`.
 *
 * A dropped socket rejects what was waiting (outcome unknown); the next call logs in again, as
 * the {@link LoginGate} allows (the socket plumbing is shared with Deriv's: socket-session.ts). A
 * socket silent for {@link TIME_SYNC_SILENCE_MS} (no `timeSync`) is closed and replaced, as the
 * SDK does. The `platform` cookie goes with the login and the socket. The ssid and password
 * never reach a log, an error or an answer.
 */
export class QuadcodeConnection extends SocketSession<{ userId: number }, { resultOnly: boolean }> {
  /** Subscriptions to restore on every new socket (by their request body). */
  private readonly subscriptions: Record<string, unknown>[] = [];
  /** The platform's clock (its `timeSync`, Unix ms) and when it was heard, by our clock. */
  private serverTime: { at: number; serverMs: number } | null = null;
  private readonly gate = new LoginGate();
  /** When the current socket last heard a `timeSync` (our clock), and its watchdog. */
  private lastTimeSyncAt = 0;
  private watchdog: NodeJS.Timeout | null = null;

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
    this.gate.check(Date.now());
    try {
      const opened = await this.login();
      this.gate.succeeded();
      return opened;
    } catch (err) {
      this.gate.failed(err, Date.now());
      throw err;
    }
  }

  private async login(): Promise<{ userId: number }> {
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
      this.watch(socket);
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
      this.lastTimeSyncAt = Date.now();
      this.serverTime = { at: this.lastTimeSyncAt, serverMs: frame.msg };
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

  /** The SDK's watchdog: a socket with no `timeSync` for a minute is dead; replace it. */
  private watch(socket: WebSocket): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.lastTimeSyncAt = Date.now();
    this.watchdog = setInterval(() => {
      if (socket !== this.socket) return;
      if (Date.now() - this.lastTimeSyncAt > TIME_SYNC_SILENCE_MS) {
        socket.terminate();
        this.onClose(socket);
      }
    }, TIME_SYNC_CHECK_MS);
    this.watchdog.unref();
  }

  protected override onDropped(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    this.onDrop();
  }
}

/** A refusal's text as a short code: the platform's message, trimmed (never a secret). */
function refusalCode(message: unknown, status: number): string {
  if (typeof message === 'string' && message.trim() !== '') return message.trim().slice(0, 120);
  return status > 0 ? `status ${status}` : 'refused';
}
