import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/** How many partitions the bots are split into (a bot belongs to `bot_id % PARTITIONS`). */
export const ROBOT_PARTITIONS = 64;

/**
 * The work of the robot shared by partition (docs/decisions/2026-12-02-worker-partitions.md):
 * - `robot_workers`: one row per live runtime process, its heartbeat (`beat_at`) the only write
 *   it makes to stay alive, whatever the number of bots;
 * - `robot_partitions`: 64 rows, each held by at most one worker (`owner`), which alone advances
 *   the bots of that partition.
 * `bot_leases` (one row per bot, renewed every pass) is no longer read or written; it stays for
 * the rolling upgrade (workers of the previous release still lease through it) and goes in a
 * later release.
 */
export function robotPartitions(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('robot_workers')
        .addColumn('id', 'varchar(96)', (c) => c.primaryKey())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('host', 'varchar(255)', (c) => c.notNull())
        .addColumn('pid', 'integer', (c) => c.notNull())
        .addColumn('started_at', t.timestamp, (c) => c.notNull())
        .addColumn('beat_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('robot_partitions')
        .addColumn('partition', 'integer', (c) => c.primaryKey())
        .addColumn('owner', 'varchar(96)')
        .addColumn('taken_at', t.timestamp)
        .execute();
      const rows = Array.from({ length: ROBOT_PARTITIONS }, (_, i) => sql`(${i})`);
      await sql`insert into robot_partitions (partition) values ${sql.join(rows)}`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('robot_partitions').execute();
      await db.schema.dropTable('robot_workers').execute();
    },
  };
}
