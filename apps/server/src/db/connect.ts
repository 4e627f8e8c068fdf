import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import { columnTypes, type DialectName } from './dialect.ts';
import { migrations } from './migrations/index.ts';
import { allowDirectReads } from './precompiled.ts';
import { withStatementCache } from './statement-cache.ts';
import type { Database } from './schema.ts';

export interface DbOptions {
  /** `postgres://…` selects PostgreSQL; anything else (or nothing) the embedded SQLite. */
  databaseUrl?: string;
  dataDir: string;
  /** Overrides the SQLite file (`:memory:` for tests). */
  sqliteFile?: string;
  /**
   * PostgreSQL dropped an idle pooled connection (server restart, admin termination, network):
   * the pool discards it and opens a new one for the next query. Without a listener node-pg
   * raises it as an unhandled error and the process dies.
   */
  onIdleError?: (err: Error) => void;
}

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
}

const PG_INT8 = 20;

function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//.test(url);
}

/**
 * The data directory holds the database (and, by default, the key): only the server's user may
 * enter it (0700), also when an older install created it 0755.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Creates the file 0600 if missing and tightens it if not. SQLite creates its `-wal` and `-shm`
 * files with the database file's mode, so they follow.
 */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/**
 * SQLite runs DDL inside transactions, though Kysely's adapter says no, so the migrator commits
 * every statement on its own: with `synchronous = FULL`, one fsync per statement, about 1–2 s of
 * a fresh start on a busy disk (start-up ≤ 1 s). Said yes, the migrator applies all
 * pending migrations in one transaction: one fsync, and a failed migration leaves nothing
 * half-done. (No migration sets a pragma, which a transaction would ignore: `migrateToLatest`
 * sets `foreign_keys` around it.)
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * Opens the database named by the options (not yet migrated). The PostgreSQL driver is imported
 * only when a `postgres://` URL asks for it: the embedded default never loads it.
 */
export async function openDatabase(options: DbOptions): Promise<Db> {
  if (isPostgresUrl(options.databaseUrl)) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Ids and epoch-ms timestamps are int8; they fit a JS number, so read them as numbers
      // (pg's default is a string). Set per pool, never on pg's global parser table.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === PG_INT8 && format !== 'binary'
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    pool.on('error', (err) => options.onIdleError?.(err));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: 'postgres',
    };
  }

  let file = options.sqliteFile;
  if (file === undefined) {
    ensurePrivateDir(options.dataDir);
    file = join(options.dataDir, 'app.db');
    ensurePrivateFile(file);
  }
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run while one writer writes; busy_timeout waits for a lock instead of
  // failing at once; SQLite leaves foreign keys off unless asked on every connection.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // FULL: a commit is fsynced before it is acknowledged, so a saved setting, order or payment
  // survives an OS crash or power loss, not only a process crash (NORMAL in WAL mode may lose
  // the last commits on power loss). The cost is one fsync per commit.
  sqlite.pragma('synchronous = FULL');
  const database = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new TransactionalDdlSqliteDialect({ database }) });
  // Between transactions a precompiled read runs at once (db/precompiled.ts); inside one it waits.
  allowDirectReads(db, (text, parameters) =>
    sqlite.inTransaction ? null : database.prepare(text).all(parameters),
  );
  return { db, dialect: 'sqlite' };
}

/** Applies every pending migration; throws with the first failure. */
export async function migrateToLatest({ db, dialect }: Db): Promise<void> {
  // On PostgreSQL the migration tables must live in the schema the app uses (search_path), or
  // Kysely's existence check would see another schema's tables (e.g. a parallel test's).
  const schema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
  const all = migrations(columnTypes(dialect));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => all },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  // SQLite rebuilds a table to change a constraint (0200-bot-claims); dropping the old table with
  // foreign keys on would cascade into every row that references it. So migrations run with them
  // off (a pragma a transaction ignores, hence set around it), and are checked before they are
  // turned back on.
  if (dialect === 'sqlite') await sql`pragma foreign_keys = off`.execute(db);
  const { error, results } = await migrator.migrateToLatest().finally(async () => {
    if (dialect !== 'sqlite') return;
    const broken = await sql`pragma foreign_key_check`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
    if (broken.rows.length > 0) throw new Error('Database migration broke a foreign key');
  });
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed`, { cause: error });
  }
}
