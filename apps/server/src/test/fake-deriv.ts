import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** One frame the fake received, parsed (tests check what the adapter sent). */
export type Frame = Record<string, unknown> & { req_id?: number };

export interface FakeAccount {
  loginid: string;
  currency: string;
  balance: number;
}

export interface FakeContract {
  contractId: number;
  contractType: 'CALL' | 'PUT';
  symbol: string;
  buyPrice: number;
  payout: number;
  purchaseTime: number;
  duration: number;
  token: string;
  isSold: boolean;
  profit: number;
}

/** What the next frame of a call does instead of a normal answer. */
export type Fault =
  | { kind: 'error'; code: string; message: string }
  /** Never answered (the adapter's time-out). */
  | { kind: 'silent' }
  /** The socket drops on receipt (for `buy`: after the contract was bought). */
  | { kind: 'drop' };

const msgTypeOf = (f: Frame): string =>
  ['authorize', 'balance', 'proposal_open_contract', 'proposal', 'buy', 'statement', 'forget'].find(
    (k) => k in f,
  ) ?? 'unknown';

/**
 * A local fake of Deriv's WebSocket API for tests: `authorize`, `balance`, `proposal`, `buy`,
 * `proposal_open_contract` (one-off or subscribed), `statement` and `forget`, in Deriv's shapes
 * (replies echo `req_id`; errors are `{ error: { code, message } }`). Contracts settle when the
 * test says (`settle`), which pushes the sold contract to its subscribers.
 */
export class FakeDeriv {
  readonly frames: Frame[] = [];
  readonly contracts = new Map<number, FakeContract>();
  readonly accounts = new Map<string, FakeAccount>();
  /** Faults by call name; each is used once. */
  readonly faults = new Map<string, Fault>();
  /** Payout fraction of every proposal. */
  payoutFraction = 0.85;
  /** The fake's clock (Unix s) for purchase times; tests tie it to their clock. */
  nowS: () => number = () => Math.floor(Date.now() / 1000);
  connections = 0;
  private readonly sockets = new Set<WebSocket>();
  private readonly subscribers = new Map<
    number,
    { socket: WebSocket; reqId: number; id: string }[]
  >();
  private readonly waiters: { type: string; resolve: (f: Frame) => void }[] = [];
  private nextId = 5000;

  private constructor(private readonly server: WebSocketServer) {}

  static async start(): Promise<FakeDeriv> {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const fake = new FakeDeriv(server);
    server.on('connection', (socket, req) => fake.onConnection(socket, req.url ?? ''));
    return fake;
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/websockets/v3`;
  }

  /** The query string of the last connection (the adapter's `app_id`). */
  lastQuery = '';

  addAccount(token: string, account: Partial<FakeAccount> = {}): void {
    this.accounts.set(token, {
      loginid: account.loginid ?? `VRTC${this.accounts.size + 1}`,
      currency: account.currency ?? 'USD',
      balance: account.balance ?? 1000,
    });
  }

  /** Frames of one call, in arrival order. */
  sent(type: string): Frame[] {
    return this.frames.filter((f) => msgTypeOf(f) === type);
  }

  /** Resolves at the next frame of this call (or at once with one already received if `past`). */
  next(type: string): Promise<Frame> {
    return new Promise((resolve) => this.waiters.push({ type, resolve }));
  }

  private readonly idleWaiters: (() => void)[] = [];

  /** Resolves once no connection is open (the server saw every close). */
  allClosed(): Promise<void> {
    if (this.sockets.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops every open connection (a network cut). */
  dropAll(): void {
    for (const s of this.sockets) s.terminate();
  }

  /** Sells a contract as won, lost or a draw and tells its subscribers. */
  settle(contractId: number, result: 'won' | 'lost' | 'draw'): void {
    const c = this.contracts.get(contractId);
    if (!c) throw new Error(`no contract ${contractId}`);
    c.isSold = true;
    c.profit =
      result === 'won'
        ? Math.round((c.payout - c.buyPrice) * 100) / 100
        : result === 'lost'
          ? -c.buyPrice
          : 0;
    const account = this.accounts.get(c.token);
    if (account)
      account.balance = Math.round((account.balance + c.buyPrice + c.profit) * 100) / 100;
    for (const sub of this.subscribers.get(contractId) ?? []) {
      this.reply(sub.socket, sub.reqId, 'proposal_open_contract', {
        proposal_open_contract: this.poc(c),
        subscription: { id: sub.id },
      });
    }
    this.subscribers.delete(contractId);
  }

  close(): Promise<void> {
    this.dropAll();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private onConnection(socket: WebSocket, url: string): void {
    this.connections += 1;
    this.lastQuery = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    this.sockets.add(socket);
    let token: string | null = null;
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (this.sockets.size === 0) for (const done of this.idleWaiters.splice(0)) done();
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      const type = msgTypeOf(frame);
      const reqId = frame.req_id ?? 0;
      const fault = this.faults.get(type);
      if (fault) this.faults.delete(type);
      const waiting = this.waiters.filter((w) => w.type === type);
      this.waiters.splice(0, this.waiters.length, ...this.waiters.filter((w) => w.type !== type));

      const answer = (): void => {
        if (fault?.kind === 'silent') return;
        if (fault?.kind === 'error') {
          this.reply(socket, reqId, type, {
            error: { code: fault.code, message: fault.message },
          });
          return;
        }
        if (type === 'authorize') {
          const account = this.accounts.get(String(frame.authorize));
          if (!account) {
            this.reply(socket, reqId, type, {
              error: { code: 'InvalidToken', message: 'The token is invalid.' },
            });
            return;
          }
          token = String(frame.authorize);
          this.reply(socket, reqId, type, {
            authorize: {
              loginid: account.loginid,
              currency: account.currency,
              balance: account.balance,
              is_virtual: 1,
            },
          });
          return;
        }
        const account = token ? this.accounts.get(token) : undefined;
        if (!account || !token) {
          this.reply(socket, reqId, type, {
            error: { code: 'AuthorizationRequired', message: 'Please log in.' },
          });
          return;
        }
        this.answer(socket, token, account, type, frame, fault);
      };
      answer();
      for (const w of waiting) w.resolve(frame);
    });
  }

  private answer(
    socket: WebSocket,
    token: string,
    account: FakeAccount,
    type: string,
    frame: Frame,
    fault: Fault | undefined,
  ): void {
    const reqId = frame.req_id ?? 0;
    switch (type) {
      case 'balance':
        this.reply(socket, reqId, type, {
          balance: {
            balance: account.balance,
            currency: account.currency,
            loginid: account.loginid,
          },
        });
        return;
      case 'proposal': {
        const amount = Number(frame.amount);
        const payout = Math.round(amount * (1 + this.payoutFraction) * 100) / 100;
        const id = `prop-${frame.contract_type}-${frame.symbol}-${amount}-${frame.duration}`;
        this.reply(socket, reqId, type, {
          proposal: {
            id,
            ask_price: amount,
            payout,
            display_value: amount.toFixed(2),
            longcode: `Win payout if ${frame.symbol} ends ${frame.contract_type === 'CALL' ? 'higher' : 'lower'}.`,
            spot: 1.1,
            date_start: this.nowS(),
          },
        });
        return;
      }
      case 'buy': {
        const [, contractType, symbol, amount, duration] = String(frame.buy).split('-');
        const buyPrice = Number(amount);
        if (Number(frame.price) < buyPrice) {
          this.reply(socket, reqId, type, { error: { code: 'PriceMoved', message: 'Moved.' } });
          return;
        }
        if (buyPrice > account.balance) {
          this.reply(socket, reqId, type, {
            error: { code: 'InsufficientBalance', message: 'Balance too low.' },
          });
          return;
        }
        this.nextId += 1;
        const c: FakeContract = {
          contractId: this.nextId,
          contractType: contractType as 'CALL' | 'PUT',
          symbol: String(symbol),
          buyPrice,
          payout: Math.round(buyPrice * (1 + this.payoutFraction) * 100) / 100,
          purchaseTime: this.nowS(),
          duration: Number(duration),
          token,
          isSold: false,
          profit: 0,
        };
        this.contracts.set(c.contractId, c);
        account.balance = Math.round((account.balance - buyPrice) * 100) / 100;
        if (fault?.kind === 'drop') {
          socket.terminate();
          return;
        }
        this.reply(socket, reqId, type, {
          buy: {
            contract_id: c.contractId,
            transaction_id: c.contractId * 2,
            buy_price: c.buyPrice,
            payout: c.payout,
            balance_after: account.balance,
            purchase_time: c.purchaseTime,
            start_time: c.purchaseTime,
            shortcode: this.shortcode(c),
            longcode: 'Contract bought.',
          },
        });
        return;
      }
      case 'proposal_open_contract': {
        const c = this.contracts.get(Number(frame.contract_id));
        if (!c || c.token !== token) {
          this.reply(socket, reqId, type, {
            error: { code: 'InvalidContractId', message: 'No such contract.' },
          });
          return;
        }
        if (fault?.kind === 'drop') {
          socket.terminate();
          return;
        }
        if (Number(frame.subscribe) === 1 && !c.isSold) {
          const id = `sub-${c.contractId}-${reqId}`;
          const list = this.subscribers.get(c.contractId) ?? [];
          list.push({ socket, reqId, id });
          this.subscribers.set(c.contractId, list);
          this.reply(socket, reqId, type, {
            proposal_open_contract: this.poc(c),
            subscription: { id },
          });
          return;
        }
        this.reply(socket, reqId, type, { proposal_open_contract: this.poc(c) });
        return;
      }
      case 'statement': {
        const from = Number(frame.date_from ?? 0);
        const transactions = [...this.contracts.values()]
          .filter((c) => c.token === token && c.purchaseTime >= from)
          .map((c) => ({
            action_type: 'buy',
            amount: -c.buyPrice,
            contract_id: c.contractId,
            transaction_id: c.contractId * 2,
            purchase_time: c.purchaseTime,
            transaction_time: c.purchaseTime,
            shortcode: this.shortcode(c),
            longcode: 'Contract bought.',
            payout: c.payout,
          }));
        this.reply(socket, reqId, type, {
          statement: { count: transactions.length, transactions },
        });
        return;
      }
      case 'forget':
        this.reply(socket, reqId, type, { forget: 1 });
        return;
      default:
        this.reply(socket, reqId, type, {
          error: { code: 'UnrecognisedRequest', message: 'Unrecognised request.' },
        });
    }
  }

  private shortcode(c: FakeContract): string {
    const end = c.purchaseTime + c.duration * 60;
    return `${c.contractType}_${c.symbol.toUpperCase()}_${c.payout}_${c.purchaseTime}_${end}F_S0P_0`;
  }

  private poc(c: FakeContract): Record<string, unknown> {
    return {
      contract_id: c.contractId,
      contract_type: c.contractType,
      currency: 'USD',
      underlying: c.symbol,
      buy_price: c.buyPrice,
      payout: c.payout,
      is_sold: c.isSold ? 1 : 0,
      is_expired: c.isSold ? 1 : 0,
      status: c.isSold ? (c.profit > 0 ? 'won' : c.profit < 0 ? 'lost' : 'sold') : 'open',
      profit: c.profit,
      sell_price: c.isSold ? c.buyPrice + c.profit : null,
      date_start: c.purchaseTime,
      date_expiry: c.purchaseTime + c.duration * 60,
    };
  }

  private reply(socket: WebSocket, reqId: number, msgType: string, body: object): void {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify({ ...body, msg_type: msgType, req_id: reqId, echo_req: {} }));
  }
}
