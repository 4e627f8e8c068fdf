import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Buying and renewing the robot. `purchases`: one row per generated payment link, its
 * price computed by the server, the bots it covers (row ids, JSON) and its state; no CPF is kept
 * (it goes to the provider and nowhere else). `payment_notifications`: every authentic provider
 * notification, unique per (provider, event id), so a duplicate changes nothing.
 */
export function purchases(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('purchases')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('account_id', 'bigint', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('buyer_userid', 'varchar(32)', (c) => c.notNull())
        .addColumn('bot_ids', t.json, (c) => c.notNull())
        .addColumn('subid', 'varchar(48)', (c) => c.notNull())
        .addColumn('bots', 'integer', (c) => c.notNull())
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(8)', (c) => c.notNull())
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('paymethod', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('provider_ref', 'varchar(255)')
        .addColumn('link', 'text')
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        .addColumn('seller_id', 'varchar(64)')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('paid_at', t.timestamp)
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('purchases_account')
        .on('purchases')
        .columns(['account_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('purchases_seller')
        .on('purchases')
        .columns(['seller_id', 'state'])
        .execute();
      await db.schema
        .createIndex('purchases_provider_ref')
        .on('purchases')
        .columns(['provider', 'provider_ref'])
        .execute();

      await t
        .id(db.schema.createTable('payment_notifications'))
        .addColumn('provider', 'varchar(32)', (c) => c.notNull())
        .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
        .addColumn('purchase_id', 'varchar(32)', (c) =>
          c.references('purchases.id').onDelete('cascade'),
        )
        .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
        .addColumn('received_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('payment_notifications_event', ['provider', 'event_id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('payment_notifications').execute();
      await db.schema.dropTable('purchases').execute();
    },
  };
}
