import type WebSocket from 'ws';
import { OPEN, SocketSession } from '../socket-session.ts';

/** Deriv's public endpoint and app id (DERIV_WS_URL, DERIV_APP_ID override them). */
export const DERIV_DEFAULT_WS_URL = 'wss://ws.derivws.com/websockets/v3';
export const DERIV_DEFAULT_APP_ID = '1089';

/** An error Deriv answered (`{ error: { code, message } }`). Only the code is kept. */
export class DerivApiError extends Error {
  constructor(
    readonly call: string,
    readonly code: string,
  ) {
    super(`deriv ${call}: ${code}`);
    this.name = 'DerivApiError';
  }
}

/** No answer in time, or the connection went away before the answer: the outcome is unknown. */
export class DerivNoAnswerError extends Error {
  constructor(
    readonly call: string,
    readonly why: 'timeout' | 'disconnected',
  ) {
    super(`deriv ${call}: ${why}`);
    this.name = 'DerivNoAnswerError';
  }
}

/** A Deriv reply: `msg_type` names the call; `echo_req` is never read (it repeats the token). */
export type DerivMessage = Record<string, unknown> & {
  msg_type?: string;
  req_id?: number;
  error?: { code?: string; message?: string };
  subscription?: { id?: string };
};

/** What a connection learned of its account when it opened (Deriv's own answer, never assumed). */
export interface DerivAccountInfo {
  currency: string;
  /** Deriv says the account is a real-money one (true), a demo one (false). */
  real: boolean;
  /** Deriv's account id (`loginid` / `account_id`). */
  accountId: string;
}

/**
 * How a connection reaches its account. Legacy: the public URL with `app_id`, then `authorize`
 * with the token (the account is read from its answer). New API: a one-time-password URL issued
 * by the REST API for the chosen account (no authorisation frame; the account is the one the URL
 * was issued for). Called at every (re)connection: an OTP URL serves once.
 */
export type DerivOpener = () => Promise<
  { url: string; authorize: string } | { url: string; account: DerivAccountInfo }
>;

/** The URL with the app id; the token never goes into it (it is sent in `authorize`). */
export function derivUrl(wsUrl: string, appId: string): string {
  const url = new URL(wsUrl);
  url.searchParams.set('app_id', appId);
  return url.toString();
}

/**
 * One authorised WebSocket to Deriv for one token (one account), on the shared socket plumbing
 * (socket-session.ts). Requests carry a `req_id` and their reply is matched by it; a
 * subscription's later messages (same `req_id`) go to its stream handler. A dropped socket
 * rejects what was waiting (outcome unknown) and ends the streams; the next call connects and
 * authorises again. The token is only ever written into the `authorize` frame: never into the
 * URL, an error or a log.
 */
export class DerivConnection extends SocketSession<DerivAccountInfo> {
  private readonly streams = new Map<number, (msg: DerivMessage | null) => void>();

  constructor(
    private readonly opener: DerivOpener,
    timeoutMs: number,
    idleMs: number,
  ) {
    super(timeoutMs, idleMs, DerivNoAnswerError);
  }

  protected async connect(): Promise<DerivAccountInfo> {
    const target = await this.opener();
    // `ws` is loaded with the first Deriv connection: a server without Deriv bots never parses it.
    const socket = await this.openSocket(target.url);
    if ('account' in target) return target.account;
    let reply: DerivMessage;
    try {
      reply = await this.send({ authorize: target.authorize }, 'authorize', socket);
    } catch (err) {
      // An unauthorised socket is of no use: close it (the next call starts afresh).
      socket.terminate();
      this.onClose(socket);
      throw err;
    }
    const auth = (reply.authorize ?? {}) as {
      currency?: unknown;
      is_virtual?: unknown;
      loginid?: unknown;
    };
    return {
      currency: typeof auth.currency === 'string' ? auth.currency : '',
      real: Number(auth.is_virtual) === 0,
      accountId: typeof auth.loginid === 'string' ? auth.loginid : '',
    };
  }

  /**
   * Sends one request (authorising first) and waits for its reply. A read dropped with the socket
   * is sent once more on a new connection; a `buy` never is (its outcome is then unknown).
   */
  request(payload: Record<string, unknown>, call: string): Promise<DerivMessage> {
    return this.withSocket(call, call !== 'buy', (socket) => this.send(payload, call, socket));
  }

  /**
   * Sends a subscribing request; its first reply resolves, and every later message of the
   * stream (and `null` when the socket drops) goes to `onUpdate` until `endStream`.
   */
  async subscribe(
    payload: Record<string, unknown>,
    call: string,
    onUpdate: (msg: DerivMessage | null) => void,
  ): Promise<{ reply: DerivMessage; reqId: number }> {
    await this.open();
    const socket = this.socket;
    if (!socket) throw new DerivNoAnswerError(call, 'disconnected');
    const reqId = this.nextId;
    this.streams.set(reqId, onUpdate);
    try {
      const reply = await this.send({ ...payload, subscribe: 1 }, call, socket);
      return { reply, reqId };
    } catch (err) {
      this.streams.delete(reqId);
      throw err;
    }
  }

  /** Stops a stream (and tells Deriv to forget its subscription, when it has one). */
  endStream(reqId: number, subscriptionId?: string): void {
    this.streams.delete(reqId);
    if (subscriptionId && this.socket?.readyState === OPEN) {
      this.socket.send(JSON.stringify({ forget: subscriptionId }));
    }
    this.armIdle();
  }

  private async send(
    payload: Record<string, unknown>,
    call: string,
    socket: WebSocket,
  ): Promise<DerivMessage> {
    const reqId = this.nextId++;
    const frame = JSON.stringify({ ...payload, req_id: reqId });
    return (await this.sendFrame(socket, String(reqId), call, undefined, frame)) as DerivMessage;
  }

  protected onMessage(socket: WebSocket, text: string): void {
    if (socket !== this.socket) return;
    let msg: DerivMessage;
    try {
      msg = JSON.parse(text) as DerivMessage;
    } catch {
      return;
    }
    const reqId = typeof msg.req_id === 'number' ? msg.req_id : null;
    if (reqId === null) return;
    const waiting = this.pending.get(String(reqId));
    if (waiting) {
      this.settle(
        String(reqId),
        msg.error ? new DerivApiError(waiting.call, msg.error.code ?? 'unknown') : { value: msg },
      );
      return;
    }
    this.streams.get(reqId)?.(msg);
  }

  /** The streams end with the socket (their contracts are asked for again by id). */
  protected override onDropped(): void {
    const lost = [...this.streams.values()];
    this.streams.clear();
    for (const onUpdate of lost) onUpdate(null);
  }

  /** Nothing waits and no contract is watched: the socket may close when idle. */
  protected override busy(): boolean {
    return this.pending.size > 0 || this.streams.size > 0;
  }
}
