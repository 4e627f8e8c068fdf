import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * The operator bot outlives Telegram's failures (modules/telegram-bot):
 * - every message the bot sends goes through `tg_outbox`, answers first: `priority` 0 for
 *   verification codes, command replies and their edits, 1 for notifications; `ref` names what
 *   a row is about (the bot of a code, the command of a reply), `message_id` the chat message a
 *   reply became (or the one an edit replaces) and `meta` what the edit needs (JSON);
 * - `tg_updates`: the update ids already handled, so an update Telegram delivers twice (a
 *   webhook retried, a poller restarted before confirming its offset) is handled once;
 * - `tg_runtime.detail`: the receiver's state (JSON), which every process's health view reads.
 */
export function telegramSupervision(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('tg_outbox')
        .addColumn('priority', 'smallint', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('tg_outbox').addColumn('ref', 'bigint').execute();
      await db.schema.alterTable('tg_outbox').addColumn('message_id', 'bigint').execute();
      await db.schema.alterTable('tg_outbox').addColumn('meta', 'text').execute();
      await db.schema
        .createIndex('tg_outbox_queue')
        .on('tg_outbox')
        .columns(['status', 'priority', 'id'])
        .execute();
      await db.schema
        .createIndex('tg_outbox_ref')
        .on('tg_outbox')
        .columns(['kind', 'ref'])
        .where(sql.ref('ref'), 'is not', null)
        .execute();
      await db.schema
        .createTable('tg_updates')
        .addColumn('update_id', 'bigint', (c) => c.primaryKey())
        .addColumn('received_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('tg_updates_received')
        .on('tg_updates')
        .column('received_at')
        .execute();
      await db.schema.alterTable('tg_runtime').addColumn('detail', 'text').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('tg_runtime').dropColumn('detail').execute();
      await db.schema.dropTable('tg_updates').execute();
      await db.schema.dropIndex('tg_outbox_ref').execute();
      await db.schema.dropIndex('tg_outbox_queue').execute();
      for (const column of ['meta', 'message_id', 'ref', 'priority']) {
        await db.schema.alterTable('tg_outbox').dropColumn(column).execute();
      }
    },
  };
}
