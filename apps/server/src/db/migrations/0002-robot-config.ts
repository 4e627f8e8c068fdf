import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * The robot's configuration screens: strategy settings (per bot and broker where SPEC reads them
 * with a brokerid, else per bot), custom cycle rows, broker credentials and proxies (secrets as
 * AES-GCM text, see lib/secrets.ts), and the command queue the robot runtime consumes.
 */
export function robotConfig(t: ColumnTypes): Migration {
  /** A table keyed by `bot_id` (cascading with the bot) and, if per broker, `broker_id`. */
  function keyed(
    db: Kysely<unknown>,
    name: string,
    perBroker: boolean,
  ): CreateTableBuilder<string, string> {
    const withBot = db.schema
      .createTable(name)
      .addColumn('bot_id', 'bigint', (c) => c.notNull().references('bots.id').onDelete('cascade'));
    return perBroker
      ? withBot
          .addColumn('broker_id', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${name}_pk`, ['bot_id', 'broker_id'])
      : withBot.addPrimaryKeyConstraint(`${name}_pk`, ['bot_id']);
  }

  return {
    async up(db: Kysely<unknown>) {
      await keyed(db, 'masaniello_params', false)
        .addColumn('capital', t.real, (c) => c.notNull())
        .addColumn('total_oper', 'integer', (c) => c.notNull())
        .addColumn('total_win', 'integer', (c) => c.notNull())
        .addColumn('payout', t.real, (c) => c.notNull())
        .addColumn('gale', 'integer', (c) => c.notNull())
        .addColumn('type_mas', 'integer', (c) => c.notNull())
        .addColumn('restart', 'integer', (c) => c.notNull())
        .addColumn('target', t.real, (c) => c.notNull())
        .addColumn('modo_masa', 'integer', (c) => c.notNull())
        .addColumn('hits_restart', 'integer', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await keyed(db, 'cycle_params', true)
        .addColumn('ciclos', 'integer', (c) => c.notNull())
        .addColumn('ciclos_fat', t.real, (c) => c.notNull())
        .addColumn('ciclos_gale', 'integer', (c) => c.notNull())
        .addColumn('ciclos_gale_fat', t.real, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await keyed(db, 'soros_params', true)
        .addColumn('soros', 'integer', (c) => c.notNull())
        .addColumn('soros_gale', 'integer', (c) => c.notNull())
        .addColumn('soros_perc', t.real, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await keyed(db, 'loss_recovery_params', true)
        .addColumn('recover_perc', 'integer', (c) => c.notNull())
        .addColumn('recover_gale', 'integer', (c) => c.notNull())
        .addColumn('recover_gale_fat', t.real, (c) => c.notNull())
        .addColumn('recover_profit', t.real, (c) => c.notNull())
        .addColumn('mode', 'integer', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      let rows = db.schema
        .createTable('custom_cycle_rows')
        .addColumn('bot_id', 'bigint', (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('cycle', 'integer', (c) => c.notNull())
        .addColumn('entrada', t.real);
      for (const mg of ['mg1', 'mg2', 'mg3', 'mg4', 'mg5', 'mg6', 'mg7']) {
        rows = rows.addColumn(mg, t.real);
      }
      await rows.addPrimaryKeyConstraint('custom_cycle_rows_pk', ['bot_id', 'cycle']).execute();

      await keyed(db, 'reader_params', false)
        .addColumn('timerzone', t.real, (c) => c.notNull())
        .addColumn('maxtrades', 'integer', (c) => c.notNull())
        .addColumn('hour_start', 'varchar(5)', (c) => c.notNull())
        .addColumn('hour_end', 'varchar(5)', (c) => c.notNull())
        .addColumn('hour_start2', 'varchar(5)', (c) => c.notNull())
        .addColumn('hour_end2', 'varchar(5)', (c) => c.notNull())
        .addColumn('hour_start3', 'varchar(5)', (c) => c.notNull())
        .addColumn('hour_end3', 'varchar(5)', (c) => c.notNull())
        .addColumn('hour_reset', 'varchar(5)', (c) => c.notNull())
        .addColumn('hour_clear_score', 'varchar(5)', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      // Secrets are `v1:iv:tag:body` text bound to `broker_credentials:<bot_id>/<broker_id>:<column>`.
      await keyed(db, 'broker_credentials', true)
        .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
        .addColumn('password_enc', 'text')
        .addColumn('token_demo_enc', 'text')
        .addColumn('token_real_enc', 'text')
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await keyed(db, 'proxies', false)
        .addColumn('ip', 'varchar(253)', (c) => c.notNull())
        .addColumn('porta', 'integer', (c) => c.notNull())
        .addColumn('login', 'varchar(128)', (c) => c.notNull())
        .addColumn('password_enc', 'text')
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await t
        .id(db.schema.createTable('bot_commands'))
        .addColumn('bot_id', 'bigint', (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('status', 'varchar(8)', (c) =>
          c
            .notNull()
            .defaultTo('queued')
            .check(sql`status in ('queued', 'done', 'failed')`),
        )
        .addColumn('reply', 'text')
        .execute();
      // The panel lists a bot's newest commands; the runtime claims the oldest queued ones.
      await db.schema
        .createIndex('bot_commands_bot_id')
        .on('bot_commands')
        .columns(['bot_id', 'id'])
        .execute();
      await db.schema
        .createIndex('bot_commands_status')
        .on('bot_commands')
        .columns(['status', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'bot_commands',
        'proxies',
        'broker_credentials',
        'reader_params',
        'custom_cycle_rows',
        'loss_recovery_params',
        'soros_params',
        'cycle_params',
        'masaniello_params',
      ]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
