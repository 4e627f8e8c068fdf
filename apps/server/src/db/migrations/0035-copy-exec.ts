import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Copy execution:
 * - `orders.copy_of` / `copy_product` / `copy_trader_bot_id`: a follower's copy is an order of the
 *   FOLLOWER's ledger that names the trader's order it copies (client_ref `copy:<id>` or
 *   `meta:<id>`, unique per bot, so one trader order gives a follower at most one order). NULL on
 *   the bot's own orders. Copy orders are sent and settled by the copy dispatcher, never by the
 *   follower's session.
 * - `copy_fanouts`: one row per (trader order, product) that was fanned out, with the plan's
 *   counts; placed / failed and the time to the last follower's order are read from the orders.
 * - `copy_skips`: one row per follower the plan skipped, with the reason (the follower's "missed
 *   copies", the trader's skip counts).
 */
export function copyExec(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('copy_of', 'bigint').execute();
      await db.schema.alterTable('orders').addColumn('copy_product', 'varchar(4)').execute();
      await db.schema.alterTable('orders').addColumn('copy_trader_bot_id', 'bigint').execute();
      await db.schema.createIndex('orders_copy_of').on('orders').column('copy_of').execute();
      await db.schema
        .createIndex('orders_copy_trader_day')
        .on('orders')
        .columns(['copy_trader_bot_id', 'copy_product', 'created_at'])
        .execute();

      await t
        .id(db.schema.createTable('copy_fanouts'))
        .addColumn('trader_bot_id', 'bigint', (c) =>
          c.notNull().references('bots.id').onDelete('cascade'),
        )
        .addColumn('trader_order_id', 'bigint', (c) => c.notNull())
        .addColumn('product', 'varchar(4)', (c) => c.notNull())
        .addColumn('asset', 'varchar(32)', (c) => c.notNull())
        .addColumn('direction', 'varchar(4)', (c) => c.notNull())
        .addColumn('stake_cents', 'bigint', (c) => c.notNull())
        .addColumn('account_type', 'integer', (c) => c.notNull())
        /** The trader's order instant (confirmed at the broker), epoch ms. */
        .addColumn('order_at', t.timestamp, (c) => c.notNull())
        .addColumn('followers', 'integer', (c) => c.notNull())
        .addColumn('planned', 'integer', (c) => c.notNull())
        .addColumn('skipped', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('copy_fanouts_order')
        .on('copy_fanouts')
        .columns(['trader_order_id', 'product'])
        .unique()
        .execute();
      await db.schema
        .createIndex('copy_fanouts_trader')
        .on('copy_fanouts')
        .columns(['trader_bot_id', 'id'])
        .execute();

      await db.schema
        .createTable('copy_skips')
        .addColumn('fanout_id', 'bigint', (c) =>
          c.notNull().references('copy_fanouts.id').onDelete('cascade'),
        )
        .addColumn('follower_bot_id', 'bigint', (c) =>
          c.notNull().references('bots.id').onDelete('cascade'),
        )
        .addColumn('reason', 'varchar(32)', (c) => c.notNull())
        .addPrimaryKeyConstraint('copy_skips_pk', ['fanout_id', 'follower_bot_id'])
        .execute();
      await db.schema
        .createIndex('copy_skips_follower')
        .on('copy_skips')
        .columns(['follower_bot_id', 'fanout_id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('copy_skips').execute();
      await db.schema.dropTable('copy_fanouts').execute();
      await db.schema.dropIndex('orders_copy_trader_day').execute();
      await db.schema.dropIndex('orders_copy_of').execute();
      await db.schema.alterTable('orders').dropColumn('copy_trader_bot_id').execute();
      await db.schema.alterTable('orders').dropColumn('copy_product').execute();
      await db.schema.alterTable('orders').dropColumn('copy_of').execute();
    },
  };
}
