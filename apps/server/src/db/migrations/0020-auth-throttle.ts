import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../dialect.ts';

/**
 * Counters of the credential endpoints, shared by every server instance: failed logins per
 * (account, address) and per address, and registrations per address. One row per key
 * (`login:<email>|<address>`, `login-address:<address>`, `register:<address>`).
 */
export function authThrottle(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_throttle')
        .addColumn('key', 'varchar(400)', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        /** Last failure (login keys) or start of the hour window (registration keys). */
        .addColumn('at', t.timestamp, (c) => c.notNull())
        .addColumn('blocked_until', t.timestamp, (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('auth_throttle').execute();
    },
  };
}
