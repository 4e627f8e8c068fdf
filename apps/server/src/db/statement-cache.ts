import type { Database as SqliteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase, SqliteStatement } from 'kysely';

/** More distinct SQL texts than the app has queries; the bound only guards against a leak. */
export const STATEMENT_CACHE_SIZE = 500;

/** better-sqlite3 refuses to bind JavaScript booleans: they go in as 1 and 0. */
function bindable(parameters: readonly unknown[]): readonly unknown[] {
  for (let i = 0; i < parameters.length; i += 1) {
    if (typeof parameters[i] === 'boolean') {
      return parameters.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));
    }
  }
  return parameters;
}

/** A prepared statement as Kysely's SQLite driver runs it, with booleans bound as 1/0. */
function kyselyStatement(statement: Statement): SqliteStatement {
  return {
    reader: statement.reader,
    all: (parameters) => statement.all(bindable(parameters)),
    run: (parameters) => statement.run(bindable(parameters)),
    iterate: (parameters) => statement.iterate(bindable(parameters)),
  };
}

/**
 * The embedded database as Kysely's SQLite dialect sees it, with prepared statements kept by SQL
 * text. Kysely prepares every statement anew, which was 18 % of the API's busy time;
 * better-sqlite3 statements can be run again with new parameters. Safe because SQLite has one
 * connection that Kysely lends to one query (or stream) at a time, and SQLite re-prepares a
 * statement by itself when a migration changed the schema under it. Booleans are bound as 1/0
 * here, once per parameter list, instead of by a Kysely plugin that walked every query's tree
 * (6 % of the API's busy time; repositories write `virtual: true` on both databases).
 */
export function withStatementCache(
  sqlite: SqliteDatabase,
  size = STATEMENT_CACHE_SIZE,
): KyselySqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql) => {
      let statement = cache.get(sql);
      if (statement === undefined) {
        statement = kyselyStatement(sqlite.prepare(sql));
        // Maps iterate in insertion order: the first key is the oldest one.
        if (cache.size >= size) cache.delete(cache.keys().next().value as string);
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}
