import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';
import { ROBOT_PARTITIONS } from './1101-robot-partitions.ts';

/**
 * The reader reads a room once for all its readers (docs/decisions/2026-12-03-reader-fan-in.md):
 * - `reader_rooms`: per room owner, the last message turned into every reader's entries, advanced
 *   in the transaction that wrote them (a message is fanned in once, whichever reader took it);
 * - `reader_partitions`: per partition of room owners (`owner % 64`, the robot's partitions), the
 *   message id up to which every message of the partition is read: an idle pass looks past it
 *   only, whatever the number of bots;
 * - `bots_traderid`: a room's followers found by their trader id.
 * A partition starts where the slowest bot's cursor is, so an upgrade skips no unread message
 * (the bots' own cursors keep the ones read already from being read twice).
 */
export function readerFanIn(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reader_rooms')
        .addColumn('owner_id', 'bigint', (c) =>
          c.primaryKey().references('bots.id').onDelete('cascade'),
        )
        .addColumn('last_message_id', 'bigint', (c) => c.notNull())
        .addColumn('last_message_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('reader_partitions')
        .addColumn('partition', 'integer', (c) => c.primaryKey())
        .addColumn('read_to', 'bigint', (c) => c.notNull())
        .execute();
      const from = await sql<{ low: number | string | null }>`
        select min(last_message_id) as low from reader_state`.execute(db);
      const low = Number(from.rows[0]?.low ?? 0);
      const rows = Array.from({ length: ROBOT_PARTITIONS }, (_, i) => sql`(${i}, ${low})`);
      await sql`insert into reader_partitions (partition, read_to) values ${sql.join(rows)}`.execute(
        db,
      );
      await db.schema.createIndex('bots_traderid').on('bots').column('traderid').execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('bots_traderid').execute();
      await db.schema.dropTable('reader_partitions').execute();
      await db.schema.dropTable('reader_rooms').execute();
    },
  };
}
