import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Indexes the operator bot's periodic passes read by time (modules/telegram-bot/producers.ts):
 * - `orders_send_at`: the bots that traded in the last two days (daily summary);
 * - `copy_follows_decided`: follow requests answered since the last pass;
 * - `tg_outbox_created`: sent rows older than the retention window, purged.
 */
export function telegramProducers(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('orders_send_at').on('orders').column('send_at').execute();
      await db.schema
        .createIndex('copy_follows_decided')
        .on('copy_follows')
        .column('decided_at')
        .execute();
      await db.schema
        .createIndex('tg_outbox_created')
        .on('tg_outbox')
        .column('created_at')
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('tg_outbox_created').execute();
      await db.schema.dropIndex('copy_follows_decided').execute();
      await db.schema.dropIndex('orders_send_at').execute();
    },
  };
}
