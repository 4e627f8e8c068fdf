import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Copy trading: a follower's own relationships are read without a product (`/myfollows`,
 * the `either` relation check of `/followremove`), which 0030's indexes — (product, follower,
 * trader) and (trader, product, state) — cannot serve; this one can.
 */
export function copyFollowerIndex(_t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('copy_follows_follower')
        .on('copy_follows')
        .columns(['follower_bot_id', 'trader_bot_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('copy_follows_follower').execute();
    },
  };
}
