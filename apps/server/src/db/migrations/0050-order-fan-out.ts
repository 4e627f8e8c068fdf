import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * `orders.fanned_out_at`: when a bot's own confirmed order was fanned out to its followers (or
 * found to have none to go to). The fan-out runs in a transaction of its own after the order's
 * confirmation; NULL on an open own order means "still to fan out", and the bot's next run does
 * it (after a crash between the two commits). NULL on copies and on orders not confirmed. The
 * open orders of before this migration were fanned out with their confirmation.
 */
export function orderFanOut(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('fanned_out_at', t.timestamp).execute();
      await sql`update orders set fanned_out_at = confirmed_at
        where copy_of is null and confirmed_at is not null`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').dropColumn('fanned_out_at').execute();
    },
  };
}
