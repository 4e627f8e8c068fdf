import type { OrderFailReason } from '@app/contract';
import type { Cents } from '@app/robot';
import type { PlaceAnswer } from '../broker-adapter.ts';
import type { LedgerView } from '../ledger-view.ts';
import {
  QuadcodeApiError,
  QuadcodeNoAnswerError,
  type QuadcodeConnection,
} from './quadcode-connection.ts';
import { OPTION_INSTRUMENTS } from './quadcode-options.ts';

// Positions as the platform reports them, its refusals in our words, and the reconciliation of
// an opening whose answer never came.

/** A failed order with the platform's own word on it (the feed shows it on real orders). */
export function refusal(err: unknown): PlaceAnswer {
  return {
    ok: false,
    error: quadcodeReason(err),
    ...(err instanceof QuadcodeApiError ? { brokerRef: err.code.slice(0, 80) } : {}),
  };
}

/** The platform's refusals → our reason keys (`robot.order.<key>`). */
export function quadcodeReason(err: unknown): OrderFailReason {
  if (err instanceof QuadcodeNoAnswerError)
    return err.why === 'timeout' ? 'timeout' : 'disconnected';
  if (err instanceof QuadcodeApiError) {
    if (err.code === 'authFailed') return 'authFailed';
    if (err.code === 'twoFactorRequired') return 'twoFactorRequired';
    if (err.code === 'rateLimited') return 'rateLimited';
    const text = err.code.toLowerCase();
    if (text.includes('balance') || text.includes('funds')) return 'insufficientBalance';
    if (text.includes('suspend') || text.includes('closed')) return 'marketClosed';
    if (text.includes('minimum') || text.includes('min amount')) return 'stakeBelowMin';
    if (text.includes('maximum') || text.includes('max amount')) return 'stakeAboveMax';
    return 'rejected';
  }
  return 'unknown';
}

export interface Position {
  externalId: string;
  orderIds: string[];
  status: string;
  activeId: number;
  direction: string | null;
  investCents: Cents;
  balanceId: number;
  openTimeMs: number;
  pnlCents: Cents | null;
}

export function cents(value: unknown): Cents {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n)) throw new Error('quadcode: amount is not a number');
  return Math.round(n * 100);
}

/** A position as `portfolio.*` sends it (v3 events, v4 lists, v2 history). */
export function positionOf(raw: unknown): Position {
  const p = (raw ?? {}) as Record<string, unknown>;
  const rawEvent = (p.raw_event ?? {}) as Record<
    string,
    { order_ids?: unknown; direction?: unknown }
  >;
  const option = rawEvent.binary_options_option_changed1;
  const orderIds = Array.isArray(option?.order_ids) ? option.order_ids.map(String) : [];
  const status = String(p.status ?? '');
  const investCents = cents(p.invest ?? 0);
  let pnlCents: Cents | null = null;
  if (status === 'closed') {
    pnlCents =
      typeof p.pnl_realized === 'number'
        ? cents(p.pnl_realized)
        : cents(p.close_profit ?? 0) - investCents;
  }
  return {
    externalId: String(p.external_id ?? ''),
    orderIds,
    status,
    activeId: Number(p.active_id),
    direction: typeof option?.direction === 'string' ? option.direction : null,
    investCents,
    balanceId: Number(p.user_balance_id),
    openTimeMs: Number(p.open_time ?? 0),
    pnlCents,
  };
}

export function holds(position: Position, contractId: string): boolean {
  return position.externalId === contractId || position.orderIds.includes(contractId);
}

/** How far around the buy call an unanswered option is looked for among the positions, ms. */
const RECONCILE_WINDOW_MS = 120_000;

export interface Contract {
  contractId: string;
  pnlCents: Cents | null;
}

/** Open positions, then the latest closed ones: the platform's own word on what exists. */
export async function readPositions(
  connection: QuadcodeConnection,
): Promise<{ open: Position[]; closed: Position[] }> {
  const open = (await connection.request('portfolio.get-positions', '4.0', {
    instrument_types: OPTION_INSTRUMENTS,
    limit: 30,
    offset: 0,
  })) as { positions?: unknown[] };
  const history = (await connection.request('portfolio.get-history-positions', '2.0', {
    instrument_types: OPTION_INSTRUMENTS,
    limit: 30,
    offset: 0,
  })) as { positions?: unknown[] };
  return {
    open: (open.positions ?? []).map(positionOf),
    closed: (history.positions ?? []).map(positionOf),
  };
}

/**
 * The option opened for an order whose answer was lost, among `positions`: of one of the asset's
 * actives, the order's side, stake and balance, opened around the call, held by no other order.
 */
export async function unclaimedPosition(
  positions: readonly Position[],
  row: {
    attemptedAtMs: number | null;
    sendAtMs: number;
    direction: 'CALL' | 'PUT';
    stakeCents: number;
  },
  match: { activeIds: ReadonlySet<number>; balanceId: number },
  ledger: LedgerView,
  clientRef: string,
): Promise<string | null> {
  const { activeIds, balanceId } = match;
  const at = row.attemptedAtMs ?? row.sendAtMs;
  const side = row.direction === 'CALL' ? 'call' : 'put';
  const candidates = positions
    .filter(
      (p) =>
        activeIds.has(p.activeId) &&
        (p.direction === null || p.direction === side) &&
        p.investCents === row.stakeCents &&
        p.balanceId === balanceId &&
        Math.abs(p.openTimeMs - at) <= RECONCILE_WINDOW_MS,
    )
    .sort((a, b) => a.openTimeMs - b.openTimeMs);
  for (const p of candidates) {
    const id = p.orderIds[0] ?? p.externalId;
    if (!(await ledger.claimed(id, clientRef))) return id;
  }
  return null;
}
