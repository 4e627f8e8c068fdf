import { AccountType } from '@app/contract';
import type { PlaceRequest } from '../robot/brokers/broker-adapter.ts';
import type { LedgerOrder, LedgerView } from '../robot/brokers/ledger-view.ts';

/** A ledger with nothing in it: an adapter finds no earlier attempt of any order. */
export const emptyLedger: LedgerView = {
  order: () => Promise.resolve<LedgerOrder | null>(null),
  claimed: () => Promise.resolve(false),
};

/** The ledger the runtime would keep, in memory: what an adapter may read back. */
export function memoryLedger() {
  const rows = new Map<string, LedgerOrder>();
  const ledger: LedgerView = {
    order: (ref) => Promise.resolve(rows.get(ref) ?? null),
    claimed: (id, ref) =>
      Promise.resolve([...rows].some(([r, o]) => r !== ref && o.brokerOrderId === id)),
  };
  return { rows, ledger };
}

let seq = 0;
/**
 * An order as the runtime asks a broker to place it, with a client ref of its own: EURUSD CALL,
 * 2,00 on the demo account, M1, opened at `openAtMs` (now) and expiring a minute later; `over`
 * changes any field.
 */
export function placeRequest(over: Partial<PlaceRequest> = {}): PlaceRequest {
  seq += 1;
  const now = Date.now();
  return {
    clientRef: `s${seq}-1`,
    asset: 'EURUSD',
    direction: 'CALL',
    stakeCents: 200,
    account: AccountType.demo,
    timeframeMin: 1,
    openAtMs: now,
    expiresAtMs: now + 60_000,
    ...over,
  };
}
