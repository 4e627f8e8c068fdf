import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** One frame the fake received (tests check what the adapter sent). */
export interface QuadcodeSent {
  name: string;
  request_id?: string;
  msg: Record<string, unknown> & { name?: string; body?: Record<string, unknown> };
}

export interface FakeQuadcodeUser {
  email: string;
  password: string;
  userId: number;
  /**
   * Balances as the platform lists them: type 1 real, 4 demo. `isMarginal` marks a margin
   * balance (as Exnova's demo USD balance is in a capture); its amount for options comes from
   * `marginal-portfolio.get-marginal-balance` (`cash`, `available`), as the SDK reads it.
   */
  balances: {
    id: number;
    type: 1 | 4;
    amount: number;
    currency: string;
    bonus?: number;
    isMarginal?: boolean;
    marginAvailable?: number;
  }[];
  /**
   * Two-step verification is on: the login answers `{ code: 'verify', method, token }` (as
   * community clients handle it: the platform has sent the trader a code).
   */
  twoFactor?: boolean;
}

export interface FakeActive {
  id: number;
  ticker: string;
  isSuspended: boolean;
  deadtime: number;
  expirationTimes: number[];
  commission: number;
  /** [from, to] Unix seconds. */
  schedule: [number, number][];
}

interface FakePosition {
  id: number;
  userId: number;
  balanceId: number;
  activeId: number;
  instrumentType: string;
  direction: 'call' | 'put';
  invest: number;
  profitPercent: number;
  openTime: number;
  expired: number;
  status: 'open' | 'closed';
  closeReason: 'win' | 'loose' | 'equal' | null;
  closeProfit: number | null;
}

/** What the next frame of a `sendMessage` name does instead of a normal answer (used once). */
export type QuadcodeFault =
  /** Handled (an opening is made) but never answered. */
  | { kind: 'silent' }
  /** Handled, then the socket drops before the answer. */
  | { kind: 'drop' }
  /** Refused with `status` ≥ 4000 and this message. */
  | { kind: 'refuse'; message: string };

const INSTRUMENT: Record<number, string> = {
  1: 'binary-option',
  3: 'turbo-option',
  12: 'blitz-option',
};

/**
 * A local fake of one Quadcode-platform broker as its client SDK speaks to it: `POST /v2/login`
 * (`{ identifier, password }` → `{ code: 'success', ssid }`; 403 `invalid_credentials`; with
 * two-step verification `{ code: 'verify', method, token }`; after repeated refusals 429
 * `requests_limit_exceeded` with a `ttl`), `timeSync` pushed every second, and
 * the WebSocket at `/echo/websocket`: `authenticate`, `setOptions`, `sendMessage` for
 * `core.get-profile`, `balances.get-available-balances`, `binary-options.get-initialization-data`,
 * `binary-options.open-option`, `portfolio.get-positions`, `portfolio.get-history-positions`,
 * and `subscribeMessage` `portfolio.position-changed` (pushed when a test settles a position).
 * Each request gets its `result` frame and then its data frame, as the platform sends them.
 */
export class FakeQuadcode {
  readonly sent: QuadcodeSent[] = [];
  readonly users = new Map<string, FakeQuadcodeUser>();
  readonly actives: Record<'turbo' | 'binary' | 'blitz', FakeActive[]> = {
    turbo: [],
    binary: [],
    blitz: [],
  };
  readonly positions = new Map<number, FakePosition>();
  readonly faults = new Map<string, QuadcodeFault>();
  /** A `profit_income` the next acknowledgements carry instead of the platform's (tests). */
  incomeOverride: number | null = null;
  /** The `platform` cookie of the last login and the last socket (null = none sent). */
  platformCookie: { login: string | null; socket: string | null } = { login: null, socket: null };
  /** The fake's clock, Unix ms; tests tie it to theirs. */
  nowMs: () => number = () => Date.now();
  logins = 0;
  /**
   * Refused logins an identifier may make before the platform answers
   * `requests_limit_exceeded` (`ttl` 600 s), as community clients report it.
   */
  failedLoginsAllowed = 5;
  /** Whether `timeSync` is pushed on the sockets (every second, as in a capture). */
  timeSyncing = true;
  private readonly failedLogins = new Map<string, { count: number; until: number }>();
  private readonly sessions = new Map<string, FakeQuadcodeUser>();
  private readonly sockets = new Set<WebSocket>();
  private readonly subscribers = new Map<WebSocket, number>();
  private readonly waiters: { name: string; resolve: (f: QuadcodeSent) => void }[] = [];
  private nextPositionId = 90_000;
  private nextSsid = 1;

  private constructor(
    private readonly http: Server,
    private readonly wss: WebSocketServer,
  ) {}

  static async start(port = 0): Promise<FakeQuadcode> {
    const http = createServer();
    const wss = new WebSocketServer({ noServer: true });
    const fake = new FakeQuadcode(http, wss);
    http.on('request', (req, res) => {
      void fake.onHttp(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    http.on('upgrade', (req, socket, head) => {
      if (!req.url?.startsWith('/echo/websocket')) {
        socket.destroy();
        return;
      }
      fake.platformCookie.socket = cookiePlatform(req);
      wss.handleUpgrade(req, socket, head, (ws) => fake.onSocket(ws));
    });
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
    return fake;
  }

  get port(): number {
    return (this.http.address() as AddressInfo).port;
  }
  get httpUrl(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }
  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/echo/websocket`;
  }

  addUser(user: FakeQuadcodeUser): void {
    this.users.set(user.email, user);
  }

  /** An active open all day around the fake's clock, with the usual expirations. */
  addActive(
    kind: 'turbo' | 'binary' | 'blitz',
    active: Partial<FakeActive> & { id: number; ticker: string },
  ): void {
    const nowS = Math.floor(this.nowMs() / 1000);
    this.actives[kind].push({
      isSuspended: false,
      deadtime: kind === 'binary' ? 300 : kind === 'blitz' ? 0 : 30,
      expirationTimes: kind === 'binary' ? [900] : kind === 'blitz' ? [5, 30, 60] : [60, 120, 300],
      commission: 13,
      schedule: [[nowS - 86_400, nowS + 86_400]],
      ...active,
    });
  }

  /** Frames of one `sendMessage` name (or frame name), in arrival order. */
  calls(name: string): QuadcodeSent[] {
    return this.sent.filter((f) => f.name === name || f.msg.name === name);
  }

  /** Resolves at the next frame of this name. */
  next(name: string): Promise<QuadcodeSent> {
    return new Promise((resolve) => this.waiters.push({ name, resolve }));
  }

  dropAll(): void {
    for (const s of this.sockets) s.terminate();
  }

  /** Sockets open now (the adapter's current connection among them). */
  get openSockets(): number {
    return this.sockets.size;
  }

  /** Closes a position as a win, loss or draw and pushes `position-changed` to the subscribers. */
  settle(id: number, result: 'win' | 'loose' | 'equal'): void {
    const p = this.positions.get(id);
    if (!p) throw new Error(`no position ${id}`);
    p.status = 'closed';
    p.closeReason = result;
    p.closeProfit =
      result === 'win'
        ? Math.round(p.invest * (1 + p.profitPercent / 100) * 100) / 100
        : result === 'equal'
          ? p.invest
          : 0;
    const user = [...this.users.values()].find((u) => u.userId === p.userId);
    const balance = user?.balances.find((b) => b.id === p.balanceId);
    if (balance) balance.amount = Math.round((balance.amount + p.closeProfit) * 100) / 100;
    for (const [socket, userId] of this.subscribers) {
      if (userId !== p.userId) continue;
      this.push(socket, 'portfolio', 'position-changed', this.positionMsg(p));
    }
  }

  close(): Promise<void> {
    this.dropAll();
    this.wss.close();
    return new Promise((resolve) => this.http.close(() => resolve()));
  }

  private async onHttp(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    if (req.method !== 'POST' || req.url !== '/api/v2/login') {
      return { status: 404, body: { code: 'not_found' } };
    }
    this.platformCookie.login = cookiePlatform(req);
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const body = JSON.parse(text || '{}') as { identifier?: string; password?: string };
    const identifier = body.identifier ?? '';
    const user = this.users.get(identifier);
    this.logins += 1;
    const limit = this.failedLogins.get(identifier);
    if (limit && limit.count >= this.failedLoginsAllowed && this.nowMs() < limit.until) {
      return {
        status: 429,
        body: {
          code: 'requests_limit_exceeded',
          message: 'The number of requests has been exceeded. Try again in 10 minutes.',
          ttl: Math.ceil((limit.until - this.nowMs()) / 1000),
        },
      };
    }
    if (!user || user.password !== body.password) {
      const count = (limit && this.nowMs() < limit.until ? limit.count : 0) + 1;
      this.failedLogins.set(identifier, { count, until: this.nowMs() + 600_000 });
      return {
        status: 403,
        body: {
          code: 'invalid_credentials',
          message:
            'You entered the wrong credentials. Please ensure that your login/password is correct.',
        },
      };
    }
    this.failedLogins.delete(identifier);
    if (user.twoFactor) {
      // The platform sends the trader a code and waits for it (`POST /v2/verify/2fa`).
      return { status: 200, body: { code: 'verify', method: 'sms', token: 'tok-2fa' } };
    }
    const ssid = `ssid-${this.nextSsid++}`;
    this.sessions.set(ssid, user);
    return { status: 200, body: { code: 'success', ssid } };
  }

  private onSocket(socket: WebSocket): void {
    this.sockets.add(socket);
    let user: FakeQuadcodeUser | null = null;
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.subscribers.delete(socket);
    });
    socket.send(JSON.stringify({ name: 'timeSync', msg: this.nowMs() }));
    // The platform's heartbeat: `timeSync` every second (the SDK reconnects after 60 s without).
    const sync = setInterval(() => {
      if (this.timeSyncing) this.send(socket, { name: 'timeSync', msg: this.nowMs() });
    }, 1_000);
    sync.unref();
    socket.on('close', () => clearInterval(sync));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as QuadcodeSent;
      this.sent.push(frame);
      const id = frame.request_id ?? '';
      const key = frame.msg.name ?? frame.name;
      for (const w of this.waiters.filter((w) => w.name === key)) w.resolve(frame);
      this.waiters.splice(0, this.waiters.length, ...this.waiters.filter((w) => w.name !== key));
      if (frame.name === 'authenticate') {
        user = this.sessions.get(String(frame.msg.ssid)) ?? null;
        this.send(socket, { name: 'authenticated', request_id: id, msg: user !== null });
        return;
      }
      if (!user) {
        this.send(socket, { name: 'authenticated', msg: false });
        return;
      }
      if (frame.name === 'setOptions') {
        this.result(socket, id, true);
        return;
      }
      if (frame.name === 'subscribeMessage') {
        if (frame.msg.name === 'portfolio.position-changed') {
          const filters = (
            frame.msg.params as { routingFilters?: { user_id?: number } } | undefined
          )?.routingFilters;
          this.subscribers.set(socket, Number(filters?.user_id));
        }
        this.result(socket, id, true);
        return;
      }
      if (frame.name === 'sendMessage') this.answer(socket, user, id, frame.msg);
    });
  }

  private answer(
    socket: WebSocket,
    user: FakeQuadcodeUser,
    id: string,
    msg: QuadcodeSent['msg'],
  ): void {
    const name = String(msg.name);
    const body = msg.body ?? {};
    const fault = this.faults.get(name);
    if (fault) this.faults.delete(name);
    if (fault?.kind === 'refuse') {
      this.result(socket, id, true);
      this.send(socket, {
        name: 'option',
        request_id: id,
        status: 4000,
        msg: { message: fault.message },
      });
      return;
    }
    const reply = (respName: string, data: unknown) => {
      if (fault?.kind === 'silent') return;
      if (fault?.kind === 'drop') {
        socket.terminate();
        return;
      }
      this.result(socket, id, true);
      this.send(socket, { name: respName, request_id: id, msg: data, status: 2000 });
    };
    switch (name) {
      case 'core.get-profile':
        reply('profile', { result: { user_id: user.userId, email: user.email } });
        return;
      case 'balances.get-available-balances': {
        const types = (body.types_ids as number[] | undefined) ?? [1, 4];
        reply(
          'available-balances',
          user.balances
            .filter((b) => types.includes(b.type))
            .map((b) => ({
              id: b.id,
              type: b.type,
              amount: b.amount,
              currency: b.currency,
              user_id: user.userId,
              bonus_amount: b.bonus ?? 0,
              is_fiat: true,
              is_marginal: b.isMarginal === true,
            })),
        );
        return;
      }
      case 'marginal-portfolio.get-marginal-balance': {
        const b = user.balances.find((x) => x.id === Number(body.user_balance_id));
        if (!b?.isMarginal) {
          this.result(socket, id, false, 'balance is not marginal');
          return;
        }
        // Amounts as strings, as the SDK's MarginPortfolioBalanceV1 reads them.
        reply('marginal-balance', {
          id: b.id,
          type: b.type,
          cash: String(b.amount),
          bonus: String(b.bonus ?? 0),
          currency: b.currency,
          user_id: user.userId,
          pnl: '0',
          pnl_net: '0',
          equity: String(b.amount),
          equity_usd: String(b.amount),
          swap: '0',
          dividends: '0',
          margin: '0',
          available: String(b.marginAvailable ?? b.amount),
          margin_level: '0',
          stop_out_level: '0',
        });
        return;
      }
      case 'binary-options.get-initialization-data':
        reply('initialization-data', {
          turbo: { actives: this.activesMsg(this.actives.turbo) },
          binary: { actives: this.activesMsg(this.actives.binary) },
          blitz: { actives: this.activesMsg(this.actives.blitz) },
        });
        return;
      case 'binary-options.open-option':
        this.openOption(socket, user, id, body, fault);
        return;
      case 'portfolio.get-positions':
        reply('positions', {
          limit: Number(body.limit ?? 30),
          total: 0,
          positions: this.userPositions(user, 'open'),
        });
        return;
      case 'portfolio.get-history-positions':
        reply('history-positions', {
          limit: Number(body.limit ?? 30),
          positions: this.userPositions(user, 'closed'),
        });
        return;
      default:
        this.result(socket, id, false, `unknown request ${name}`);
    }
  }

  private openOption(
    socket: WebSocket,
    user: FakeQuadcodeUser,
    id: string,
    body: Record<string, unknown>,
    fault: QuadcodeFault | undefined,
  ): void {
    const refuse = (message: string) => {
      this.result(socket, id, true);
      this.send(socket, { name: 'option', request_id: id, status: 4000, msg: { message } });
    };
    const typeId = Number(body.option_type_id);
    const kind = typeId === 1 ? 'binary' : typeId === 3 ? 'turbo' : 'blitz';
    const active = this.actives[kind].find((a) => a.id === Number(body.active_id));
    const nowS = Math.floor(this.nowMs() / 1000);
    if (!active || active.isSuspended) {
      refuse('Active is suspended');
      return;
    }
    const balance = user.balances.find((b) => b.id === Number(body.user_balance_id));
    const price = Number(body.price);
    if (!balance) {
      refuse('Balance not found');
      return;
    }
    if (price < 1) {
      refuse('Minimum amount is 1');
      return;
    }
    if (price > balance.amount) {
      refuse('Insufficient funds on balance');
      return;
    }
    if (Number(body.profit_percent) !== 100 - active.commission) {
      refuse('Profit percent changed');
      return;
    }
    const expired = kind === 'blitz' ? nowS + Number(body.expiration_size) : Number(body.expired);
    if (kind !== 'blitz' && expired - active.deadtime <= nowS) {
      refuse('Time for purchasing options is over');
      return;
    }
    balance.amount = Math.round((balance.amount - price) * 100) / 100;
    this.nextPositionId += 1;
    const p: FakePosition = {
      id: this.nextPositionId,
      userId: user.userId,
      balanceId: balance.id,
      activeId: active.id,
      instrumentType: INSTRUMENT[typeId] ?? 'binary-option',
      direction: body.direction === 'put' ? 'put' : 'call',
      invest: price,
      profitPercent: 100 - active.commission,
      openTime: this.nowMs(),
      expired,
      status: 'open',
      closeReason: null,
      closeProfit: null,
    };
    this.positions.set(p.id, p);
    for (const [s, userId] of this.subscribers) {
      if (userId === user.userId)
        this.push(s, 'portfolio', 'position-changed', this.positionMsg(p));
    }
    if (fault?.kind === 'silent') return;
    if (fault?.kind === 'drop') {
      socket.terminate();
      return;
    }
    this.result(socket, id, true);
    this.send(socket, {
      name: 'option',
      request_id: id,
      status: 2000,
      // As the platform sends it: `profit_income` is 100 + the payout percent (captures:
      // 187 beside `profit_percent: 87`; 174 with `win_amount: 1.74` on a stake of 1).
      msg: {
        user_id: user.userId,
        id: p.id,
        act: p.activeId,
        direction: p.direction,
        exp: p.expired,
        created: Math.floor(p.openTime / 1000),
        price: p.invest,
        profit_income: this.incomeOverride ?? 100 + p.profitPercent,
        profit_return: 0,
        time_rate: Math.floor(p.openTime / 1000),
        type: kind,
        value: 1.0842,
      },
    });
  }

  private activesMsg(list: FakeActive[]): Record<string, unknown> {
    return Object.fromEntries(
      list.map((a) => [
        String(a.id),
        {
          id: a.id,
          name: `front.${a.ticker}`,
          ticker: a.ticker,
          is_suspended: a.isSuspended,
          is_buyback: false,
          deadtime: a.deadtime,
          buyback_deadtime: 0,
          option: {
            count: 5,
            expiration_times: a.expirationTimes,
            profit: { commission: a.commission },
            special: {},
          },
          schedule: a.schedule,
        },
      ]),
    );
  }

  private userPositions(user: FakeQuadcodeUser, status: 'open' | 'closed') {
    return [...this.positions.values()]
      .filter((p) => p.userId === user.userId && p.status === status)
      .sort((a, b) => b.openTime - a.openTime)
      .map((p) => this.positionMsg(p));
  }

  private positionMsg(p: FakePosition): Record<string, unknown> {
    const closed = p.status === 'closed';
    return {
      id: `pos-${p.id}`,
      external_id: p.id,
      user_id: p.userId,
      user_balance_id: p.balanceId,
      active_id: p.activeId,
      instrument_type: p.instrumentType,
      source: 'api',
      status: p.status,
      invest: p.invest,
      open_quote: 1.0842,
      open_time: p.openTime,
      expected_profit: Math.round(p.invest * p.profitPercent) / 100,
      pnl: 0,
      pnl_realized: closed ? Math.round(((p.closeProfit ?? 0) - p.invest) * 100) / 100 : 0,
      close_profit: closed ? p.closeProfit : undefined,
      close_reason: closed ? p.closeReason : undefined,
      close_time: closed ? p.expired * 1000 : undefined,
      version: closed ? 2 : 1,
      raw_event: {
        binary_options_option_changed1: {
          order_ids: [p.id],
          direction: p.direction,
          expiration_time: p.expired,
        },
      },
    };
  }

  private result(socket: WebSocket, id: string, success: boolean, reason = ''): void {
    this.send(socket, { name: 'result', request_id: id, msg: { success, reason } });
  }

  private push(socket: WebSocket, service: string, name: string, msg: unknown): void {
    this.send(socket, { name, microserviceName: service, msg });
  }

  private send(socket: WebSocket, frame: Record<string, unknown>): void {
    if (socket.readyState !== socket.OPEN) return;
    socket.send(JSON.stringify(frame));
  }
}

function cookiePlatform(req: IncomingMessage): string | null {
  return /(?:^|;\s*)platform=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? null;
}
