import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Market data (docs/decisions/2026-12-02-market-data.md):
 * - `market_candles`: one minute of an asset's market from a source, shared by every user;
 * - `market_ranges`: the minute ranges a source was asked for and answered (a minute inside one
 *   with no candle had no market: closed), so a range already fetched is never asked again;
 * - `market_waits`: a source that was down or rate-limited for an asset, and when to ask again;
 * - the price a paper order was settled at and where it came from (`price_source`: a market
 *   source, or `simulated` for the seeded walk), on `paper_orders` and on the ledger's `orders`.
 */
export function marketData(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('market_candles')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('minute', 'integer', (c) => c.notNull())
        .addColumn('open', t.real, (c) => c.notNull())
        .addColumn('high', t.real, (c) => c.notNull())
        .addColumn('low', t.real, (c) => c.notNull())
        .addColumn('close', t.real, (c) => c.notNull())
        .addPrimaryKeyConstraint('market_candles_pk', ['source', 'asset', 'minute'])
        .execute();
      await db.schema
        .createTable('market_ranges')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('from_minute', 'integer', (c) => c.notNull())
        .addColumn('to_minute', 'integer', (c) => c.notNull())
        .addColumn('fetched_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('market_ranges_pk', ['source', 'asset', 'from_minute'])
        .execute();
      await db.schema
        .createTable('market_waits')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('retry_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('market_waits_pk', ['source', 'asset'])
        .execute();
      for (const table of ['paper_orders', 'orders']) {
        await db.schema.alterTable(table).addColumn('price_source', 'text').execute();
        await db.schema.alterTable(table).addColumn('entry_price', t.real).execute();
        await db.schema.alterTable(table).addColumn('exit_price', t.real).execute();
      }
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['paper_orders', 'orders']) {
        await db.schema.alterTable(table).dropColumn('exit_price').execute();
        await db.schema.alterTable(table).dropColumn('entry_price').execute();
        await db.schema.alterTable(table).dropColumn('price_source').execute();
      }
      await db.schema.dropTable('market_waits').execute();
      await db.schema.dropTable('market_ranges').execute();
      await db.schema.dropTable('market_candles').execute();
    },
  };
}
