import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Requests to reset or delete a bot's signal reader (SPEC §2 "Copy signals menu"): queued here
 * for the reader runtime, like bot commands are for the robot runtime.
 */
export function readerRequests(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await t
        .id(db.schema.createTable('reader_requests'))
        .addColumn('bot_id', 'bigint', (c) => c.notNull().references('bots.id').onDelete('cascade'))
        .addColumn('action', 'varchar(8)', (c) =>
          c.notNull().check(sql`action in ('reset', 'delete')`),
        )
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('status', 'varchar(8)', (c) =>
          c
            .notNull()
            .defaultTo('queued')
            .check(sql`status in ('queued', 'done', 'failed')`),
        )
        .execute();
      await db.schema
        .createIndex('reader_requests_status')
        .on('reader_requests')
        .columns(['status', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('reader_requests').execute();
    },
  };
}
