import type { AccountType, OrderFailReason } from '@app/contract';
import { normalizeAsset, type Cents } from '@app/robot';
import type { RuntimeLog } from '../../runtime-deps.ts';
import type { BrokerAdapter, OrderStatus, PlaceAnswer, PlaceRequest } from '../broker-adapter.ts';
import {
  DerivApiError,
  DerivConnection,
  DerivNoAnswerError,
  type DerivMessage,
} from './deriv-connection.ts';

/** What the runtime's ledger knows of an order (the adapter's memory after a restart). */
export interface DerivLedgerOrder {
  /** The Deriv contract id once the runtime recorded it (`orders.broker_order_id`). */
  brokerOrderId: string | null;
  asset: string;
  direction: 'CALL' | 'PUT';
  stakeCents: number;
  /** Payout fraction recorded with the order. */
  payout: number;
  /** The account the order was placed on. */
  account: AccountType;
  /** When the broker call was (or was about to be) made, Unix ms. */
  attemptedAtMs: number | null;
  sendAtMs: number;
}

/** The adapter's read-only view of the order ledger, for reconciliation by client ref. */
export interface DerivLedger {
  order(clientRef: string): Promise<DerivLedgerOrder | null>;
  /** Whether another order of this bot already holds this contract id. */
  claimed(contractId: string, clientRef: string): Promise<boolean>;
}

export interface DerivBrokerOptions {
  /** The WebSocket URL with `app_id` (deriv-connection.ts `derivUrl`). */
  url: string;
  /** The stored tokens by account type; only demo (1) and real (2) exist at Deriv. */
  tokens: Partial<Record<AccountType, string>>;
  ledger: DerivLedger;
  /** The account payout quotes are asked on (the bot's current account type). */
  account: () => AccountType;
  /** One request's time limit, ms (default 8 s: under the runtime's 10 s broker limit). */
  timeoutMs?: number;
  /** An unused connection closes after this long, ms (default 60 s). */
  idleMs?: number;
  log?: RuntimeLog;
}

/** The stake payout is quoted on (currency units) when only the payout fraction is wanted. */
const QUOTE_STAKE = 10;
/** How far around the broker call a bought contract is looked for in the statement, s. */
const RECONCILE_WINDOW_S = 120;

const FOREX = new Set([
  'AUD',
  'CAD',
  'CHF',
  'EUR',
  'GBP',
  'JPY',
  'NOK',
  'NZD',
  'PLN',
  'SEK',
  'USD',
  'MXN',
  'SGD',
]);
const CRYPTO = new Set(['BTC', 'ETH', 'LTC', 'BCH', 'XRP', 'EOS', 'DSH', 'BNB', 'ZEC']);
const DERIV_SYMBOL = /^(frx|cry|OTC_|R_|1HZ|BOOM|CRASH|JD|stpRNG|RDBEAR|RDBULL|WLD)/;

/**
 * Our asset name → Deriv's symbol: `EURUSD` → `frxEURUSD`, `BTCUSD` → `cryBTCUSD`; a name that
 * already is a Deriv symbol (`R_100`, `frxEURUSD`) is kept. OTC names (`EURUSD-OTC`) and the
 * rest have no Deriv symbol: null (the order fails with `assetUnavailable`).
 */
export function derivSymbol(asset: string): string | null {
  const trimmed = asset.trim();
  if (DERIV_SYMBOL.test(trimmed)) return trimmed;
  const name = normalizeAsset(trimmed);
  if (!/^[A-Z]{6}$/.test(name)) return null;
  const base = name.slice(0, 3);
  const quote = name.slice(3);
  if (FOREX.has(base) && FOREX.has(quote)) return `frx${name}`;
  if (CRYPTO.has(base) && quote === 'USD') return `cry${name}`;
  return null;
}

/** A money amount of Deriv (number or decimal text) in cents. */
export function derivCents(value: unknown): Cents {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n)) throw new Error('deriv: amount is not a number');
  return Math.round(n * 100);
}

/** Payout fraction from a proposal or a buy: profit on a win over the stake (0.87). */
function payoutFraction(payout: unknown, price: unknown): number {
  const p = derivCents(payout);
  const s = derivCents(price);
  if (s <= 0) throw new Error('deriv: no price');
  return Math.round(((p - s) / s) * 10_000) / 10_000;
}

/** Deriv's error codes → our reason keys (`robot.order.<key>`). */
export function reasonOf(err: unknown): OrderFailReason {
  if (err instanceof DerivNoAnswerError) return err.why === 'timeout' ? 'timeout' : 'disconnected';
  if (err instanceof DerivApiError) {
    switch (err.code) {
      case 'InvalidToken':
      case 'AuthorizationRequired':
      case 'PermissionDenied':
        return 'authFailed';
      case 'InsufficientBalance':
        return 'insufficientBalance';
      case 'MarketIsClosed':
        return 'marketClosed';
      case 'InvalidSymbol':
      case 'InvalidOfferings':
      case 'OfferingsValidationError':
        return 'assetUnavailable';
      default:
        return 'rejected';
    }
  }
  return 'unknown';
}

interface Contract {
  contractId: string;
  /** Set when Deriv says the contract is sold. */
  pnlCents: Cents | null;
}

function soldPnl(poc: Record<string, unknown>): Cents | null {
  return Number(poc.is_sold) === 1 ? derivCents(poc.profit) : null;
}

/**
 * The Deriv broker of one bot on Deriv's official WebSocket API (DESIGN §7.1): `authorize` with
 * the account's token, `balance`, `proposal` (CALL/PUT, stake basis, duration in minutes from
 * the timeframe, symbol from our asset name, currency from `authorize`), `buy` (proposal id and
 * its price) and `proposal_open_contract` subscribed until `is_sold` (profit → won/lost/draw).
 *
 * Reconciliation (`lookup` by client ref): the contract id comes from this process's memory or
 * the ledger (`orders.broker_order_id`); the contract is then asked for by id. When the buy's
 * answer never arrived (time-out, dropped socket, crash), the account's `statement` (buys, with
 * description) is searched for the contract bought for that order: same contract type and
 * symbol in the shortcode, same stake, bought around the call, held by no other order.
 */
export class DerivBroker implements BrokerAdapter {
  readonly name = 'deriv';
  private readonly connections = new Map<AccountType, DerivConnection>();
  /** Client ref → contract, for the contracts this process bought or found. */
  private readonly contracts = new Map<string, Contract>();
  private readonly timeoutMs: number;
  private readonly idleMs: number;

  constructor(private readonly options: DerivBrokerOptions) {
    this.timeoutMs = options.timeoutMs ?? 8_000;
    this.idleMs = options.idleMs ?? 60_000;
  }

  private connection(account: AccountType): DerivConnection | null {
    const token = this.options.tokens[account];
    if (!token) return null;
    let c = this.connections.get(account);
    if (!c) {
      c = new DerivConnection(this.options.url, token, this.timeoutMs, this.idleMs);
      this.connections.set(account, c);
    }
    return c;
  }

  private required(account: AccountType, call: string): DerivConnection {
    const c = this.connection(account);
    if (!c) throw new DerivApiError(call, 'NoToken');
    return c;
  }

  /** The account's balance; an account with no token stored has nothing at Deriv: 0. */
  async balance(account: AccountType): Promise<Cents> {
    const c = this.connection(account);
    if (!c) return 0;
    const reply = await c.request({ balance: 1 }, 'balance');
    return derivCents((reply.balance as { balance?: unknown } | undefined)?.balance);
  }

  private proposal(
    c: DerivConnection,
    currency: string,
    q: { symbol: string; direction: 'CALL' | 'PUT'; amount: number; timeframeMin: number },
  ): Promise<DerivMessage> {
    return c.request(
      {
        proposal: 1,
        amount: q.amount,
        basis: 'stake',
        contract_type: q.direction,
        currency,
        duration: Math.max(1, Math.round(q.timeframeMin)),
        duration_unit: 'm',
        symbol: q.symbol,
      },
      'proposal',
    );
  }

  async payout(asset: string, timeframeMin: number): Promise<number> {
    const symbol = derivSymbol(asset);
    if (!symbol) throw new Error('deriv: asset has no Deriv symbol');
    const c = this.required(this.options.account(), 'proposal');
    const { currency } = await c.open();
    const reply = await this.proposal(c, currency, {
      symbol,
      direction: 'CALL',
      amount: QUOTE_STAKE,
      timeframeMin,
    });
    const p = (reply.proposal ?? {}) as { payout?: unknown; ask_price?: unknown };
    return payoutFraction(p.payout, p.ask_price);
  }

  async placeOrder(req: PlaceRequest): Promise<PlaceAnswer> {
    const known = await this.knownContract(req.clientRef);
    if (known) {
      const row = await this.options.ledger.order(req.clientRef);
      return {
        ok: true,
        brokerOrderId: known.contractId,
        payout: row?.payout ?? 0,
        balanceCents: null,
      };
    }
    const c = this.connection(req.account);
    if (!c) return { ok: false, error: 'noToken' };
    const symbol = derivSymbol(req.asset);
    if (!symbol) return { ok: false, error: 'assetUnavailable' };

    // Until `buy` is sent nothing can have been bought: every failure fails the order.
    const startedAt = Date.now();
    let proposal: { id: string; askPrice: unknown };
    try {
      const { currency } = await c.open();
      const reply = await this.proposal(c, currency, {
        symbol,
        direction: req.direction,
        amount: req.stakeCents / 100,
        timeframeMin: req.timeframeMin,
      });
      const p = (reply.proposal ?? {}) as { id?: unknown; ask_price?: unknown };
      if (typeof p.id !== 'string') return { ok: false, error: 'rejected' };
      proposal = { id: p.id, askPrice: p.ask_price };
    } catch (err) {
      this.options.log?.error(
        { err: { name: (err as Error).name, reason: reasonOf(err) } },
        'deriv: proposal failed',
      );
      return { ok: false, error: reasonOf(err) };
    }

    // A buy started this late could outlast the runtime's broker limit: fail it cleanly instead.
    if (Date.now() - startedAt > this.timeoutMs / 2) return { ok: false, error: 'timeout' };
    let bought: DerivMessage;
    try {
      bought = await c.request(
        {
          buy: proposal.id,
          price: Number(proposal.askPrice),
          passthrough: { client_ref: req.clientRef },
        },
        'buy',
      );
    } catch (err) {
      // Deriv refused the buy: nothing was bought. No answer: unknown, reconciled by lookup.
      if (err instanceof DerivApiError) return { ok: false, error: reasonOf(err) };
      throw err;
    }
    const b = (bought.buy ?? {}) as {
      contract_id?: unknown;
      buy_price?: unknown;
      payout?: unknown;
      balance_after?: unknown;
    };
    const contractId = String(b.contract_id);
    const contract: Contract = { contractId, pnlCents: null };
    this.contracts.set(req.clientRef, contract);
    this.watch(c, contract);
    return {
      ok: true,
      brokerOrderId: contractId,
      payout: payoutFraction(b.payout, b.buy_price),
      balanceCents: b.balance_after === undefined ? null : derivCents(b.balance_after),
    };
  }

  /** Follows a contract until it is sold (`proposal_open_contract` stream); a drop ends it. */
  private watch(c: DerivConnection, contract: Contract): void {
    let reqId: number | null = null;
    let subscriptionId: string | undefined;
    const onUpdate = (msg: DerivMessage | null): void => {
      if (!msg) return; // socket gone: lookup asks again by contract id
      if (msg.error) return;
      subscriptionId = msg.subscription?.id ?? subscriptionId;
      const poc = (msg.proposal_open_contract ?? {}) as Record<string, unknown>;
      const pnl = soldPnl(poc);
      if (pnl !== null) {
        contract.pnlCents = pnl;
        if (reqId !== null) c.endStream(reqId, subscriptionId);
      }
    };
    c.subscribe(
      { proposal_open_contract: 1, contract_id: Number(contract.contractId) },
      'proposal_open_contract',
      onUpdate,
    )
      .then(({ reply, reqId: id }) => {
        reqId = id;
        onUpdate(reply);
      })
      .catch(() => undefined);
  }

  /** The contract of a client ref this process knows, or the one the ledger recorded. */
  private async knownContract(clientRef: string): Promise<Contract | null> {
    const mine = this.contracts.get(clientRef);
    if (mine) return mine;
    const row = await this.options.ledger.order(clientRef);
    if (!row?.brokerOrderId) return null;
    const found: Contract = { contractId: row.brokerOrderId, pnlCents: null };
    this.contracts.set(clientRef, found);
    return found;
  }

  /** `atMs` is not needed: Deriv says whether the contract is sold. */
  async lookup(clientRef: string, _atMs?: number): Promise<OrderStatus> {
    const row = await this.options.ledger.order(clientRef);
    const account = row?.account ?? this.options.account();
    let contract = await this.knownContract(clientRef);
    if (!contract) {
      if (!row) return { status: 'missing' };
      const found = await this.searchStatement(row, clientRef);
      if (!found) return { status: 'missing' };
      contract = { contractId: found, pnlCents: null };
      this.contracts.set(clientRef, contract);
    }
    if (contract.pnlCents === null) {
      const reply = await this.required(account, 'proposal_open_contract').request(
        { proposal_open_contract: 1, contract_id: Number(contract.contractId) },
        'proposal_open_contract',
      );
      contract.pnlCents = soldPnl((reply.proposal_open_contract ?? {}) as Record<string, unknown>);
    }
    if (contract.pnlCents === null) return { status: 'open', brokerOrderId: contract.contractId };
    this.contracts.delete(clientRef);
    return {
      status: 'settled',
      brokerOrderId: contract.contractId,
      pnlCents: contract.pnlCents,
      balanceCents: null,
    };
  }

  /** The contract bought for an order whose buy answer was lost, from the account's statement. */
  private async searchStatement(row: DerivLedgerOrder, clientRef: string): Promise<string | null> {
    const symbol = derivSymbol(row.asset);
    if (!symbol) return null;
    const at = Math.floor((row.attemptedAtMs ?? row.sendAtMs) / 1000);
    const reply = await this.required(row.account, 'statement').request(
      {
        statement: 1,
        description: 1,
        action_type: 'buy',
        date_from: at - RECONCILE_WINDOW_S,
        limit: 100,
      },
      'statement',
    );
    const list = ((reply.statement ?? {}) as { transactions?: unknown }).transactions;
    const prefix = `${row.direction}_${symbol.toUpperCase()}_`;
    const candidates = (Array.isArray(list) ? list : [])
      .map((t) => t as Record<string, unknown>)
      .filter(
        (t) =>
          String(t.shortcode ?? '')
            .toUpperCase()
            .startsWith(prefix) &&
          Math.abs(derivCents(t.amount ?? 0)) === row.stakeCents &&
          Math.abs(Number(t.purchase_time ?? t.transaction_time) - at) <= RECONCILE_WINDOW_S &&
          t.contract_id !== undefined,
      )
      .sort((a, b) => Number(a.purchase_time) - Number(b.purchase_time));
    for (const t of candidates) {
      const id = String(t.contract_id);
      if (!(await this.options.ledger.claimed(id, clientRef))) return id;
    }
    return null;
  }

  close(): Promise<void> {
    for (const c of this.connections.values()) c.close();
    this.connections.clear();
    return Promise.resolve();
  }
}
