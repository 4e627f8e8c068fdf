import type { AccountType, OrderFailReason } from '@app/contract';
import { normalizeAsset, type Cents } from '@app/robot';
import type { RuntimeLog } from '../../runtime-deps.ts';
import {
  ENTRY_LATE_TOLERANCE_MS,
  type AccountCheck,
  type BrokerAdapter,
  type OrderStatus,
  type PlaceAnswer,
  type PlaceRequest,
} from '../broker-adapter.ts';
import type { LedgerOrder, LedgerView } from '../ledger-view.ts';
import {
  DerivApiError,
  DerivConnection,
  DerivNoAnswerError,
  type DerivMessage,
  type DerivOpener,
} from './deriv-connection.ts';

/** What the runtime's ledger knows of an order (the adapter's memory after a restart). */
export type DerivLedgerOrder = LedgerOrder;
/** The adapter's read-only view of the order ledger, for reconciliation by client ref. */
export type DerivLedger = LedgerView;

export interface DerivBrokerOptions {
  /**
   * How to reach each account type's Deriv account (deriv-rest.ts `newApiOpener` on the new
   * API, the legacy URL and token otherwise); null when nothing is stored for it. Deriv has demo
   * (1) and real (2) only.
   */
  opener: (account: AccountType) => DerivOpener | null;
  /** `new`: the symbol field is `underlying_symbol` (migration guide); `legacy`: `symbol`. */
  api?: 'new' | 'legacy';
  /** Wait before asking again after Deriv answered `RateLimit`, ms (default 1 s). */
  rateLimitBackoffMs?: number;
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

function amountOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n)) throw new Error('deriv: amount is not a number');
  return n;
}

/** A money amount of Deriv (number or decimal text, at its currency's precision) in cents. */
export function derivCents(value: unknown): Cents {
  return Math.round(amountOf(value) * 100);
}

/**
 * Payout fraction from a proposal or a buy: profit on a win over the stake (0.87), from Deriv's
 * amounts as they are (a BTC stake of 0.00012 has no cents to divide).
 */
function payoutFraction(payout: unknown, price: unknown): number {
  const p = amountOf(payout);
  const s = amountOf(price);
  if (s <= 0) throw new Error('deriv: no price');
  return Math.round(((p - s) / s) * 10_000) / 10_000;
}

/**
 * Fractional digits of Deriv's currencies, as `website_status.currencies_config` gives them; used
 * only when that call cannot be made. Fiat 2, crypto-currencies 8 (stablecoins 2).
 */
export const DERIV_CURRENCY_DIGITS: Readonly<Record<string, number>> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  AUD: 2,
  BTC: 8,
  ETH: 8,
  LTC: 8,
  USDC: 2,
  UST: 2,
  eUSDT: 2,
  tUSDT: 2,
};

/** An amount in the account currency's own precision: 2.5 USD → 2.5; 0.000123456 BTC → 0.00012346. */
export function derivAmount(cents: Cents, digits: number): number {
  return Number((cents / 100).toFixed(Math.max(0, Math.min(digits, 12))));
}

/** Deriv's `min_contract_duration` / `max_contract_duration` ("1m", "15s", "1d") in seconds. */
export function durationSeconds(text: unknown): number | null {
  const m = /^(\d+)([smhdt])$/.exec(String(text ?? ''));
  if (!m) return null;
  const n = Number(m[1]);
  const unit = { s: 1, m: 60, h: 3_600, d: 86_400, t: 2 }[m[2] as 's' | 'm' | 'h' | 'd' | 't'];
  return n * unit;
}

/** A failed order with Deriv's own error code (the feed shows it on real orders). */
function refusal(err: unknown): PlaceAnswer {
  return {
    ok: false,
    error: reasonOf(err),
    ...(err instanceof DerivApiError ? { brokerRef: err.code } : {}),
  };
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
      case 'AccountMismatch':
        return 'accountMismatch';
      case 'NoToken':
        return 'noToken';
      case 'RateLimit':
        return 'rateLimited';
      case 'PriceMoved':
      case 'InvalidContractProposal':
        return 'priceMoved';
      case 'ContractsForValidation':
      case 'NotOffered':
        return 'notOffered';
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
 * The Deriv broker of one bot on Deriv's WebSocket API (DESIGN §7.1). On the new API each
 * account's socket comes from a one-time-password URL for the account Deriv lists with the wanted
 * type; on the legacy API from `authorize` with the account's token, whose `is_virtual` says what
 * it is. Either way the account type is Deriv's answer, and a mismatch with the bot's account
 * type refuses to trade (`accountMismatch`). Then `balance`, `contracts_for` (is the asset,
 * contract type and duration offered), `proposal` (CALL/PUT, stake basis, minutes, amount at the
 * currency's own precision from `website_status`), `buy` (retried once with a fresh proposal on
 * `PriceMoved` / `InvalidContractProposal` while the entry is still in time) and
 * `proposal_open_contract` subscribed until `is_sold`. `RateLimit` is waited out once.
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
  private readonly backoffMs: number;
  /** Fractional digits by currency, from `website_status`. */
  private readonly digits = new Map<string, number>();
  /** `contracts_for` answers by symbol, with when they were read. */
  private readonly offerings = new Map<string, { at: number; available: unknown[] }>();

  constructor(private readonly options: DerivBrokerOptions) {
    this.timeoutMs = options.timeoutMs ?? 8_000;
    this.idleMs = options.idleMs ?? 60_000;
    this.backoffMs = options.rateLimitBackoffMs ?? 1_000;
  }

  private connection(account: AccountType): DerivConnection | null {
    let c = this.connections.get(account);
    if (!c) {
      const opener = this.options.opener(account);
      if (!opener) return null;
      c = new DerivConnection(opener, this.timeoutMs, this.idleMs);
      this.connections.set(account, c);
    }
    return c;
  }

  private required(account: AccountType, call: string): DerivConnection {
    const c = this.connection(account);
    if (!c) throw new DerivApiError(call, 'NoToken');
    return c;
  }

  /** Connected to the account Deriv says is of the wanted type, else `AccountMismatch`. */
  private async opened(c: DerivConnection, account: AccountType): Promise<{ currency: string }> {
    const info = await c.open();
    if (info.real !== (account === 2)) {
      // The connection is of no use for this account type: drop it (a new token may follow).
      c.close();
      throw new DerivApiError('account', 'AccountMismatch');
    }
    return { currency: info.currency };
  }

  /** Asks once more after Deriv's `RateLimit`, having waited; a second refusal stands. */
  private async patient<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof DerivApiError) || err.code !== 'RateLimit') throw err;
      await new Promise((resolve) => setTimeout(resolve, this.backoffMs));
      return call();
    }
  }

  /** The account's balance; an account with no token stored has nothing at Deriv: 0. */
  async balance(account: AccountType): Promise<Cents> {
    const c = this.connection(account);
    if (!c) return 0;
    await this.opened(c, account);
    const reply = await this.patient(() => c.request({ balance: 1 }, 'balance'));
    return derivCents((reply.balance as { balance?: unknown } | undefined)?.balance);
  }

  async checkAccount(account: AccountType): Promise<AccountCheck> {
    try {
      const c = this.connection(account);
      if (!c) return { ok: false, error: 'noToken' };
      const { currency } = await this.opened(c, account);
      const reply = await c.request({ balance: 1 }, 'balance');
      const b = (reply.balance ?? {}) as { balance?: unknown; currency?: unknown };
      return {
        ok: true,
        real: account === 2,
        balanceCents: derivCents(b.balance),
        currency: typeof b.currency === 'string' ? b.currency : currency,
      };
    } catch (err) {
      return { ok: false, error: reasonOf(err) };
    }
  }

  /** The currency's fractional digits (Deriv's `website_status`), else the documented table. */
  private async digitsOf(c: DerivConnection, currency: string): Promise<number> {
    const known = this.digits.get(currency);
    if (known !== undefined) return known;
    let digits = DERIV_CURRENCY_DIGITS[currency] ?? 2;
    try {
      const reply = await c.request({ website_status: 1 }, 'website_status');
      const config = (
        (reply.website_status ?? {}) as { currencies_config?: Record<string, unknown> }
      ).currencies_config?.[currency] as { fractional_digits?: unknown } | undefined;
      if (typeof config?.fractional_digits === 'number') digits = config.fractional_digits;
    } catch {
      // Not served (or not now): the table stands, and the call is not asked again.
    }
    this.digits.set(currency, digits);
    return digits;
  }

  private symbolField(symbol: string): Record<string, string> {
    return this.options.api === 'legacy' ? { symbol } : { underlying_symbol: symbol };
  }

  private proposal(
    c: DerivConnection,
    currency: string,
    q: { symbol: string; direction: 'CALL' | 'PUT'; amount: number; timeframeMin: number },
  ): Promise<DerivMessage> {
    return this.patient(() =>
      c.request(
        {
          proposal: 1,
          amount: q.amount,
          basis: 'stake',
          contract_type: q.direction,
          currency,
          duration: Math.max(1, Math.round(q.timeframeMin)),
          duration_unit: 'm',
          ...this.symbolField(q.symbol),
        },
        'proposal',
      ),
    );
  }

  /**
   * Whether Deriv offers the asset (symbol), a CALL/PUT and the timeframe's duration, from
   * `contracts_for` (read again after ten minutes): null, `notOffered`, or why it could not tell.
   */
  async offered(
    asset: string,
    timeframeMin: number,
    _atMs?: number,
  ): Promise<OrderFailReason | null> {
    const symbol = derivSymbol(asset);
    if (!symbol) return 'notOffered';
    const account = this.options.account();
    const c = this.connection(account);
    if (!c) return 'noToken';
    let cached = this.offerings.get(symbol);
    if (!cached || Date.now() - cached.at > 600_000) {
      try {
        await this.opened(c, account);
        const reply = await this.patient(() =>
          c.request({ contracts_for: symbol }, 'contracts_for'),
        );
        const available = ((reply.contracts_for ?? {}) as { available?: unknown }).available;
        cached = { at: Date.now(), available: Array.isArray(available) ? available : [] };
        this.offerings.set(symbol, cached);
      } catch (err) {
        if (
          err instanceof DerivApiError &&
          ['InvalidSymbol', 'ContractsForValidation'].includes(err.code)
        ) {
          return 'notOffered';
        }
        return reasonOf(err);
      }
    }
    const seconds = Math.max(1, Math.round(timeframeMin)) * 60;
    const fits = cached.available.some((raw) => {
      const a = raw as Record<string, unknown>;
      const min = durationSeconds(a.min_contract_duration);
      const max = durationSeconds(a.max_contract_duration);
      return (
        (a.contract_type === 'CALL' || a.contract_type === 'PUT') &&
        (a.start_type === undefined || a.start_type === 'spot') &&
        min !== null &&
        max !== null &&
        min <= seconds &&
        seconds <= max
      );
    });
    return fits ? null : 'notOffered';
  }

  async payout(asset: string, timeframeMin: number): Promise<number> {
    const symbol = derivSymbol(asset);
    if (!symbol) throw new Error('deriv: asset has no Deriv symbol');
    const account = this.options.account();
    const c = this.required(account, 'proposal');
    const { currency } = await this.opened(c, account);
    const digits = await this.digitsOf(c, currency);
    const reply = await this.proposal(c, currency, {
      symbol,
      direction: 'CALL',
      amount: Number((QUOTE_STAKE / 10 ** Math.max(0, digits - 2)).toFixed(digits)),
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
    const startedAt = Date.now();
    // A fresh proposal is bought again only while the entry is in time and the call has time.
    const deadline = Math.min(
      (req.sendAtMs ?? req.openAtMs) + ENTRY_LATE_TOLERANCE_MS,
      startedAt + this.timeoutMs / 2,
    );
    for (let attempt = 0; ; attempt += 1) {
      // Until `buy` is sent nothing can have been bought: every failure fails the order.
      let proposal: { id: string; askPrice: unknown };
      try {
        const { currency } = await this.opened(c, req.account);
        const digits = await this.digitsOf(c, currency);
        const reply = await this.proposal(c, currency, {
          symbol,
          direction: req.direction,
          amount: derivAmount(req.stakeCents, digits),
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
        return refusal(err);
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
        if (!(err instanceof DerivApiError)) throw err;
        const moved = err.code === 'PriceMoved' || err.code === 'InvalidContractProposal';
        if (moved && attempt === 0 && Date.now() <= deadline) continue;
        return refusal(err);
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
