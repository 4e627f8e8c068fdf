import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * A messaging-app bot id is claimed only once proven: `bots.verified` is false
 * while the code the robot's messaging bot sent to that id has not been entered. The trading
 * runtime reads `bots.verified` and trades only verified bots. Bots created before this migration
 * keep trading (true); virtual bots are always true. `bot_verifications` holds the pending code's
 * hash, never the code.
 */
export function botVerification(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('bots')
        .addColumn('verified', t.boolean, (c) => c.notNull().defaultTo(true))
        .execute();
      await db.schema
        .createTable('bot_verifications')
        .addColumn('bot_id', 'bigint', (c) =>
          c.primaryKey().references('bots.id').onDelete('cascade'),
        )
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('sent_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bot_verifications').execute();
      await db.schema.alterTable('bots').dropColumn('verified').execute();
    },
  };
}
