import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Copy trading and MetaCopy, the storage both products share:
 * - `copy_trader_settings`: the trader side of copy trading, one row per bot (SPEC §3 "Trader info").
 * - `meta_trader_records`: a MetaCopy trader's records, one card each of `/tradermetaconfig`
 *   (SPEC §3 "Meta trader record"), keyed by (bot, record traderid).
 * - `copy_follows`: one relationship per (product, follower bot, trader bot). A request is a row in
 *   `pending`; the trader accepts or refuses it; only `accepted` rows receive copies. The follower's
 *   settings for that trader (SPEC §3 "Trader save" for copy, "Meta follower setting" for meta)
 *   live on the same row, and so does the expiry the trader sets (`exp_copy`, Unix seconds,
 *   0 = none). Removing the relationship from either side deletes the row.
 */
export function copy(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const botRef = 'bigint';
      await db.schema
        .createTable('copy_trader_settings')
        .addColumn('bot_id', botRef, (c) =>
          c.primaryKey().references('bots.id').onDelete('cascade'),
        )
        .addColumn('copy_trader_en', t.boolean, (c) => c.notNull())
        .addColumn('signal_type', 'integer', (c) => c.notNull())
        .addColumn('delaysig', 'varchar(16)', (c) => c.notNull())
        .addColumn('broker_id', 'integer', (c) => c.notNull())
        .addColumn('candle_color', 'integer', (c) => c.notNull())
        .addColumn('timeframe', t.real, (c) => c.notNull())
        .addColumn('pares_filter', 'varchar(2000)', (c) => c.notNull())
        .addColumn('stake_min', t.real, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('meta_trader_records')
        .addColumn('bot_id', botRef, (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('traderid', 'varchar(20)', (c) => c.notNull())
        .addColumn('trader_ena', t.boolean, (c) => c.notNull())
        .addColumn('max_trades', 'integer', (c) => c.notNull())
        .addColumn('signal_type', 'integer', (c) => c.notNull())
        .addColumn('delaysig', t.real, (c) => c.notNull())
        .addColumn('broker_id', 'integer', (c) => c.notNull())
        .addColumn('anticipation', t.real, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('meta_trader_records_pk', ['bot_id', 'traderid'])
        .execute();

      await t
        .id(db.schema.createTable('copy_follows'))
        .addColumn('product', 'varchar(4)', (c) =>
          c.notNull().check(sql`product in ('copy', 'meta')`),
        )
        .addColumn('follower_bot_id', botRef, (c) =>
          c.notNull().references('bots.id').onDelete('cascade'),
        )
        .addColumn('trader_bot_id', botRef, (c) =>
          c.notNull().references('bots.id').onDelete('cascade'),
        )
        .addColumn('state', 'varchar(8)', (c) =>
          c.notNull().check(sql`state in ('pending', 'accepted', 'refused')`),
        )
        /** The name the follower gave in its request (letters and digits on /copyrequest). */
        .addColumn('follower_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('exp_copy', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('requested_at', t.timestamp, (c) => c.notNull())
        .addColumn('decided_at', t.timestamp)
        // The follower's settings for this trader; defaults until the follower saves its card.
        .addColumn('trader_ena', t.boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('acptdemo', t.boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('max_trades', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('signal_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delaysig', t.real, (c) => c.notNull().defaultTo(0))
        .addColumn('broker_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('min_stake', t.real, (c) => c.notNull().defaultTo(0))
        .addColumn('max_stake', t.real, (c) => c.notNull().defaultTo(0))
        .addColumn('lote', t.real, (c) => c.notNull().defaultTo(0))
        .addColumn('lote_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('anticipation', t.real, (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('copy_follows_pair')
        .on('copy_follows')
        .columns(['product', 'follower_bot_id', 'trader_bot_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('copy_follows_trader')
        .on('copy_follows')
        .columns(['trader_bot_id', 'product', 'state'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('copy_follows').execute();
      await db.schema.dropTable('meta_trader_records').execute();
      await db.schema.dropTable('copy_trader_settings').execute();
    },
  };
}
