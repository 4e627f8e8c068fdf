import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/** Accounts, their bots, login sessions and the global params of each bot and broker. */
export function initial(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await t
        .id(db.schema.createTable('accounts'))
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();

      await t
        .id(db.schema.createTable('bots'))
        .addColumn('account_id', 'bigint', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('userid', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('traderid', 'varchar(32)', (c) => c.notNull())
        .addColumn('virtual', t.boolean, (c) => c.notNull().defaultTo(false))
        .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
        .addColumn('botexp', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('current_broker', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('brokers_mask', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('multi_broker', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bots_account_id').on('bots').column('account_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'char(64)', (c) => c.primaryKey())
        .addColumn('account_id', 'bigint', (c) =>
          c.notNull().references('accounts.id').onDelete('cascade'),
        )
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('last_seen_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sessions_account_id')
        .on('sessions')
        .column('account_id')
        .execute();

      await db.schema
        .createTable('global_params')
        .addColumn('bot_id', 'bigint', (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('broker_id', 'integer', (c) => c.notNull())
        .addColumn('acc_type', 'integer', (c) => c.notNull())
        .addColumn('option_type', 'integer', (c) => c.notNull())
        .addColumn('lote_type', 'integer', (c) => c.notNull())
        .addColumn('stop_type', 'integer', (c) => c.notNull())
        .addColumn('lote', t.real, (c) => c.notNull())
        .addColumn('galenum', 'integer', (c) => c.notNull())
        .addColumn('galefat', t.real, (c) => c.notNull())
        .addColumn('stop_win', t.real, (c) => c.notNull())
        .addColumn('stop_loss', t.real, (c) => c.notNull())
        .addColumn('payout', t.real, (c) => c.notNull())
        .addColumn('trader_mode', 'integer', (c) => c.notNull())
        .addColumn('login_method', 'integer', (c) => c.notNull())
        .addColumn('strategy_sel', 'integer', (c) => c.notNull())
        .addColumn('type_operation', 'integer', (c) => c.notNull())
        .addColumn('stop_movel', 'integer', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('global_params_pk', ['bot_id', 'broker_id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['global_params', 'sessions', 'bots', 'accounts']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
