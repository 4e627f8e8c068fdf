import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * `deriv_oauth_states`: "Conectar Deriv" flows under way (OAuth 2.0 authorization code with
 * PKCE). One row per started flow, keyed by the SHA-256 of its `state`; the PKCE
 * verifier is encrypted like every secret. A row is used once and lives ten minutes.
 */
export function derivOAuth(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('deriv_oauth_states')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('bot_id', 'integer', (c) =>
          c.notNull().references('bots.id').onDelete('cascade'),
        )
        .addColumn('verifier_enc', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('deriv_oauth_states').execute();
    },
  };
}
