import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** One frame the fake received, parsed (tests check what the adapter sent). */
export type Frame = Record<string, unknown> & { req_id?: number };

export interface FakeAccount {
  loginid: string;
  currency: string;
  balance: number;
  /** Deriv's `is_virtual`: a demo account. Legacy tokens: a `VRTC` login id is virtual. */
  virtual: boolean;
}

/** One reply the fake sent, parsed (the schema test checks each against Deriv's schemas). */
export type Reply = Record<string, unknown> & { msg_type: string };

/** Fractional digits of the fake's currencies (Deriv's `website_status.currencies_config`). */
const DIGITS: Record<string, number> = { USD: 2, EUR: 2, BTC: 8, ETH: 8 };
const round = (x: number, digits: number) => Number(x.toFixed(digits));

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

/**
 * What the next REST call of a kind answers instead of its data, as Deriv's gateway does: 429
 * (rate limit), 500, 504 (`Gateway timeout - Upstream service timeout`) in Deriv's error shape,
 * and 502/503 as a proxy's page that is not JSON.
 */
export type RestFault = { status: 429 | 500 | 502 | 503 | 504 };

/** What the next frame of a call does instead of a normal answer. */
export type Fault =
  | { kind: 'error'; code: string; message: string }
  /** Never answered (the adapter's time-out). */
  | { kind: 'silent' }
  /** The socket drops on receipt (for `buy`: after the contract was bought). */
  | { kind: 'drop' };

const msgTypeOf = (f: Frame): string =>
  [
    'authorize',
    'balance',
    'proposal_open_contract',
    'proposal',
    'buy',
    'statement',
    'forget',
    'contracts_for',
    'website_status',
  ].find((k) => k in f) ?? 'unknown';

/**
 * A local fake of Deriv for tests, both APIs. New API: REST `GET /trading/v1/options/accounts`
 * and `POST …/accounts/{id}/otp` (Bearer token, `Deriv-App-ID`), OAuth `POST /oauth2/token`
 * (authorization code with PKCE), and OTP WebSockets on `/trading/v1/options/ws/demo|real`
 * (authorised by the URL), with accounts `active` or `inactive` and the gateway's 429, 5xx and
 * 504 (`restFaults`). Legacy: `/websockets/v3` with `authorize`. On the socket: `balance`,
 * `website_status` (legacy only: the new API has none), `contracts_for`, `proposal`
 * (`underlying_symbol` or legacy `symbol`), `buy`,
 * `proposal_open_contract` (one-off or subscribed), `statement` and `forget`, in Deriv's shapes
 * (replies echo `req_id`; errors are `{ error: { code, message } }`). Contracts settle when the
 * test says (`settle`), which pushes the sold contract to its subscribers.
 */
export class FakeDeriv {
  readonly frames: Frame[] = [];
  readonly replies: Reply[] = [];
  /** The frames and replies of OTP (new-API) sockets alone. */
  readonly newApiFrames: Frame[] = [];
  readonly newApiReplies: Reply[] = [];
  private readonly otpSockets = new WeakSet<WebSocket>();
  /** Personal access / OAuth tokens of the new API → the account ids they reach. */
  readonly tokens = new Map<string, string[]>();
  /** Deriv's `status` of each new-API account (`active` unless a test says `inactive`). */
  readonly statuses = new Map<string, 'active' | 'inactive'>();
  /** REST answers sent (the schema test checks each against the new API's shapes). */
  readonly restReplies: { path: string; status: number; body: unknown }[] = [];
  /** REST faults by call (`accounts` list, `otp` issue); each is used once. */
  readonly restFaults = new Map<'accounts' | 'otp', RestFault>();
  /** Symbols Deriv does not offer (`contracts_for` answers `InvalidSymbol`). */
  readonly unoffered = new Set<string>();
  /** REST calls received: method, path, and whether the app id header came. */
  readonly rest: { method: string; path: string; appId: string | null; token: string | null }[] =
    [];
  private readonly otps = new Map<string, string>();
  /** Proposals quoted, by Deriv-shaped id (32 hex characters): what a `buy` of it buys. */
  private readonly proposals = new Map<
    string,
    { contractType: string; symbol: string; amount: number; duration: number }
  >();
  private readonly codes = new Map<
    string,
    { challenge: string; token: string; redirect: string }
  >();
  readonly contracts = new Map<number, FakeContract>();
  readonly accounts = new Map<string, FakeAccount>();
  /** Faults by call name; each is used once. */
  readonly faults = new Map<string, Fault>();
  /** Symbols offered for 15 minutes and more only (a 1-minute signal is not offered). */
  readonly longOnly = new Set<string>();
  /** Payout fraction of every proposal. */
  payoutFraction = 0.85;
  /** Seconds an OAuth access token lives (`expires_in`); a REST call with it later is 401. */
  accessTokenLifetimeS = 3600;
  /** Whether the token endpoint gives a refresh token with the access token. */
  issueRefreshTokens = true;
  /** OAuth access tokens → when they run out (Unix s); personal access tokens do not. */
  readonly expiries = new Map<string, number>();
  /** Refresh tokens → the access token they were issued with (rotated on every use). */
  readonly refreshTokens = new Map<string, string>();
  /** The fake's clock (Unix s) for purchase times; tests tie it to their clock. */
  nowS: () => number = () => Math.floor(Date.now() / 1000);
  connections = 0;
  private readonly sockets = new Set<WebSocket>();
  private readonly subscribers = new Map<
    number,
    { socket: WebSocket; reqId: number; id: string; newApi: boolean }[]
  >();
  private readonly waiters: { type: string; resolve: (f: Frame) => void }[] = [];
  private nextId = 5000;

  private constructor(
    private readonly http: Server,
    private readonly server: WebSocketServer,
  ) {}

  static async start(): Promise<FakeDeriv> {
    const http = createServer();
    const server = new WebSocketServer({ noServer: true });
    const fake = new FakeDeriv(http, server);
    http.on('request', (req, res) => {
      void fake.onRest(req).then(({ status, body, raw }) => {
        const path = new URL(req.url ?? '/', 'http://fake').pathname;
        fake.restReplies.push({ path, status, body: raw ?? body });
        res.writeHead(status, {
          'content-type': raw === undefined ? 'application/json' : 'text/html',
        });
        res.end(raw ?? JSON.stringify(body));
      });
    });
    http.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let account: string | null = null;
      if (url.pathname.startsWith('/trading/v1/options/ws/')) {
        account = fake.otps.get(url.searchParams.get('otp') ?? '') ?? null;
        fake.otps.delete(url.searchParams.get('otp') ?? '');
        if (!account) {
          socket.destroy();
          return;
        }
      } else if (url.pathname !== '/websockets/v3') {
        socket.destroy();
        return;
      }
      server.handleUpgrade(req, socket, head, (ws) =>
        fake.onConnection(ws, req.url ?? '', account),
      );
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  private get port(): number {
    return (this.http.address() as AddressInfo).port;
  }

  /** The legacy WebSocket endpoint. */
  get url(): string {
    return `ws://127.0.0.1:${this.port}/websockets/v3`;
  }

  /** The new API's REST base (accounts, OTP) and OAuth token endpoint's host. */
  get restUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A new-API token (personal access or OAuth) and the accounts Deriv lists for it. */
  addToken(
    token: string,
    accounts: {
      accountId: string;
      type: 'demo' | 'real';
      currency?: string;
      balance?: number;
      status?: 'active' | 'inactive';
    }[],
  ): void {
    this.tokens.set(
      token,
      accounts.map((a) => a.accountId),
    );
    for (const a of accounts) {
      this.statuses.set(a.accountId, a.status ?? 'active');
      this.accounts.set(a.accountId, {
        loginid: a.accountId,
        currency: a.currency ?? 'USD',
        balance: a.balance ?? 10_000,
        virtual: a.type === 'demo',
      });
    }
  }

  /** An authorization code Deriv would redirect back with, for a PKCE challenge and a token. */
  issueCode(code: string, challenge: string, token: string, redirect: string): void {
    this.codes.set(code, { challenge, token, redirect });
  }

  /** The query string of the last connection (the adapter's `app_id`). */
  lastQuery = '';

  /** A legacy token and its account; a login id not starting with `VRTC` is a real account. */
  addAccount(token: string, account: Partial<FakeAccount> = {}): void {
    const loginid = account.loginid ?? `VRTC${this.accounts.size + 1}`;
    this.accounts.set(token, {
      loginid,
      currency: account.currency ?? 'USD',
      balance: account.balance ?? 1000,
      virtual: account.virtual ?? loginid.startsWith('VRTC'),
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
    const account = this.accounts.get(c.token);
    const digits = DIGITS[account?.currency ?? 'USD'] ?? 2;
    c.profit =
      result === 'won' ? round(c.payout - c.buyPrice, digits) : result === 'lost' ? -c.buyPrice : 0;
    if (account) account.balance = round(account.balance + c.buyPrice + c.profit, digits);
    for (const sub of this.subscribers.get(contractId) ?? []) {
      this.reply(sub.socket, sub.reqId, 'proposal_open_contract', {
        proposal_open_contract: this.poc(c, sub.newApi),
        subscription: { id: sub.id },
      });
    }
    this.subscribers.delete(contractId);
  }

  close(): Promise<void> {
    this.dropAll();
    this.server.close();
    return new Promise((resolve) => this.http.close(() => resolve()));
  }

  /**
   * The OAuth token endpoint (RFC 6749 §4.1.3 with PKCE, and §6 refresh): a code exchange checks
   * the verifier against the challenge and the redirect URI; a refresh needs a refresh token the
   * fake issued and not yet used (each use rotates it) and the client id. The answer is the
   * access token, `token_type`, `expires_in`, `scope` and (when issued) `refresh_token`; a refusal
   * is 400 `{ error: 'invalid_grant' }` (or `invalid_request` without a client id).
   */
  private onToken(text: string): { status: number; body: unknown } {
    const form = new URLSearchParams(text);
    const refused = (error = 'invalid_grant') => ({
      status: 400,
      body: { error, error_description: 'The provided authorization grant is invalid' },
    });
    if (!form.get('client_id')) return refused('invalid_request');
    let base: string;
    if (form.get('grant_type') === 'authorization_code') {
      const issued = this.codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !issued ||
        issued.challenge !== challenge ||
        issued.redirect !== form.get('redirect_uri')
      ) {
        return refused();
      }
      this.codes.delete(form.get('code') ?? '');
      base = issued.token;
    } else if (form.get('grant_type') === 'refresh_token') {
      const old = form.get('refresh_token') ?? '';
      const from = this.refreshTokens.get(old);
      if (!from) return refused();
      this.refreshTokens.delete(old);
      base = `${from.split('~')[0]}~${randomBytes(6).toString('hex')}`;
      this.tokens.set(base, this.tokens.get(from) ?? []);
    } else {
      return refused('unsupported_grant_type');
    }
    this.expiries.set(base, this.nowS() + this.accessTokenLifetimeS);
    const refresh = this.issueRefreshTokens ? `rt-${randomBytes(12).toString('hex')}` : null;
    if (refresh) this.refreshTokens.set(refresh, base);
    return {
      status: 200,
      body: {
        access_token: base,
        token_type: 'bearer',
        expires_in: this.accessTokenLifetimeS,
        scope: 'trade',
        ...(refresh ? { refresh_token: refresh } : {}),
      },
    };
  }

  /** A REST fault's answer: Deriv's error object, or (502, 503) a proxy's HTML page. */
  private restFault(fault: RestFault, path: string, method: string) {
    if (fault.status === 502 || fault.status === 503) {
      return { status: fault.status, body: null, raw: `<html><body>${fault.status}</body></html>` };
    }
    const { code, message } = {
      429: { code: 'TooManyRequests', message: 'Rate limit exceeded' },
      500: { code: 'InternalServerError', message: 'Internal server error' },
      504: { code: 'GatewayTimeout', message: 'Upstream service timeout' },
    }[fault.status];
    return {
      status: fault.status,
      body: { errors: [{ status: fault.status, code, message }], meta: { endpoint: path, method } },
    };
  }

  private async onRest(
    req: IncomingMessage,
  ): Promise<{ status: number; body: unknown; raw?: string }> {
    const url = new URL(req.url ?? '/', 'http://fake');
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    const appId = req.headers['deriv-app-id'];
    this.rest.push({
      method: req.method ?? '',
      path: url.pathname,
      appId: typeof appId === 'string' ? appId : null,
      token: bearer,
    });
    const unauthorized = {
      status: 401,
      body: {
        errors: [{ status: 401, code: 'Unauthorized', message: 'Invalid or missing token' }],
        meta: { endpoint: url.pathname, method: req.method },
      },
    };
    if (req.method === 'POST' && url.pathname === '/oauth2/token') return this.onToken(text);
    const ids = bearer ? this.tokens.get(bearer) : undefined;
    if (!ids) return unauthorized;
    // An OAuth access token past its lifetime is refused like an unknown one.
    const expiry = bearer ? this.expiries.get(bearer) : undefined;
    if (expiry !== undefined && this.nowS() >= expiry) return unauthorized;
    if (req.method === 'GET' && url.pathname === '/trading/v1/options/accounts') {
      const fault = this.restFaults.get('accounts');
      if (fault) {
        this.restFaults.delete('accounts');
        return this.restFault(fault, '/accounts', 'GET');
      }
      return {
        status: 200,
        body: {
          data: ids.map((id) => {
            const a = this.accounts.get(id)!;
            return {
              account_id: id,
              balance: a.balance,
              currency: a.currency,
              group: 'row',
              status: this.statuses.get(id) ?? 'active',
              account_type: a.virtual ? 'demo' : 'real',
            };
          }),
          meta: { endpoint: '/accounts', method: 'GET', timing: 12 },
        },
      };
    }
    const otp = /^\/trading\/v1\/options\/accounts\/([^/]+)\/otp$/.exec(url.pathname);
    if (req.method === 'POST' && otp) {
      const id = decodeURIComponent(otp[1]!);
      if (!ids.includes(id)) return unauthorized;
      const fault = this.restFaults.get('otp');
      if (fault) {
        this.restFaults.delete('otp');
        return this.restFault(fault, '/otp', 'POST');
      }
      if (this.statuses.get(id) === 'inactive') {
        return {
          status: 403,
          body: {
            errors: [{ status: 403, code: 'AccessDenied', message: 'The account is inactive' }],
            meta: { endpoint: '/otp', method: 'POST' },
          },
        };
      }
      const code = randomBytes(8).toString('hex');
      this.otps.set(code, id);
      const kind = this.accounts.get(id)!.virtual ? 'demo' : 'real';
      return {
        status: 200,
        body: {
          data: { url: `ws://127.0.0.1:${this.port}/trading/v1/options/ws/${kind}?otp=${code}` },
          meta: { endpoint: '/otp', method: 'POST', timing: 20 },
        },
      };
    }
    return {
      status: 404,
      body: { errors: [{ status: 404, code: 'NotFound', message: 'No route' }] },
    };
  }

  private onConnection(socket: WebSocket, url: string, otpAccount: string | null): void {
    this.connections += 1;
    this.lastQuery = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    this.sockets.add(socket);
    if (otpAccount !== null) this.otpSockets.add(socket);
    // An OTP socket is authorised by its URL: it is the account the OTP was issued for.
    let token: string | null = otpAccount;
    socket.on('close', () => {
      this.sockets.delete(socket);
      if (this.sockets.size === 0) for (const done of this.idleWaiters.splice(0)) done();
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      if (otpAccount !== null) this.newApiFrames.push(frame);
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
              is_virtual: account.virtual ? 1 : 0,
              email: 'trader@example.com',
              fullname: 'Trader',
              country: 'br',
              landing_company_name: account.virtual ? 'virtual' : 'svg',
              landing_company_fullname: account.virtual ? 'Deriv Limited' : 'Deriv (SVG) LLC',
              preferred_language: 'PT',
              user_id: 1,
              scopes: ['read', 'trade'],
              account_list: [],
              local_currencies: {},
              upgradeable_landing_companies: [],
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
        this.answer(socket, token, account, type, frame, fault, otpAccount !== null);
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
    newApi: boolean,
  ): void {
    const reqId = frame.req_id ?? 0;
    const digits = DIGITS[account.currency] ?? 2;
    // The new API has no `website_status` (developers.deriv.com documents no such call).
    switch (newApi && type === 'website_status' ? 'unknown' : type) {
      case 'website_status':
        this.reply(socket, reqId, type, {
          website_status: {
            api_call_limits: {
              max_proposal_subscription: { applies_to: 'subscribing to proposal', max: 5 },
              max_requestes_general: { applies_to: 'rest of calls', hourly: 14400, minutely: 180 },
              max_requests_outcome: { applies_to: 'portfolio', hourly: 1500, minutely: 30 },
              max_requests_pricing: { applies_to: 'proposal', hourly: 3600, minutely: 80 },
            },
            clients_country: 'br',
            currencies_config: Object.fromEntries(
              Object.entries(DIGITS).map(([code, d]) => [
                code,
                {
                  fractional_digits: d,
                  is_deposit_suspended: 0,
                  is_suspended: 0,
                  is_withdrawal_suspended: 0,
                  name: code,
                  stake_default: d === 2 ? 10 : 0.0001,
                  transfer_between_accounts: {
                    fees: {},
                    limits: { min: d === 2 ? 1 : 0.0001 },
                    limits_dxtrade: {},
                    limits_mt5: {},
                  },
                  type: d === 2 ? 'fiat' : 'crypto',
                },
              ]),
            ),
            dxtrade_status: { all: 0, demo: 0, real: 0 },
            mt5_status: { demo: [], real: [] },
            payment_agents: { initial_deposit_per_country: {} },
            supported_languages: ['EN', 'PT', 'ES'],
            terms_conditions_version: 'Version 4.2.0 2020-09-16',
          },
        });
        return;
      case 'contracts_for': {
        const symbol = String(frame.contracts_for);
        if (this.unoffered.has(symbol)) {
          this.reply(socket, reqId, type, {
            error: { code: 'InvalidSymbol', message: `Symbol ${symbol} is invalid.` },
          });
          return;
        }
        const base = {
          barrier_category: 'euro_atm',
          barriers: 0,
          contract_category: 'callput',
          contract_category_display: 'Up/Down',
          exchange_name: 'FOREX',
          expiry_type: 'intraday',
          market: 'forex',
          max_contract_duration: '1d',
          min_contract_duration: '15m',
          sentiment: 'up',
          start_type: 'spot',
          submarket: 'major_pairs',
          underlying_symbol: symbol,
        };
        this.reply(socket, reqId, type, {
          contracts_for: {
            available: [
              { ...base, contract_type: 'CALL', contract_display: 'Higher' },
              { ...base, contract_type: 'PUT', contract_display: 'Lower', sentiment: 'down' },
              // Short durations only for symbols not marked long-only.
              ...(this.longOnly.has(symbol)
                ? []
                : [
                    {
                      ...base,
                      contract_type: 'CALL',
                      contract_display: 'Higher',
                      min_contract_duration: '1m',
                      max_contract_duration: '15m',
                    },
                  ]),
            ],
            hit_count: 3,
          },
        });
        return;
      }
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
        const symbol = frame.underlying_symbol ?? frame.symbol;
        const payout = round(amount * (1 + this.payoutFraction), digits);
        // Deriv's proposal ids match ^[\w-]{32,128}$ (its buy schema).
        const id = randomBytes(16).toString('hex');
        this.proposals.set(id, {
          contractType: String(frame.contract_type),
          symbol: String(symbol),
          amount,
          duration: Number(frame.duration),
        });
        this.reply(socket, reqId, type, {
          proposal: {
            id,
            ask_price: amount,
            payout,
            display_value: amount.toFixed(2),
            longcode: `Win payout if ${symbol} ends ${frame.contract_type === 'CALL' ? 'higher' : 'lower'}.`,
            spot: 1.1,
            spot_time: this.nowS(),
            date_start: this.nowS(),
          },
        });
        return;
      }
      case 'buy': {
        const quoted = this.proposals.get(String(frame.buy));
        if (!quoted) {
          this.reply(socket, reqId, type, {
            error: {
              code: 'InvalidContractProposal',
              message: 'Proposal ID does not exist or has expired.',
            },
          });
          return;
        }
        const { contractType, symbol, amount, duration } = quoted;
        const buyPrice = amount;
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
          payout: round(buyPrice * (1 + this.payoutFraction), digits),
          purchaseTime: this.nowS(),
          duration: Number(duration),
          token,
          isSold: false,
          profit: 0,
        };
        this.contracts.set(c.contractId, c);
        account.balance = round(account.balance - buyPrice, digits);
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
          list.push({ socket, reqId, id, newApi });
          this.subscribers.set(c.contractId, list);
          this.reply(socket, reqId, type, {
            proposal_open_contract: this.poc(c, newApi),
            subscription: { id },
          });
          return;
        }
        this.reply(socket, reqId, type, { proposal_open_contract: this.poc(c, newApi) });
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

  /**
   * An open or sold contract. The new API's migration notes: `payout` is always a string,
   * `sell_price` is null or a string (legacy: a number, absent until sold), `buy_price` and
   * `profit` may be either.
   */
  private poc(c: FakeContract, newApi = false): Record<string, unknown> {
    const account = this.accounts.get(c.token);
    const digits = DIGITS[account?.currency ?? 'USD'] ?? 2;
    if (newApi) {
      return {
        contract_id: c.contractId,
        contract_type: c.contractType,
        currency: account?.currency ?? 'USD',
        underlying: c.symbol,
        buy_price: c.buyPrice,
        payout: c.payout.toFixed(digits),
        is_sold: c.isSold ? 1 : 0,
        is_expired: c.isSold ? 1 : 0,
        status: c.isSold ? (c.profit > 0 ? 'won' : c.profit < 0 ? 'lost' : 'sold') : 'open',
        profit: c.profit.toFixed(digits),
        sell_price: c.isSold ? round(c.buyPrice + c.profit, digits).toFixed(digits) : null,
        date_start: c.purchaseTime,
        date_expiry: c.purchaseTime + c.duration * 60,
      };
    }
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
      // Deriv's schema: a number, absent until the contract is sold.
      ...(c.isSold ? { sell_price: c.buyPrice + c.profit } : {}),
      date_start: c.purchaseTime,
      date_expiry: c.purchaseTime + c.duration * 60,
    };
  }

  private reply(socket: WebSocket, reqId: number, msgType: string, body: object): void {
    if (socket.readyState !== socket.OPEN) return;
    const message = { ...body, msg_type: msgType, req_id: reqId, echo_req: {} };
    this.replies.push(message);
    if (this.otpSockets.has(socket)) this.newApiReplies.push(message);
    socket.send(JSON.stringify(message));
  }
}
