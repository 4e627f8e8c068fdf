import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** More distinct SQL texts than the app has queries; the bound only guards against a leak. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The embedded database as Kysely's SQLite dialect sees it, with prepared statements kept by SQL
 * text. Kysely prepares every statement anew, which was 18 % of the API's busy time (issue 12);
 * better-sqlite3 statements can be run again with new parameters. Safe because SQLite has one
 * connection that Kysely lends to one query (or stream) at a time, and SQLite re-prepares a
 * statement by itself when a migration changed the schema under it.
 */
export function withStatementCache(
  sqlite: SqliteDatabase,
  size = STATEMENT_CACHE_SIZE,
): KyselySqliteDatabase {
  const cache = new Map<string, Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql) => {
      let statement = cache.get(sql);
      if (statement === undefined) {
        statement = sqlite.prepare(sql);
        // Maps iterate in insertion order: the first key is the oldest one.
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
