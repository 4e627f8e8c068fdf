import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * The robot runtime's per-bot session (packages/robot `SessionState`, a plain JSON value): one
 * row per bot, gone with the bot. The runtime reads and writes it inside the transaction that
 * applies a command, so a command and the state it produced are saved together or not at all.
 */
export function botSessions(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bot_sessions')
        .addColumn('bot_id', 'bigint', (c) =>
          c.primaryKey().references('bots.id').onDelete('cascade'),
        )
        .addColumn('state', t.json, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bot_sessions').execute();
    },
  };
}
