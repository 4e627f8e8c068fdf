import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * `messaging_cursors`: per messaging-app account (bot) and chat, the id of the newest message
 * up to which every message is known to be stored. After a reconnection or a restart the reader
 * fetches the chat's messages above it (gramjs 2.26 has no catch-up of its own).
 */
export function messagingCursors(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('messaging_cursors')
        .addColumn('bot_id', 'bigint', (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('chat_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('last_message_id', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('messaging_cursors_pk', ['bot_id', 'chat_id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('messaging_cursors').execute();
    },
  };
}
