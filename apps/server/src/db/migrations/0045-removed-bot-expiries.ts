import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * The expiry a removed bot had: a bot id created again, in any account,
 * starts from it instead of a fresh trial, so removing and re-adding a bot is no endless trial.
 */
export function removedBotExpiries(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('removed_bot_expiries')
        .addColumn('userid', 'varchar(32)', (c) => c.primaryKey())
        /** Unix seconds, as `bots.botexp`. */
        .addColumn('botexp', 'bigint', (c) => c.notNull())
        .addColumn('removed_at', t.timestamp, (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('removed_bot_expiries').execute();
    },
  };
}
