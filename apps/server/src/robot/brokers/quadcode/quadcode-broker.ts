import { AccountType, isReal, type OrderFailReason } from '@app/contract';
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
  QuadcodeApiError,
  QuadcodeConnection,
  type QuadcodePlatform,
} from './quadcode-connection.ts';
import { balanceOf } from './quadcode-balances.ts';
import { activesOf, findOffering, openingBody, optionKinds } from './quadcode-options.ts';
import { acknowledgedPayout, payoutOfCommission } from './quadcode-payout.ts';
import {
  holds,
  positionOf,
  quadcodeReason,
  readPositions,
  refusal,
  unclaimedPosition,
  type Contract,
  type Position,
} from './quadcode-positions.ts';

// What the platform offers lives in quadcode-options.ts, positions and their reconciliation in
// quadcode-positions.ts, balances in quadcode-balances.ts, the payout's encoding in
// quadcode-payout.ts, the login and its limits in quadcode-login.ts; the tests read them here.
export { expirationAt, optionKinds } from './quadcode-options.ts';
export type { QuadcodePlatform } from './quadcode-connection.ts';
export { TIME_SYNC_SILENCE_MS } from './quadcode-connection.ts';
export { LOGIN_BACKOFF_FIRST_MS, MAX_REFUSED_LOGINS } from './quadcode-login.ts';
export { payoutOfIncome } from './quadcode-payout.ts';

export interface QuadcodeBrokerOptions {
  platform: QuadcodePlatform;
  /** The broker card's login (SPEC §2): exactly what the platform's login takes. */
  email: string;
  password: string;
  ledger: LedgerView;
  /** The account payout quotes are asked on (the bot's current account type). */
  account: () => AccountType;
  /** The global settings' option type (1 Binárias … 6), read at each call. */
  optionType: () => number;
  timeoutMs?: number;
  idleMs?: number;
  log?: RuntimeLog;
}

/**
 * A broker of the Quadcode platform family (IQ Option and its white labels) on the platform's
 * documented WebSocket protocol (see quadcode-connection.ts): balances by type (real 1, demo 4),
 * actives of binary, turbo and blitz options from the initialization data (payout = 100 −
 * commission), `binary-options.open-option` to buy, results from `portfolio.position-changed`
 * and, after a lost connection, from the positions and their history.
 *
 * The platform takes no idempotency key: an opening whose answer never came is reconciled by
 * looking for a position of that active, direction, stake and balance opened around the call and
 * held by no other order; it is never opened a second time.
 */
export class QuadcodeBroker implements BrokerAdapter {
  readonly name: string;
  private readonly connection: QuadcodeConnection;
  private readonly contracts = new Map<string, Contract>();
  /** Accounts whose type and balance were read from the platform in this adapter's life. */
  private readonly verified = new Set<AccountType>();

  constructor(private readonly options: QuadcodeBrokerOptions) {
    this.name = `quadcode:${options.platform.brokerId}`;
    this.connection = new QuadcodeConnection(
      options.platform,
      { email: options.email, password: options.password },
      (event) => this.onEvent(event),
      options.timeoutMs ?? 8_000,
      options.idleMs ?? 60_000,
    );
    this.connection.followPositions();
  }

  private onEvent(event: { service: string; name: string; msg: unknown }): void {
    if (event.service !== 'portfolio' || event.name !== 'position-changed') return;
    const position = positionOf(event.msg);
    if (position.pnlCents === null) return;
    for (const contract of this.contracts.values()) {
      if (holds(position, contract.contractId)) contract.pnlCents = position.pnlCents;
    }
  }

  private balanceOf(account: AccountType) {
    return balanceOf(this.connection, account);
  }

  /** The account's balance at the platform; a tournament account does not exist there: 0. */
  async balance(account: AccountType): Promise<Cents> {
    return (await this.balanceOf(account))?.amountCents ?? 0;
  }

  /** Reads the account's type and balance from the platform itself (the real-money check). */
  async checkAccount(account: AccountType): Promise<AccountCheck> {
    try {
      const b = await this.balanceOf(account);
      if (!b) return { ok: false, error: 'accountMismatch' };
      return { ok: true, real: b.type === 1, balanceCents: b.amountCents, currency: b.currency };
    } catch (err) {
      return { ok: false, error: quadcodeReason(err) };
    }
  }

  private initialization(): Promise<unknown> {
    return this.connection.request('binary-options.get-initialization-data', '3.0', {});
  }

  async offered(
    asset: string,
    timeframeMin: number,
    atMs: number,
  ): Promise<OrderFailReason | null> {
    const offering = findOffering(
      await this.initialization(),
      asset,
      timeframeMin,
      optionKinds(this.options.optionType()),
      atMs,
    );
    return offering.ok ? null : offering.error;
  }

  async payout(asset: string, timeframeMin: number): Promise<number> {
    const offering = findOffering(
      await this.initialization(),
      asset,
      timeframeMin,
      optionKinds(this.options.optionType()),
      this.connection.now(),
    );
    if (!offering.ok) throw new Error(`quadcode: ${offering.error}`);
    const payout = payoutOfCommission(offering.active.commissionPct);
    // Refused rather than planned on: the signal is refused `broker_unavailable`.
    if (payout === null) throw new Error('quadcode: implausible payout');
    return payout;
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
    // Until the opening is sent nothing can have been bought: every failure fails the order.
    let body: Record<string, unknown>;
    try {
      await this.connection.open();
      const balance = await this.balanceOf(req.account);
      if (!balance) return { ok: false, error: 'accountMismatch' };
      if (isReal(req.account) && !this.verified.has(AccountType.real)) {
        // Before the first real order: the platform itself says this is the real balance.
        if (balance.type !== 1) return { ok: false, error: 'accountMismatch' };
        this.verified.add(AccountType.real);
      }
      if (balance.amountCents < req.stakeCents) return { ok: false, error: 'insufficientBalance' };
      const nowMs = Math.max(this.connection.now(), req.openAtMs);
      const offering = findOffering(
        await this.initialization(),
        req.asset,
        req.timeframeMin,
        optionKinds(this.options.optionType()),
        nowMs,
      );
      if (!offering.ok) return { ok: false, error: offering.error };
      if (payoutOfCommission(offering.active.commissionPct) === null) {
        return { ok: false, error: 'payoutImplausible' };
      }
      body = openingBody(offering, req, balance.id, nowMs);
    } catch (err) {
      this.options.log?.error(
        { err: { name: (err as Error).name, reason: quadcodeReason(err) } },
        'quadcode: quote failed',
      );
      return refusal(err);
    }
    // Never sent late: a login or quote that ran past the entry's tolerance (by the platform's
    // clock) fails the order before the opening goes out.
    if (this.connection.now() > (req.sendAtMs ?? req.openAtMs) + ENTRY_LATE_TOLERANCE_MS) {
      return { ok: false, error: 'missed' };
    }
    let msg: unknown;
    try {
      msg = await this.connection.request('binary-options.open-option', '2.0', body, {
        opens: true,
      });
    } catch (err) {
      // The platform refused: nothing was bought. No answer: unknown, reconciled by lookup.
      if (err instanceof QuadcodeApiError) return refusal(err);
      throw err;
    }
    const option = (msg ?? {}) as { id?: unknown; profit_income?: unknown };
    const contractId = String(option.id);
    this.contracts.set(req.clientRef, { contractId, pnlCents: null });
    return {
      ok: true,
      brokerOrderId: contractId,
      payout: acknowledgedPayout(option.profit_income, Number(body.profit_percent), (income) =>
        this.options.log?.error(
          { broker: this.name, profit_income: income },
          'quadcode: implausible profit_income in an acknowledgement; the quoted payout is kept',
        ),
      ),
      balanceCents: null,
    };
  }

  private async knownContract(clientRef: string): Promise<Contract | null> {
    const mine = this.contracts.get(clientRef);
    if (mine) return mine;
    const row = await this.options.ledger.order(clientRef);
    if (!row?.brokerOrderId) return null;
    const found: Contract = { contractId: row.brokerOrderId, pnlCents: null };
    this.contracts.set(clientRef, found);
    return found;
  }

  async lookup(clientRef: string, _atMs?: number): Promise<OrderStatus> {
    const row = await this.options.ledger.order(clientRef);
    let contract = await this.knownContract(clientRef);
    if (contract?.pnlCents == null) {
      const { open, closed } = await readPositions(this.connection);
      if (!contract) {
        if (!row) return { status: 'missing' };
        const found = await this.searchPositions(row, clientRef, [...open, ...closed]);
        if (!found) return { status: 'missing' };
        contract = { contractId: found, pnlCents: null };
        this.contracts.set(clientRef, contract);
      }
      const id = contract.contractId;
      const settled = closed.find((p) => holds(p, id) && p.pnlCents !== null);
      if (settled) contract.pnlCents = settled.pnlCents;
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

  /** The option opened for an order whose answer was lost: same active, side, stake, balance. */
  private async searchPositions(
    row: LedgerOrder,
    clientRef: string,
    positions: Position[],
  ): Promise<string | null> {
    const balance = await this.balanceOf(row.account);
    if (!balance) return null;
    const init = await this.initialization();
    const key = normalizeAsset(row.asset);
    const activeIds = new Set(
      ['turbo', 'binary', 'blitz'].flatMap((kind) =>
        activesOf((init as Record<string, unknown>)[kind])
          .filter((a) => normalizeAsset(a.ticker) === key)
          .map((a) => a.id),
      ),
    );
    return unclaimedPosition(
      positions,
      row,
      { activeIds, balanceId: balance.id },
      this.options.ledger,
      clientRef,
    );
  }

  close(): Promise<void> {
    this.connection.close();
    return Promise.resolve();
  }
}
