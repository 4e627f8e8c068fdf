import type { AccountType } from '@app/contract';
import {
  normalizeAsset,
  outcomeOf,
  PAPER_DEFAULTS,
  paperPricePoints,
  roundCents,
  SIMULATED_PRICE_SOURCE,
} from '@app/robot';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { marketDataOf } from '../../market/market-config.ts';
import {
  settlementPrices,
  type MarketData,
  type SettlementPrices,
} from '../../market/market-data.ts';
import type {
  BrokerAdapter,
  OrderStatus,
  PlaceAnswer,
  PlaceRequest,
  SettledPrices,
} from './broker-adapter.ts';

/** The seed of every paper price path: the same prices in the server, the workers and tests. */
export const PAPER_SEED = 20_251_122;

/** Paper payout for an asset: regular assets 87 %, OTC 80 % (PAPER_DEFAULTS). */
export function paperPayout(asset: string): number {
  return normalizeAsset(asset).includes('OTC')
    ? PAPER_DEFAULTS.otcPayout
    : PAPER_DEFAULTS.defaultPayout;
}

/** P&L of a paper order at its expiry (ROBOT.md §0), from the seeded price path. */
export function paperPnlCents(o: {
  asset: string;
  direction: 'CALL' | 'PUT';
  stakeCents: number;
  payout: number;
  openAtMs: number;
  expiresAtMs: number;
}): number {
  const entry = paperPricePoints(PAPER_SEED, o.asset, o.openAtMs);
  const exit = paperPricePoints(PAPER_SEED, o.asset, o.expiresAtMs);
  return pnlOf(outcomeOf(o.direction, entry, exit), o.stakeCents, o.payout);
}

/** Points of the seeded walk (integers, 1 point = 0.00001) as a price. */
const POINT = 100_000;

/** What a paper order settles for, or null while the market's price is not in yet. */
export interface PaperResult {
  pnlCents: number;
  prices: SettledPrices;
}

/**
 * The result of a paper order at its expiry (ROBOT.md §0): at the market's prices where the
 * market data has the asset at both instants, else on the seeded walk (`simulated`); null while
 * the market's answer is pending (a source down or rate-limited): the order waits, never guessed.
 */
export async function paperResultOf(
  market: MarketData | null,
  o: PaperOrderTerms,
  nowMs: number,
): Promise<PaperResult | null> {
  return paperResultAt(await settlementPrices(market, o, nowMs), o);
}

/** A paper order's terms: what its result depends on. */
export interface PaperOrderTerms {
  asset: string;
  direction: 'CALL' | 'PUT';
  stakeCents: number;
  payout: number;
  openAtMs: number;
  expiresAtMs: number;
}

/** {@link paperResultOf} once the market's prices for its instants are known. */
export function paperResultAt(prices: SettlementPrices, o: PaperOrderTerms): PaperResult | null {
  if (prices.kind === 'pending') return null;
  if (prices.kind === 'market') {
    const outcome = outcomeOf(o.direction, prices.entryPrice, prices.exitPrice);
    return {
      pnlCents: pnlOf(outcome, o.stakeCents, o.payout),
      prices: { source: prices.source, entryPrice: prices.entryPrice, exitPrice: prices.exitPrice },
    };
  }
  const entry = paperPricePoints(PAPER_SEED, o.asset, o.openAtMs);
  const exit = paperPricePoints(PAPER_SEED, o.asset, o.expiresAtMs);
  return {
    pnlCents: paperPnlCents(o),
    prices: { source: SIMULATED_PRICE_SOURCE, entryPrice: entry / POINT, exitPrice: exit / POINT },
  };
}

function pnlOf(outcome: 'WIN' | 'LOSS' | 'DRAW', stakeCents: number, payout: number): number {
  return outcome === 'WIN' ? roundCents(stakeCents * payout) : outcome === 'DRAW' ? 0 : -stakeCents;
}

/**
 * The paper broker of one bot with its balances and orders in the database (paper_accounts,
 * paper_orders), so a restart or another worker sees the same money. Results are decided by the
 * market's price at the open and at expiry where the market data has one (`market`, default the
 * database's: `MARKET_DATA`), else by the seeded path of packages/robot, labelled simulated.
 */
export function paperBroker(
  db: Kysely<Database>,
  botId: number,
  market: MarketData | null = marketDataOf(db),
): BrokerAdapter {
  async function balanceOf(trx: Kysely<Database>, account: AccountType): Promise<number> {
    const row = await trx
      .selectFrom('paper_accounts')
      .select('balance_cents')
      .where('bot_id', '=', botId)
      .where('account_type', '=', account)
      .executeTakeFirst();
    if (row) return Number(row.balance_cents);
    const start = PAPER_DEFAULTS.balances[account];
    await trx
      .insertInto('paper_accounts')
      .values({ bot_id: botId, account_type: account, balance_cents: start })
      .onConflict((oc) => oc.columns(['bot_id', 'account_type']).doNothing())
      .execute();
    return start;
  }

  async function setBalance(trx: Kysely<Database>, account: number, cents: number): Promise<void> {
    await trx
      .updateTable('paper_accounts')
      .set({ balance_cents: cents })
      .where('bot_id', '=', botId)
      .where('account_type', '=', account)
      .execute();
  }

  return {
    name: 'paper',
    simulator: true,
    balance: (account) => balanceOf(db, account),
    payout: (asset) => Promise.resolve(paperPayout(asset)),

    placeOrder(req) {
      return db.transaction().execute(async (trx): Promise<PlaceAnswer> => {
        const existing = await trx
          .selectFrom('paper_orders')
          .select(['id', 'payout'])
          .where('bot_id', '=', botId)
          .where('client_ref', '=', req.clientRef)
          .executeTakeFirst();
        if (existing) {
          return {
            ok: true,
            brokerOrderId: `paper-${existing.id}`,
            payout: existing.payout,
            balanceCents: null,
          };
        }
        const available = await balanceOf(trx, req.account);
        const refused = refusalOf(req, available);
        if (refused) return refused;
        const payout = paperPayout(req.asset);
        const inserted = await trx
          .insertInto('paper_orders')
          .values({
            bot_id: botId,
            client_ref: req.clientRef,
            account_type: req.account,
            asset: req.asset,
            direction: req.direction,
            stake_cents: req.stakeCents,
            payout,
            open_at: req.openAtMs,
            expires_at: req.expiresAtMs,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const balanceCents = available - req.stakeCents;
        await setBalance(trx, req.account, balanceCents);
        return { ok: true, brokerOrderId: `paper-${inserted.id}`, payout, balanceCents };
      });
    },

    async lookup(clientRef, atMs) {
      const o = await db
        .selectFrom('paper_orders')
        .selectAll()
        .where('bot_id', '=', botId)
        .where('client_ref', '=', clientRef)
        .executeTakeFirst();
      if (!o) return { status: 'missing' };
      const brokerOrderId = `paper-${o.id}`;
      if (o.settled_at !== null && o.pnl_cents !== null) {
        return {
          status: 'settled',
          brokerOrderId,
          pnlCents: Number(o.pnl_cents),
          balanceCents: null,
          ...(o.price_source === null ? {} : { prices: pricesOfRow(o) }),
        };
      }
      if (atMs < o.expires_at) return { status: 'open', brokerOrderId };
      const stakeCents = Number(o.stake_cents);
      // The market is asked outside any transaction: a network wait never holds the database.
      const result = await paperResultOf(
        market,
        {
          asset: o.asset,
          direction: o.direction,
          stakeCents,
          payout: o.payout,
          openAtMs: o.open_at,
          expiresAtMs: o.expires_at,
        },
        atMs,
      );
      // Pending market data: still open, asked again at the next run.
      if (!result) return { status: 'open', brokerOrderId };
      const { pnlCents, prices } = result;
      return db.transaction().execute(async (trx): Promise<OrderStatus> => {
        const res = await trx
          .updateTable('paper_orders')
          .set({
            settled_at: atMs,
            pnl_cents: pnlCents,
            price_source: prices.source,
            entry_price: prices.entryPrice,
            exit_price: prices.exitPrice,
          })
          .where('id', '=', o.id)
          .where('settled_at', 'is', null)
          .executeTakeFirst();
        const balance = await balanceOf(trx, o.account_type as AccountType);
        if (res.numUpdatedRows !== 1n) {
          const won = await trx
            .selectFrom('paper_orders')
            .selectAll()
            .where('id', '=', o.id)
            .executeTakeFirstOrThrow();
          return {
            status: 'settled',
            brokerOrderId,
            pnlCents: Number(won.pnl_cents),
            balanceCents: balance,
            ...(won.price_source === null ? {} : { prices: pricesOfRow(won) }),
          };
        }
        // The stake was taken at the open; a win pays it back with the profit, a draw refunds it.
        const credit = paperCredit(stakeCents, pnlCents);
        await setBalance(trx, o.account_type, balance + credit);
        return {
          status: 'settled',
          brokerOrderId,
          pnlCents,
          balanceCents: balance + credit,
          prices,
        };
      });
    },
  };
}

function pricesOfRow(o: {
  price_source: string | null;
  entry_price: number | null;
  exit_price: number | null;
}): SettledPrices {
  return {
    source: o.price_source ?? SIMULATED_PRICE_SOURCE,
    entryPrice: o.entry_price === null ? null : Number(o.entry_price),
    exitPrice: o.exit_price === null ? null : Number(o.exit_price),
  };
}

/** Why the paper broker refuses a request with `available` cents on the account, or null. */
export function refusalOf(req: PlaceRequest, available: number): PlaceAnswer | null {
  if (!Number.isInteger(req.stakeCents) || req.stakeCents < PAPER_DEFAULTS.minStakeCents) {
    return { ok: false, error: 'stakeBelowMin' };
  }
  if (req.stakeCents > PAPER_DEFAULTS.maxStakeCents) return { ok: false, error: 'stakeAboveMax' };
  if (req.stakeCents > available) return { ok: false, error: 'insufficientBalance' };
  return null;
}

/** What a settled paper order gives back: a win the stake and the profit, a draw the stake. */
export function paperCredit(stakeCents: number, pnlCents: number): number {
  return pnlCents < 0 ? 0 : stakeCents + pnlCents;
}
