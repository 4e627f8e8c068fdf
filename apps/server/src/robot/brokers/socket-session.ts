import type WebSocket from 'ws';

/** `WebSocket.OPEN` (the ready state), without loading `ws` to read it. */
export const OPEN = 1;

/** Why a request got no answer: its outcome is unknown (the caller reconciles). */
export type NoAnswerWhy = 'timeout' | 'disconnected';

/** A request waiting for its answer; `extra` is what the protocol needs to match it. */
interface Pending<E> {
  call: string;
  extra: E;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The plumbing every broker WebSocket of the robot shares (Deriv, the Quadcode platform): one
 * socket opened on demand and shared by the calls (`open` is asked again after a failure), a
 * connect time-out, requests waiting by id with a time-out each, every waiting request rejected
 * as "no answer, disconnected" when the socket drops (its outcome is unknown: the adapter
 * reconciles), a read sent once more on a new socket after a drop (an order never is), and the
 * socket closed after `idleMs` with nothing waiting. A subclass speaks its protocol: how the
 * socket is reached and authorised (`connect`), and which request a frame answers
 * (`onMessage`, then `settle`). No secret goes into an error or a log here.
 */
export abstract class SocketSession<Info, E = undefined> {
  protected socket: WebSocket | null = null;
  private ready: Promise<Info> | null = null;
  protected nextId = 1;
  protected readonly pending = new Map<string, Pending<E>>();
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    protected readonly timeoutMs: number,
    private readonly idleMs: number,
    /** The protocol's "no answer" error class (its adapter maps it to `timeout`/`disconnected`). */
    private readonly NoAnswer: new (call: string, why: NoAnswerWhy) => Error & { why: NoAnswerWhy },
  ) {}

  /** Connected and authorised; resolves with what the protocol learnt when it opened. */
  open(): Promise<Info> {
    this.ready ??= this.connect().catch((err: unknown) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  /** Reaches and authorises a socket (through {@link openSocket}). */
  protected abstract connect(): Promise<Info>;

  /** One frame of the current socket: settle the request it answers, or pass it on. */
  protected abstract onMessage(socket: WebSocket, text: string): void;

  /** Told when the socket went away, after the waiting requests were rejected. */
  protected onDropped(): void {}

  /** Whether something still needs the socket (the idle close waits for none). */
  protected busy(): boolean {
    return this.pending.size > 0;
  }

  /** Opens the socket (loading `ws` with the first connection) within the time limit. */
  protected async openSocket(
    url: string,
    headers: Record<string, string> = {},
  ): Promise<WebSocket> {
    const { default: WebSocketClient } = await import('ws');
    const socket = new WebSocketClient(url, { headers });
    this.socket = socket;
    socket.on('message', (data) => this.onMessage(socket, String(data)));
    socket.on('close', () => this.onClose(socket));
    socket.on('error', () => {
      // 'close' follows; the error text names only the host, and is not needed.
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        socket.terminate();
        reject(new this.NoAnswer('connect', 'timeout'));
      }, this.timeoutMs);
      socket.once('open', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('close', () => {
        clearTimeout(timer);
        reject(new this.NoAnswer('connect', 'disconnected'));
      });
    });
    return socket;
  }

  /**
   * Opens (if needed) and runs `once` on the socket; a read dropped with the socket (`retry`) is
   * run once more on a new one.
   */
  protected async withSocket<T>(
    call: string,
    retry: boolean,
    once: (socket: WebSocket) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      await this.open();
      const socket = this.socket;
      try {
        if (!socket) throw new this.NoAnswer(call, 'disconnected');
        return await once(socket);
      } catch (err) {
        const again =
          retry && attempt === 0 && err instanceof this.NoAnswer && err.why === 'disconnected';
        if (!again) throw err;
      }
    }
  }

  /** Sends `frame` (the request `id`'s) and waits for {@link settle} or the time limit. */
  protected sendFrame(
    socket: WebSocket,
    id: string,
    call: string,
    extra: E,
    frame: string,
  ): Promise<unknown> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new this.NoAnswer(call, 'timeout'));
        this.armIdle();
      }, this.timeoutMs);
      this.pending.set(id, { call, extra, resolve, reject, timer });
      if (socket.readyState !== OPEN) {
        this.settle(id, new this.NoAnswer(call, 'disconnected'));
        return;
      }
      socket.send(frame);
    });
  }

  /** Ends the wait of request `id` with its answer or its error. */
  protected settle(id: string, outcome: { value: unknown } | Error): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    clearTimeout(p.timer);
    if (outcome instanceof Error) p.reject(outcome);
    else p.resolve(outcome.value);
    this.armIdle();
  }

  protected onClose(socket: WebSocket): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.ready = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    for (const id of [...this.pending.keys()]) {
      const call = this.pending.get(id)?.call ?? 'request';
      this.settle(id, new this.NoAnswer(call, 'disconnected'));
    }
    this.onDropped();
  }

  /** Closes the socket once nothing has needed it for `idleMs`. */
  protected armIdle(): void {
    if (this.idleTimer || !this.socket || this.busy()) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (!this.busy()) this.close();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  close(): void {
    const socket = this.socket;
    if (!socket) return;
    socket.terminate();
    this.onClose(socket);
  }
}
