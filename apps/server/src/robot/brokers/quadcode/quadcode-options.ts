import type { OrderFailReason } from '@app/contract';
import { normalizeAsset } from '@app/robot';

// What the platform offers: option kinds, actives of the initialization data, expirations.

/** Option kinds the adapter trades, with the platform's `option_type_id`. */
export type OptionKind = 'turbo' | 'binary' | 'blitz' | 'digital';
export const OPTION_TYPE_ID: Record<Exclude<OptionKind, 'digital'>, number> = {
  binary: 1,
  turbo: 3,
  blitz: 12,
};
export const INSTRUMENT_TYPE: Record<OptionKind, string> = {
  binary: 'binary-option',
  turbo: 'turbo-option',
  blitz: 'blitz-option',
  digital: 'digital-option',
};
export const OPTION_INSTRUMENTS = [
  INSTRUMENT_TYPE.turbo,
  INSTRUMENT_TYPE.binary,
  INSTRUMENT_TYPE.blitz,
];

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
export interface Active {
  id: number;
  ticker: string;
  isSuspended: boolean;
  deadtimeS: number;
  expirationTimes: number[];
  commissionPct: number;
  /** Trading sessions, [from, to] Unix seconds. */
  schedule: [number, number][];
}

export function activesOf(group: unknown): Active[] {
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

/** The `binary-options.open-option` v2 body of an order (as the SDK's open calls build it). */
export function openingBody(
  offering: Extract<Offering, { ok: true }>,
  req: { direction: 'CALL' | 'PUT'; stakeCents: number },
  balanceId: number,
  nowMs: number,
): Record<string, unknown> {
  const { kind, active, sizeS } = offering;
  const nowS = Math.floor(nowMs / 1000);
  return {
    active_id: active.id,
    direction: req.direction === 'CALL' ? 'call' : 'put',
    expired: kind === 'blitz' ? 0 : expirationAt(nowS, sizeS, active.deadtimeS),
    ...(kind === 'blitz' ? { expiration_size: sizeS } : {}),
    option_type_id: OPTION_TYPE_ID[kind],
    price: req.stakeCents / 100,
    user_balance_id: balanceId,
    profit_percent: 100 - active.commissionPct,
  };
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
