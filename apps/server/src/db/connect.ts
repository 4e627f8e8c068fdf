import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
  type LogEvent,
} from 'kysely';
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
  /** Told of every statement and its duration (the metrics' statement counter, the bench). */
  log?: (event: LogEvent) => void;
  /** PostgreSQL connections of this process's pool (default 10). */
  poolMax?: number;
  /** PostgreSQL cancels a statement running longer, ms; 0 or absent = no limit. */
  statementTimeoutMs?: number;
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
      max: options.poolMax ?? 10,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
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
      db: new Kysely<Database>({
        dialect: new PostgresDialect({ pool }),
        ...(options.log ? { log: options.log } : {}),
      }),
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
  const db = new Kysely<Database>({
    dialect: new TransactionalDdlSqliteDialect({ database }),
    ...(options.log ? { log: options.log } : {}),
  });
  // Between transactions a precompiled read runs at once (db/precompiled.ts); inside one it waits.
  allowDirectReads(db, (text, parameters) =>
    sqlite.inTransaction ? null : database.prepare(text).all(parameters),
  );
  return { db, dialect: 'sqlite' };
}

/** Where the database's schema stands against the migrations this build knows. */
export interface SchemaState {
  /** Known migrations not applied yet (oldest first). */
  pending: string[];
  /** Applied migrations this build does not know: a newer build migrated the database. */
  unknown: string[];
  /** The newest applied migration this build knows, or null. */
  current: string | null;
}

/** Thrown when the schema is not one this build may run against; the message says what to do. */
export class SchemaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaError';
  }
}

/** The schema the migration table lives in (PostgreSQL: the app's `search_path`). */
async function migrationSchema({ db, dialect }: Db): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
    ?.schema;
}

function migratorOf(database: Db, schema: string | undefined): Migrator {
  const all = migrations(columnTypes(database.dialect));
  return new Migrator({
    db: database.db,
    provider: { getMigrations: async () => all },
    // Helpers number their migrations in separate ranges and land in any order: a database that
    // already has a later range must still take an earlier one that arrives afterwards.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

/** The applied migrations (none on a fresh database), read from Kysely's migration table. */
async function appliedMigrations(database: Db, schema: string | undefined): Promise<string[]> {
  const table = schema ? sql.table(`${schema}.kysely_migration`) : sql.table('kysely_migration');
  try {
    const rows = await sql<{ name: string }>`select name from ${table} order by name`.execute(
      database.db,
    );
    return rows.rows.map((r) => r.name);
  } catch {
    return [];
  }
}

/** Compares the applied migrations with this build's. */
export async function schemaState(database: Db): Promise<SchemaState> {
  const schema = await migrationSchema(database);
  const known = Object.keys(migrations(columnTypes(database.dialect))).sort();
  const applied = new Set(await appliedMigrations(database, schema));
  const knownSet = new Set(known);
  return {
    pending: known.filter((n) => !applied.has(n)),
    unknown: [...applied].filter((n) => !knownSet.has(n)).sort(),
    current: [...known].reverse().find((n) => applied.has(n)) ?? null,
  };
}

function newerSchemaError(unknown: readonly string[]): SchemaError {
  return new SchemaError(
    `The database was migrated by a newer build of CopyBot (migration ${unknown.join(', ')}, unknown to this one). ` +
      'Run the newer build, or roll the database back with the newer build first: npm run migrate -- --to <the last migration this build knows>',
  );
}

/**
 * For a process that must not migrate (a worker): refuses a schema newer than this build, or
 * one with migrations still to apply (`npm run migrate` once, then start the workers).
 */
export async function requireCurrentSchema(database: Db): Promise<void> {
  const state = await schemaState(database);
  if (state.unknown.length > 0) throw newerSchemaError(state.unknown);
  if (state.pending.length > 0) {
    throw new SchemaError(
      `The database lacks ${state.pending.length} migration(s) of this build (first: ${state.pending[0]}): run npm run migrate once (or start the server, which migrates), then start the workers`,
    );
  }
}

/**
 * Applies every pending migration; throws with the first failure. Refuses a database that a
 * newer build migrated (its migrations are unknown here) instead of running on a schema it does
 * not know.
 */
export async function migrateToLatest(database: Db): Promise<string[]> {
  const state = await schemaState(database);
  if (state.unknown.length > 0) throw newerSchemaError(state.unknown);
  return migrateWith(database, (m) => m.migrateToLatest());
}

/**
 * Migrates up or down to `name` (the rollback of `npm run migrate -- --to <name>`): migrations
 * after it are undone with their `down`, newest first.
 */
export async function migrateTo(database: Db, name: string): Promise<string[]> {
  const known = Object.keys(migrations(columnTypes(database.dialect)));
  if (!known.includes(name)) throw new SchemaError(`No migration named ${name} in this build`);
  return migrateWith(database, (m) => m.migrateTo(name));
}

async function migrateWith(
  database: Db,
  run: (m: Migrator) => ReturnType<Migrator['migrateToLatest']>,
): Promise<string[]> {
  const { db, dialect } = database;
  // On PostgreSQL the migration tables must live in the schema the app uses (search_path), or
  // Kysely's existence check would see another schema's tables (e.g. a parallel test's).
  const migrator = migratorOf(database, await migrationSchema(database));
  // SQLite rebuilds a table to change a constraint (0200-bot-claims); dropping the old table with
  // foreign keys on would cascade into every row that references it. So migrations run with them
  // off (a pragma a transaction ignores, hence set around it), and are checked before they are
  // turned back on.
  if (dialect === 'sqlite') await sql`pragma foreign_keys = off`.execute(db);
  const { error, results } = await run(migrator).finally(async () => {
    if (dialect !== 'sqlite') return;
    const broken = await sql`pragma foreign_key_check`.execute(db);
    await sql`pragma foreign_keys = on`.execute(db);
    if (broken.rows.length > 0) throw new Error('Database migration broke a foreign key');
  });
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed`, { cause: error });
  }
  return (results ?? [])
    .filter((r) => r.status === 'Success')
    .map((r) => `${r.direction === 'Down' ? 'down' : 'up'} ${r.migrationName}`);
}
