import { AccountType } from '@app/contract';
import { roundCents, type Cents } from '../money/cents.ts';
import { hashString, mixKeys, mulberry32 } from './prng.ts';
import type {
  Broker,
  OpenOrder,
  OrderOutcome,
  OrderRequest,
  PlaceOrderResult,
  SettleResult,
} from './types.ts';

/** Settings of a paper broker; every field but the seed has a default. */
export interface PaperBrokerConfig {
  /** Drives every price path: same seed + same calls → same results. */
  seed: number;
  /** Starting balances per account type, cents. Default demo 10,000.00, real and tournament 0. */
  balances?: Partial<Record<AccountType, Cents>>;
  /** Payout fraction per asset (`EURUSD` and `EUR/USD` are the same key). */
  payouts?: Readonly<Record<string, number>>;
  /** Payout of a regular asset missing from `payouts`. Default 0.87. */
  defaultPayout?: number;
  /** Payout of an OTC asset (name contains `OTC`) missing from `payouts`. Default 0.80. */
  otcPayout?: number;
  /** Smallest stake accepted, cents. Default 100 (1.00). */
  minStakeCents?: Cents;
  /** Largest stake accepted, cents. Default 500,000 (5,000.00). */
  maxStakeCents?: Cents;
}

/** The paper broker: a {@link Broker} whose answers are synchronous, plus a price probe. */
export interface PaperBroker extends Broker {
  placeOrder(request: OrderRequest): PlaceOrderResult;
  settle(orderId: string, atMs: number): SettleResult;
  balance(account: AccountType): Cents;
  payout(asset: string): number;
  /** Price of an asset at an instant, in points (integer, 1 point = 0.00001). */
  pricePoints(asset: string, atMs: number): number;
  /** Orders placed and not yet settled, oldest first. */
  openOrders(): readonly OpenOrder[];
}

export const PAPER_DEFAULTS = {
  defaultPayout: 0.87,
  otcPayout: 0.8,
  minStakeCents: 100,
  maxStakeCents: 500_000,
  balances: {
    [AccountType.demo]: 1_000_000,
    [AccountType.real]: 0,
    [AccountType.tournament]: 0,
  } as Record<AccountType, Cents>,
} as const;

/** One key per instrument, `-OTC` kept: `normalizeAsset(' eur/usd-otc') === 'EURUSD-OTC'`. */
export function normalizeAsset(asset: string): string {
  return asset.trim().toUpperCase().replace(/\//g, '');
}

// Value noise in octaves: each octave draws one value per period and interpolates linearly, so
// the price is a pure function of (seed, asset, instant) — it does not depend on which instants
// were asked before, and settlement can read any past or future instant.
const OCTAVES: readonly { periodMs: number; amplitudePoints: number }[] = [
  { periodMs: 1_000, amplitudePoints: 2 },
  { periodMs: 5_000, amplitudePoints: 4 },
  { periodMs: 30_000, amplitudePoints: 8 },
  { periodMs: 120_000, amplitudePoints: 15 },
  { periodMs: 600_000, amplitudePoints: 30 },
  { periodMs: 3_600_000, amplitudePoints: 60 },
];

function noise(seed: number, assetKey: number, octave: number, index: number): number {
  return mulberry32(mixKeys(seed, assetKey, octave, index))() * 2 - 1;
}

/**
 * Price of an asset at an instant on the seeded paper path, in points (1 point = 0.00001).
 * Integer, so two instants can tie and produce a DRAW.
 * @example paperPricePoints(7, 'EURUSD', 1_700_000_000_000); // e.g. 112_347, same every run
 */
export function paperPricePoints(seed: number, asset: string, atMs: number): number {
  const assetKey = hashString(normalizeAsset(asset));
  // A stable level per asset between 1.00000 and 1.50000 keeps quotes plausible.
  let price = 100_000 + (mixKeys(seed, assetKey) % 50_000);
  OCTAVES.forEach(({ periodMs, amplitudePoints }, octave) => {
    const index = Math.floor(atMs / periodMs);
    const frac = (atMs - index * periodMs) / periodMs;
    const a = noise(seed, assetKey, octave, index);
    const b = noise(seed, assetKey, octave, index + 1);
    price += amplitudePoints * (a + (b - a) * frac);
  });
  return Math.round(price);
}

/** WIN when the price (points) moved the chosen way, DRAW when unchanged: `outcomeOf('PUT', 10, 9) === 'WIN'`. */
export function outcomeOf(
  direction: OrderRequest['direction'],
  entryPoints: number,
  exitPoints: number,
): OrderOutcome {
  if (exitPoints === entryPoints) return 'DRAW';
  const rose = exitPoints > entryPoints;
  return rose === (direction === 'CALL') ? 'WIN' : 'LOSS';
}

/**
 * Creates a deterministic paper broker. State (balances, open orders, order counter) lives in the
 * returned object — a factory rather than a state value, because the {@link Broker} interface is
 * method-based and real adapters hold state too. No clock is read: instants come in the calls.
 * @example
 * const broker = createPaperBroker({ seed: 1 });
 * const placed = broker.placeOrder({ asset: 'EURUSD', direction: 'CALL', stakeCents: 200,
 *   account: AccountType.demo, openAtMs: 0, expiresAtMs: 60_000 });
 * if (placed.ok) broker.settle(placed.order.id, 60_000); // WIN, LOSS or DRAW, same every run
 */
export function createPaperBroker(config: PaperBrokerConfig): PaperBroker {
  const seed = config.seed >>> 0;
  const minStake = config.minStakeCents ?? PAPER_DEFAULTS.minStakeCents;
  const maxStake = config.maxStakeCents ?? PAPER_DEFAULTS.maxStakeCents;
  const defaultPayout = config.defaultPayout ?? PAPER_DEFAULTS.defaultPayout;
  const otcPayout = config.otcPayout ?? PAPER_DEFAULTS.otcPayout;
  const payouts = new Map<string, number>(
    Object.entries(config.payouts ?? {}).map(([asset, p]) => [normalizeAsset(asset), p]),
  );
  const balances = new Map<AccountType, Cents>(
    ([1, 2, 3] as const).map((account) => [
      account,
      config.balances?.[account] ?? PAPER_DEFAULTS.balances[account],
    ]),
  );
  const open = new Map<string, OpenOrder>();
  const settled = new Set<string>();
  let counter = 0;

  const payout = (asset: string): number => {
    const key = normalizeAsset(asset);
    return payouts.get(key) ?? (key.includes('OTC') ? otcPayout : defaultPayout);
  };
  const balance = (account: AccountType): Cents => balances.get(account) ?? 0;
  const pricePoints = (asset: string, atMs: number): number => paperPricePoints(seed, asset, atMs);

  return {
    payout,
    balance,
    pricePoints,
    openOrders: () => [...open.values()],

    placeOrder(request) {
      const { stakeCents, account, openAtMs, expiresAtMs } = request;
      if (!Number.isInteger(stakeCents) || stakeCents <= 0) return fail('invalid_stake');
      if (!Number.isFinite(openAtMs) || !Number.isFinite(expiresAtMs) || expiresAtMs <= openAtMs)
        return fail('invalid_times');
      if (stakeCents < minStake) return fail('stake_below_min');
      if (stakeCents > maxStake) return fail('stake_above_max');
      const available = balance(account);
      if (stakeCents > available) return fail('insufficient_balance');
      counter += 1;
      const order: OpenOrder = {
        ...request,
        id: `paper-${counter}`,
        payout: payout(request.asset),
      };
      open.set(order.id, order);
      // Brokers take the stake when the option opens; settlement pays it back on a win or draw.
      balances.set(account, available - stakeCents);
      return { ok: true, order, balanceCents: available - stakeCents };
    },

    settle(orderId, atMs) {
      const order = open.get(orderId);
      if (!order)
        return { ok: false, error: settled.has(orderId) ? 'already_settled' : 'unknown_order' };
      if (atMs < order.expiresAtMs) return { ok: false, error: 'not_expired' };
      const entryPricePoints = pricePoints(order.asset, order.openAtMs);
      const exitPricePoints = pricePoints(order.asset, order.expiresAtMs);
      const outcome = outcomeOf(order.direction, entryPricePoints, exitPricePoints);
      const profit = roundCents(order.stakeCents * order.payout);
      const pnlCents = outcome === 'WIN' ? profit : outcome === 'DRAW' ? 0 : -order.stakeCents;
      const credit = outcome === 'LOSS' ? 0 : order.stakeCents + pnlCents;
      const balanceCents = balance(order.account) + credit;
      balances.set(order.account, balanceCents);
      open.delete(orderId);
      settled.add(orderId);
      return {
        ok: true,
        settlement: { orderId, outcome, pnlCents, entryPricePoints, exitPricePoints, balanceCents },
      };
    },
  };
}

function fail(error: Extract<PlaceOrderResult, { ok: false }>['error']): PlaceOrderResult {
  return { ok: false, error };
}
