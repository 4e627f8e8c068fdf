import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Renewing a "Conectar Deriv" connection: Deriv's OAuth access tokens are short-lived
 * (`expires_in`) and may come with a refresh token. `broker_credentials.refresh_token_enc` keeps
 * it, encrypted like every secret (NULL: none, e.g. a personal access token), and
 * `token_expires_at` (Unix ms, NULL: does not expire) when the stored access token runs out.
 */
export function derivTokenRenewal(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('broker_credentials')
        .addColumn('refresh_token_enc', 'text')
        .execute();
      await db.schema
        .alterTable('broker_credentials')
        .addColumn('token_expires_at', t.timestamp)
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('broker_credentials').dropColumn('token_expires_at').execute();
      await db.schema.alterTable('broker_credentials').dropColumn('refresh_token_enc').execute();
    },
  };
}
