import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * The meeting point of the reader and the trading runtime (DESIGN §7.1): every line the reader
 * read from a channel message becomes one row, accepted (a tradeable signal) or rejected with a
 * reason key, stamped when it was received and parsed. The trading runtime takes accepted rows
 * whose `decided_at` is NULL, decides, and stamps `decided_at`, `decision` and its reason.
 * An accepted signal's `dedupe_key` (channel, asset, direction, entry instant) is unique per bot,
 * so a message read twice (restart, reset) never yields two signals.
 */
export function signals(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await t
        .id(db.schema.createTable('signals'))
        .addColumn('bot_id', 'bigint', (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('channel_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('message_id', 'bigint')
        .addColumn('line', 'integer')
        .addColumn('status', 'varchar(10)', (c) =>
          c.notNull().check(sql`status in ('accepted', 'rejected')`),
        )
        .addColumn('reason', 'varchar(32)')
        .addColumn('asset', 'varchar(32)')
        .addColumn('direction', 'varchar(4)')
        .addColumn('signal_time', 'varchar(5)')
        .addColumn('signal_at', t.timestamp)
        .addColumn('timeframe_min', 'integer')
        .addColumn('gales', 'integer')
        .addColumn('signal_type', 'integer')
        .addColumn('delay_ms', 'integer')
        .addColumn('lote', t.real)
        .addColumn('galefat', t.real)
        .addColumn('broker_id', 'integer')
        .addColumn('dedupe_key', 'varchar(160)')
        .addColumn('received_at', t.timestamp, (c) => c.notNull())
        .addColumn('parsed_at', t.timestamp, (c) => c.notNull())
        .addColumn('decided_at', t.timestamp)
        .addColumn('decision', 'varchar(10)', (c) =>
          c.check(sql`decision is null or decision in ('traded', 'refused')`),
        )
        .addColumn('decision_reason', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex('signals_bot_dedupe')
        .on('signals')
        .columns(['bot_id', 'dedupe_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('signals_bot_id')
        .on('signals')
        .columns(['bot_id', 'id'])
        .execute();
      await db.schema
        .createIndex('signals_undecided')
        .on('signals')
        .columns(['status', 'decided_at', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('signals').execute();
    },
  };
}
