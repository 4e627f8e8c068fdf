import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * `tg_chat_pace`: how many updates a chat sent in its current one-second window
 * (modules/telegram-bot/bot-handlers.ts). In the database rather than in a process's memory, so
 * several servers taking one chat's webhook updates pace it as one. Rows older than a minute are
 * purged with the handled update ids.
 */
export function chatPace(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tg_chat_pace')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_at', t.timestamp, (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('tg_chat_pace').execute();
    },
  };
}
