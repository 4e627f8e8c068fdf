import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * `signals.entry_at`: the planned send instant of an accepted line (its entry), written by the
 * reader. An accepted line is a pending entry of its bot until the runtime decides it when it is
 * due (docs/decisions/2026-11-26-pending-entries.md); the index lets the runtime find the bots
 * with an entry due now without reading every pending one. NULL (rows of before, test rows) =
 * planned by the runtime from the row itself.
 */
export function pendingEntries(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('signals').addColumn('entry_at', t.timestamp).execute();
      await db.schema.alterTable('signals').addColumn('cancelled_at', t.timestamp).execute();
      await db.schema.alterTable('signals').addColumn('cancelled_by', 'text').execute();
      await db.schema
        .createIndex('signals_pending_entry')
        .on('signals')
        .columns(['decided_at', 'entry_at'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('signals_pending_entry').execute();
      await db.schema.alterTable('signals').dropColumn('cancelled_by').execute();
      await db.schema.alterTable('signals').dropColumn('cancelled_at').execute();
      await db.schema.alterTable('signals').dropColumn('entry_at').execute();
    },
  };
}
