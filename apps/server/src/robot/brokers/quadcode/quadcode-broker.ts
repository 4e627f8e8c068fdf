import type { AccountType, OrderFailReason } from '@app/contract';
import { normalizeAsset, type Cents } from '@app/robot';
import type { RuntimeLog } from '../../runtime-deps.ts';
import type {
  AccountCheck,
  BrokerAdapter,
  OrderStatus,
  PlaceAnswer,
  PlaceRequest,
} from '../broker-adapter.ts';
import type { LedgerOrder, LedgerView } from '../ledger-view.ts';
import {
  QuadcodeApiError,
  QuadcodeConnection,
  QuadcodeNoAnswerError,
  type QuadcodeEndpoints,
} from './quadcode-connection.ts';

/** The platform's balance types: 1 real, 4 demo (the SDK's `Balances`); no tournament account. */
const BALANCE_TYPE: Partial<Record<AccountType, number>> = { 1: 4, 2: 1 };

/** Option kinds the adapter trades, with the platform's `option_type_id`. */
type OptionKind = 'turbo' | 'binary' | 'blitz' | 'digital';
const OPTION_TYPE_ID: Record<Exclude<OptionKind, 'digital'>, number> = {
  binary: 1,
  turbo: 3,
  blitz: 12,
};
const INSTRUMENT_TYPE: Record<OptionKind, string> = {
  binary: 'binary-option',
  turbo: 'turbo-option',
  blitz: 'blitz-option',
  digital: 'digital-option',
};
const OPTION_INSTRUMENTS = [INSTRUMENT_TYPE.turbo, INSTRUMENT_TYPE.binary, INSTRUMENT_TYPE.blitz];

/**
 * The global settings' option type (SPEC §3 enumerations) as the kinds to try, in order: 1
 * Binárias, 2 Digitais, 3 Digital/Binária, 4 Blitz, 5 Digital/Blitz/Binária, 6 Binária/Digital.
 * "Binária" covers the platform's turbo (up to 5 minutes) and binary (longer) options.
 */
export function optionKinds(optionType: number): OptionKind[] {
  switch (optionType) {
    case 2:
      return ['digital'];
    case 3:
      return ['digital', 'turbo', 'binary'];
    case 4:
      return ['blitz'];
    case 5:
      return ['digital', 'blitz', 'turbo', 'binary'];
    case 6:
      return ['turbo', 'binary', 'digital'];
    default:
      return ['turbo', 'binary'];
  }
}

/** One active of `binary-options.get-initialization-data` (v3). */
interface Active {
  id: number;
  ticker: string;
  isSuspended: boolean;
  deadtimeS: number;
  expirationTimes: number[];
  commissionPct: number;
  /** Trading sessions, [from, to] Unix seconds. */
  schedule: [number, number][];
}

function activesOf(group: unknown): Active[] {
  const actives = (group as { actives?: Record<string, unknown> } | undefined)?.actives ?? {};
  return Object.values(actives).map((raw) => {
    const a = raw as Record<string, unknown>;
    const option = (a.option ?? {}) as {
      expiration_times?: unknown;
      profit?: { commission?: unknown };
    };
    return {
      id: Number(a.id),
      ticker: String(a.ticker ?? a.name ?? ''),
      isSuspended: a.is_suspended === true,
      deadtimeS: Number(a.deadtime ?? 0),
      expirationTimes: Array.isArray(option.expiration_times)
        ? option.expiration_times.map(Number)
        : [],
      commissionPct: Number(option.profit?.commission ?? 100),
      schedule: Array.isArray(a.schedule)
        ? (a.schedule as unknown[]).map((s) => {
            const pair = s as [unknown, unknown];
            return [Number(pair[0]), Number(pair[1])] as [number, number];
          })
        : [],
    };
  });
}

/** What the offering check found for an asset, timeframe and the allowed option kinds. */
export type Offering =
  | { ok: true; kind: Exclude<OptionKind, 'digital'>; active: Active; sizeS: number }
  | { ok: false; error: OrderFailReason };

/**
 * Which option the platform offers for this asset and timeframe at `atMs`: the first allowed kind
 * with an active of that ticker and an expiration of that size. An active that exists but is
 * suspended or out of its trading session is `marketClosed`; none at all is `notOffered`.
 */
export function findOffering(
  init: unknown,
  asset: string,
  timeframeMin: number,
  kinds: readonly OptionKind[],
  atMs: number,
): Offering {
  const key = normalizeAsset(asset);
  const sizeS = Math.max(1, Math.round(timeframeMin * 60));
  const groups = (init ?? {}) as Record<string, unknown>;
  let closed = false;
  let onlyDigital = true;
  for (const kind of kinds) {
    if (kind === 'digital') continue;
    onlyDigital = false;
    const active = activesOf(groups[kind]).find((a) => normalizeAsset(a.ticker) === key);
    if (!active?.expirationTimes.includes(sizeS)) continue;
    const atS = atMs / 1000;
    const open =
      !active.isSuspended && active.schedule.some(([from, to]) => from <= atS && atS <= to);
    if (!open) {
      closed = true;
      continue;
    }
    return { ok: true, kind, active, sizeS };
  }
  if (onlyDigital) return { ok: false, error: 'optionTypeUnavailable' };
  return { ok: false, error: closed ? 'marketClosed' : 'notOffered' };
}

/**
 * The expiration the platform sells at `nowS` for an expiration size (its SDK's instruments): the
 * next multiple of the size, or the one after when the purchase window (`deadtime` before it)
 * has closed.
 */
export function expirationAt(nowS: number, sizeS: number, deadtimeS: number): number {
  let at = nowS + sizeS - (nowS % sizeS);
  if (at - deadtimeS <= nowS) at += sizeS;
  return at;
}

/** A failed order with the platform's own word on it (the feed shows it on real orders). */
function refusal(err: unknown): PlaceAnswer {
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
    const text = err.code.toLowerCase();
    if (text.includes('balance') || text.includes('funds')) return 'insufficientBalance';
    if (text.includes('suspend') || text.includes('closed')) return 'marketClosed';
    if (text.includes('minimum') || text.includes('min amount')) return 'stakeBelowMin';
    if (text.includes('maximum') || text.includes('max amount')) return 'stakeAboveMax';
    return 'rejected';
  }
  return 'unknown';
}

interface Position {
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

function cents(value: unknown): Cents {
  const n = typeof value === 'string' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n)) throw new Error('quadcode: amount is not a number');
  return Math.round(n * 100);
}

/** A position as `portfolio.*` sends it (v3 events, v4 lists, v2 history). */
function positionOf(raw: unknown): Position {
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

function holds(position: Position, contractId: string): boolean {
  return position.externalId === contractId || position.orderIds.includes(contractId);
}

/** One broker of the platform family as the operator configured it. */
export interface QuadcodePlatform extends QuadcodeEndpoints {
  brokerId: number;
  name: string;
}

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

/** How far around the buy call an unanswered option is looked for among the positions, ms. */
const RECONCILE_WINDOW_MS = 120_000;

interface Contract {
  contractId: string;
  pnlCents: Cents | null;
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

  private async balances(): Promise<
    { id: number; type: number; amountCents: Cents; currency: string }[]
  > {
    const msg = await this.connection.request('balances.get-available-balances', '1.0', {
      types_ids: [1, 4],
    });
    return (Array.isArray(msg) ? msg : []).map((raw) => {
      const b = raw as Record<string, unknown>;
      return {
        id: Number(b.id),
        type: Number(b.type),
        amountCents: cents(b.amount ?? 0),
        currency: String(b.currency ?? ''),
      };
    });
  }

  private async balanceOf(account: AccountType) {
    const type = BALANCE_TYPE[account];
    if (type === undefined) return null;
    return (await this.balances()).find((b) => b.type === type) ?? null;
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
    return Math.round((100 - offering.active.commissionPct) * 100) / 10_000;
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
      if (req.account === 2 && !this.verified.has(2)) {
        // Before the first real order: the platform itself says this is the real balance.
        if (balance.type !== 1) return { ok: false, error: 'accountMismatch' };
        this.verified.add(2);
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
      const { kind, active, sizeS } = offering;
      const nowS = Math.floor(nowMs / 1000);
      body = {
        active_id: active.id,
        direction: req.direction === 'CALL' ? 'call' : 'put',
        expired: kind === 'blitz' ? 0 : expirationAt(nowS, sizeS, active.deadtimeS),
        ...(kind === 'blitz' ? { expiration_size: sizeS } : {}),
        option_type_id: OPTION_TYPE_ID[kind],
        price: req.stakeCents / 100,
        user_balance_id: balance.id,
        profit_percent: 100 - active.commissionPct,
      };
    } catch (err) {
      this.options.log?.error(
        { err: { name: (err as Error).name, reason: quadcodeReason(err) } },
        'quadcode: quote failed',
      );
      return refusal(err);
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
      payout: Math.round(Number(option.profit_income ?? body.profit_percent) * 100) / 10_000,
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

  /** Open positions, then the latest closed ones: the platform's own word on what exists. */
  private async positions(): Promise<{ open: Position[]; closed: Position[] }> {
    const open = (await this.connection.request('portfolio.get-positions', '4.0', {
      instrument_types: OPTION_INSTRUMENTS,
      limit: 30,
      offset: 0,
    })) as { positions?: unknown[] };
    const history = (await this.connection.request('portfolio.get-history-positions', '2.0', {
      instrument_types: OPTION_INSTRUMENTS,
      limit: 30,
      offset: 0,
    })) as { positions?: unknown[] };
    return {
      open: (open.positions ?? []).map(positionOf),
      closed: (history.positions ?? []).map(positionOf),
    };
  }

  async lookup(clientRef: string, _atMs?: number): Promise<OrderStatus> {
    const row = await this.options.ledger.order(clientRef);
    let contract = await this.knownContract(clientRef);
    if (contract?.pnlCents == null) {
      const { open, closed } = await this.positions();
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
    const at = row.attemptedAtMs ?? row.sendAtMs;
    const side = row.direction === 'CALL' ? 'call' : 'put';
    const candidates = positions
      .filter(
        (p) =>
          activeIds.has(p.activeId) &&
          (p.direction === null || p.direction === side) &&
          p.investCents === row.stakeCents &&
          p.balanceId === balance.id &&
          Math.abs(p.openTimeMs - at) <= RECONCILE_WINDOW_MS,
      )
      .sort((a, b) => a.openTimeMs - b.openTimeMs);
    for (const p of candidates) {
      const id = p.orderIds[0] ?? p.externalId;
      if (!(await this.options.ledger.claimed(id, clientRef))) return id;
    }
    return null;
  }

  close(): Promise<void> {
    this.connection.close();
    return Promise.resolve();
  }
}
