import type { Cents } from '@app/robot';
import type { LedgerOrder, LedgerView } from '../ledger-view.ts';
import type { DerivConnection, DerivMessage } from './deriv-connection.ts';
import { derivCents, derivSymbol } from './deriv-values.ts';

/** How far around the broker call a bought contract is looked for in the statement, s. */
const RECONCILE_WINDOW_S = 120;

export interface Contract {
  contractId: string;
  /** Set when Deriv says the contract is sold. */
  pnlCents: Cents | null;
}

export function soldPnl(poc: Record<string, unknown>): Cents | null {
  return Number(poc.is_sold) === 1 ? derivCents(poc.profit) : null;
}

/** Follows a contract until it is sold (`proposal_open_contract` stream); a drop ends it. */
export function watchContract(c: DerivConnection, contract: Contract): void {
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

/**
 * The contract bought for an order whose buy answer was lost, from the account's `statement`
 * (buys, with description): same contract type and symbol in the shortcode, same stake, bought
 * around the call, held by no other order.
 */
export async function searchStatement(
  c: DerivConnection,
  ledger: LedgerView,
  row: LedgerOrder,
  clientRef: string,
): Promise<string | null> {
  const symbol = derivSymbol(row.asset);
  if (!symbol) return null;
  const at = Math.floor((row.attemptedAtMs ?? row.sendAtMs) / 1000);
  const reply = await c.request(
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
    if (!(await ledger.claimed(id, clientRef))) return id;
  }
  return null;
}
