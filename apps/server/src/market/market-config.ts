import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { DERIV_PUBLIC_WS_URL, derivMarketSource } from './deriv-market.ts';
import { createMarketData, type MarketData } from './market-data.ts';
import type { MarketSource } from './market-source.ts';

/** The market sources an operator names in `MARKET_DATA` (comma-separated). */
export const MARKET_SOURCE_NAMES = ['deriv'] as const;

/**
 * The operator's market-data settings (docs/operator.md): `MARKET_DATA` lists the sources in
 * order of preference (`deriv`), empty or `off` = none (every paper order settles on the seeded
 * walk, labelled simulated); `MARKET_DERIV_WS_URL` replaces Deriv's public gateway. An unknown
 * name stops the start with a message naming the ones there are.
 */
export function marketSourcesFromEnv(env: NodeJS.ProcessEnv = process.env): MarketSource[] {
  const raw = env.MARKET_DATA?.trim().toLowerCase() ?? '';
  if (raw === '' || raw === 'off') return [];
  const names = raw
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  return names.map((name) => {
    if (name === 'deriv') {
      const url = env.MARKET_DERIV_WS_URL?.trim() || DERIV_PUBLIC_WS_URL;
      if (!/^wss?:\/\//.test(url)) {
        throw new Error(
          'MARKET_DERIV_WS_URL must be a ws(s) URL, e.g. wss://api.derivws.com/trading/v1/options/ws/public',
        );
      }
      return derivMarketSource({ url });
    }
    throw new Error(
      `MARKET_DATA names an unknown source "${name}"; known: ${MARKET_SOURCE_NAMES.join(', ')} (or off)`,
    );
  });
}

const markets = new WeakMap<Kysely<Database>, MarketData>();

/**
 * The market data of one database (server or worker): made on first use from the environment,
 * or the one {@link useMarketData} set (tests, a build option). Shared by the paper broker, the
 * copy settlement and the records, so concurrent asks for one range are one request.
 */
export function marketDataOf(db: Kysely<Database>): MarketData {
  let market = markets.get(db);
  if (!market) {
    market = createMarketData({ db, sources: marketSourcesFromEnv() });
    markets.set(db, market);
  }
  return market;
}

/** Sets the market data of `db` (its sources), replacing one made before. */
export function useMarketData(db: Kysely<Database>, market: MarketData): void {
  markets.set(db, market);
}

const fills = new WeakMap<Kysely<Database>, Set<Promise<unknown>>>();

/**
 * Runs a fetch nobody waits for (a record's missing candles, asked after its page was answered),
 * kept so the app's close waits for it before the database goes.
 */
export function backgroundFill(db: Kysely<Database>, work: Promise<unknown>): void {
  let set = fills.get(db);
  if (!set) {
    set = new Set();
    fills.set(db, set);
  }
  const running = work.catch(() => undefined);
  set.add(running);
  void running.finally(() => set.delete(running));
}

/** Waits for the background fetches of `db` to end (tests, and the app's close). */
export async function settleBackgroundFills(db: Kysely<Database>): Promise<void> {
  await Promise.all([...(fills.get(db) ?? [])]);
}

/** Closes the market connections of `db` (when the app or the worker stops). */
export async function closeMarketData(db: Kysely<Database>): Promise<void> {
  await settleBackgroundFills(db);
  const market = markets.get(db);
  markets.delete(db);
  await market?.close();
}
