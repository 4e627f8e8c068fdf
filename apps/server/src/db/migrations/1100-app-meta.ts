import type { Kysely, Migration } from 'kysely';

/**
 * `app_meta`: facts about the installation that every process checks at start, one row per key.
 * `key_check` is a fingerprint of the secret key (an HMAC, never the key): a worker started
 * with another key than the server's refuses to run instead of failing on every stored token.
 */
export function appMeta(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_meta')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('app_meta').execute();
    },
  };
}
