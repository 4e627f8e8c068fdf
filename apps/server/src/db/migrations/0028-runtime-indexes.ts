import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Indexes the runtime's per-bot reads seek by: a bot's undecided signals
 * (`signals_undecided` led by status, so every bot's run walked every bot's undecided signals —
 * quadratic in a burst), and a bot's orders in flight (`orders_bot_id` walked the bot's whole
 * order history on every run).
 */
export function runtimeIndexes(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('signals_bot_undecided')
        .on('signals')
        .columns(['bot_id', 'status', 'decided_at', 'id'])
        .execute();
      await db.schema
        .createIndex('orders_bot_state')
        .on('orders')
        .columns(['bot_id', 'state', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('orders_bot_state').execute();
      await db.schema.dropIndex('signals_bot_undecided').execute();
    },
  };
}
