import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * `global_params.real_cap`: the trader's own daily real-money limit for a bot at a broker, in
 * the account currency; 0 = none. The real stakes sent in a day may not exceed it.
 */
export function realMoneyCap(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('global_params')
        .addColumn('real_cap', t.real, (c) => c.notNull().defaultTo(0))
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('global_params').dropColumn('real_cap').execute();
    },
  };
}
