import type { ColumnDataType, CreateTableBuilder } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/**
 * The few column types that differ between the two databases. Everything else in migrations and
 * queries is the same Kysely code for both.
 */
export interface ColumnTypes {
  /** Adds an auto-increment integer primary key named `id`. */
  id: <T extends string, C extends string>(
    table: CreateTableBuilder<T, C>,
  ) => CreateTableBuilder<T, C | 'id'>;
  boolean: ColumnDataType;
  json: ColumnDataType;
  /** Epoch milliseconds (see `EpochMs` in schema.ts). */
  timestamp: ColumnDataType;
  /** Floating-point settings values (stakes, multipliers, percentages). */
  real: ColumnDataType;
}

export function columnTypes(dialect: DialectName): ColumnTypes {
  if (dialect === 'postgres') {
    return {
      id: (t) => t.addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity()),
      boolean: 'boolean',
      json: 'jsonb',
      timestamp: 'bigint',
      real: 'double precision',
    };
  }
  return {
    id: (t) => t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    boolean: 'integer',
    json: 'text',
    timestamp: 'integer',
    real: 'real',
  };
}

/** Reads a boolean column (0/1 on SQLite, boolean on PostgreSQL). */
export function fromDbBool(value: boolean | number): boolean {
  return Boolean(value);
}

/** Reads a json column (text on SQLite, already parsed jsonb on PostgreSQL). */
export function fromDbJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** Writes a json column; PostgreSQL accepts the text for jsonb too. */
export function toDbJson(value: unknown): string {
  return JSON.stringify(value);
}

/**
 * The table and column of a unique-constraint violation, or null for any other error. Lets a
 * service answer 409 when two requests race past its existence check.
 */
export function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown };
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    // "UNIQUE constraint failed: accounts.email"
    return String(e.message).split(': ')[1] ?? '';
  }
  if (e.code === '23505') {
    // constraint "accounts_email_key", detail "Key (email)=(…) already exists."
    return String(e.constraint ?? '')
      .replace(/_key$/, '')
      .replace('_', '.');
  }
  return null;
}
