import { isReal, type AccountType } from '@app/contract';
import type { Cents } from '@app/robot';
import type { RuntimeLog } from '../../runtime-deps.ts';
import type { AccountCheck } from '../broker-adapter.ts';
import type { LedgerView } from '../ledger-view.ts';
import {
  DerivApiError,
  DerivConnection,
  type DerivMessage,
  type DerivOpener,
} from './deriv-connection.ts';
import { DERIV_CURRENCY_DIGITS, derivCents, reasonOf } from './deriv-values.ts';

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
  ledger: LedgerView;
  /** The account payout quotes are asked on (the bot's current account type). */
  account: () => AccountType;
  /** One request's time limit, ms (default 8 s: under the runtime's 10 s broker limit). */
  timeoutMs?: number;
  /** An unused connection closes after this long, ms (default 60 s). */
  idleMs?: number;
  log?: RuntimeLog;
  /**
   * The runtime's clock: with it, a buy that would go out past the entry's tolerance (a slow
   * connection or proposal) is failed `missed` instead of sent.
   */
  now?: () => number;
}

/**
 * Reaching a bot's Deriv accounts (the part of {@link DerivBroker} that is not trading): one
 * connection per account type, opened only on the account Deriv says is of that type
 * (`AccountMismatch` else), `RateLimit` waited out once, balances, the account check before real
 * money, the currency's digits and price proposals.
 */
export class DerivAccounts {
  private readonly connections = new Map<AccountType, DerivConnection>();
  protected readonly timeoutMs: number;
  private readonly idleMs: number;
  private readonly backoffMs: number;

  constructor(protected readonly options: DerivBrokerOptions) {
    this.timeoutMs = options.timeoutMs ?? 8_000;
    this.idleMs = options.idleMs ?? 60_000;
    this.backoffMs = options.rateLimitBackoffMs ?? 1_000;
  }

  protected connection(account: AccountType): DerivConnection | null {
    let c = this.connections.get(account);
    if (!c) {
      const opener = this.options.opener(account);
      if (!opener) return null;
      c = new DerivConnection(opener, this.timeoutMs, this.idleMs);
      this.connections.set(account, c);
    }
    return c;
  }

  protected required(account: AccountType, call: string): DerivConnection {
    const c = this.connection(account);
    if (!c) throw new DerivApiError(call, 'NoToken');
    return c;
  }

  /** Connected to the account Deriv says is of the wanted type, else `AccountMismatch`. */
  protected async opened(c: DerivConnection, account: AccountType): Promise<{ currency: string }> {
    const info = await c.open();
    if (info.real !== isReal(account)) {
      // The connection is of no use for this account type: drop it (a new token may follow).
      c.close();
      throw new DerivApiError('account', 'AccountMismatch');
    }
    return { currency: info.currency };
  }

  /** Asks once more after Deriv's `RateLimit`, having waited; a second refusal stands. */
  protected async patient<T>(call: () => Promise<T>): Promise<T> {
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
        real: isReal(account),
        balanceCents: derivCents(b.balance),
        currency: typeof b.currency === 'string' ? b.currency : currency,
      };
    } catch (err) {
      return { ok: false, error: reasonOf(err) };
    }
  }

  /**
   * The currency's fractional digits. The new API documents no call that gives them
   * (`website_status` is not among its calls: developers.deriv.com lists ping, time,
   * trading_times and logout as its system calls), so they come from Deriv's table of currencies
   * ({@link DERIV_CURRENCY_DIGITS}); an unknown currency is taken as fiat (2).
   */
  protected digitsOf(currency: string): number {
    return DERIV_CURRENCY_DIGITS[currency] ?? 2;
  }

  private symbolField(symbol: string): Record<string, string> {
    return this.options.api === 'legacy' ? { symbol } : { underlying_symbol: symbol };
  }

  protected proposal(
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

  close(): Promise<void> {
    for (const c of this.connections.values()) c.close();
    this.connections.clear();
    return Promise.resolve();
  }
}
