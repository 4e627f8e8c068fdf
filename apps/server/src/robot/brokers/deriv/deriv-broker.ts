import type { OrderFailReason } from '@app/contract';
import {
  ENTRY_LATE_TOLERANCE_MS,
  type BrokerAdapter,
  type OrderStatus,
  type PlaceAnswer,
  type PlaceRequest,
} from '../broker-adapter.ts';
import type { LedgerOrder, LedgerView } from '../ledger-view.ts';
import { DerivApiError, type DerivMessage } from './deriv-connection.ts';
import { DerivAccounts } from './deriv-accounts.ts';
import { searchStatement, soldPnl, watchContract, type Contract } from './deriv-contracts.ts';
import {
  derivAmount,
  derivCents,
  derivSymbol,
  offersDuration,
  payoutFraction,
  reasonOf,
  refusal,
} from './deriv-values.ts';

// Deriv's terms (symbols, amounts, error codes) live in deriv-values.ts, reaching the accounts in
// deriv-accounts.ts, contracts and the statement in deriv-contracts.ts.
export { derivSymbol } from './deriv-values.ts';
export type { DerivBrokerOptions } from './deriv-accounts.ts';

/** What the runtime's ledger knows of an order (the adapter's memory after a restart). */
export type DerivLedgerOrder = LedgerOrder;
/** The adapter's read-only view of the order ledger, for reconciliation by client ref. */
export type DerivLedger = LedgerView;

/** The stake payout is quoted on (currency units) when only the payout fraction is wanted. */
const QUOTE_STAKE = 10;

/**
 * The Deriv broker of one bot on Deriv's WebSocket API (DESIGN §7.1). On the new API each
 * account's socket comes from a one-time-password URL for the account Deriv lists with the wanted
 * type; on the legacy API from `authorize` with the account's token, whose `is_virtual` says what
 * it is. Either way the account type is Deriv's answer, and a mismatch with the bot's account
 * type refuses to trade (`accountMismatch`). Then `balance`, `contracts_for` (is the asset,
 * contract type and duration offered), `proposal` (CALL/PUT, stake basis, minutes, amount at the
 * currency's own precision), `buy` (retried once with a fresh proposal on
 * `PriceMoved` / `InvalidContractProposal` while the entry is still in time) and
 * `proposal_open_contract` subscribed until `is_sold`. `RateLimit` is waited out once.
 *
 * Reconciliation (`lookup` by client ref): the contract id comes from this process's memory or
 * the ledger (`orders.broker_order_id`); the contract is then asked for by id. When the buy's
 * answer never arrived (time-out, dropped socket, crash), the account's `statement` (buys, with
 * description) is searched for the contract bought for that order: same contract type and
 * symbol in the shortcode, same stake, bought around the call, held by no other order.
 */
export class DerivBroker extends DerivAccounts implements BrokerAdapter {
  readonly name = 'deriv';
  /** Client ref → contract, for the contracts this process bought or found. */
  private readonly contracts = new Map<string, Contract>();
  /** `contracts_for` answers by symbol, with when they were read. */
  private readonly offerings = new Map<string, { at: number; available: unknown[] }>();

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
    return offersDuration(cached.available, timeframeMin) ? null : 'notOffered';
  }

  async payout(asset: string, timeframeMin: number): Promise<number> {
    const symbol = derivSymbol(asset);
    if (!symbol) throw new Error('deriv: asset has no Deriv symbol');
    const account = this.options.account();
    const c = this.required(account, 'proposal');
    const { currency } = await this.opened(c, account);
    const digits = this.digitsOf(currency);
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
        const digits = this.digitsOf(currency);
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
      // Never sent late: past the entry's tolerance nothing is bought.
      const now = this.options.now?.();
      if (now !== undefined && now > (req.sendAtMs ?? req.openAtMs) + ENTRY_LATE_TOLERANCE_MS) {
        return { ok: false, error: 'missed' };
      }
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
      watchContract(c, contract);
      return {
        ok: true,
        brokerOrderId: contractId,
        payout: payoutFraction(b.payout, b.buy_price),
        balanceCents: b.balance_after === undefined ? null : derivCents(b.balance_after),
      };
    }
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
      const found = await searchStatement(
        this.required(row.account, 'statement'),
        this.options.ledger,
        row,
        clientRef,
      );
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
}
