/* eslint-disable @typescript-eslint/no-explicit-any -- the helpers take any database or transaction */
import { sql, SqliteAdapter, type Kysely, type RawBuilder } from 'kysely';

/**
 * PostgreSQL types of the columns a bulk statement carries (SQLite reads each JSON value with
 * its own type: numbers as INTEGER/REAL, strings as TEXT, objects as JSON text).
 */
export type BulkColumns = Record<
  string,
  'bigint' | 'integer' | 'double precision' | 'text' | 'jsonb'
>;

/** Whether `db` (or a transaction of it) talks to the embedded SQLite database. */
export function isSqlite(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter;
}

/**
 * Many rows as ONE bound parameter (a JSON array of objects), as a derived table with the columns
 * of `columns`: `select … from ${jsonRows(db, cols, rows)} as v`. A multi-row VALUES list binds one
 * parameter per cell, and building, binding and parsing 10,000 × 20 of them cost more than the
 * database's own work (copy bench, docs/decisions/2026-11-23-copy-bench-first-pass.md); one JSON
 * text is parsed by the database in one pass (SQLite `json_each`, PostgreSQL `json_to_recordset`).
 */
export function jsonRows(
  db: Kysely<any>,
  columns: BulkColumns,
  rows: readonly object[],
): RawBuilder<unknown> {
  const names = Object.keys(columns);
  if (isSqlite(db)) {
    // Rows as arrays (`value ->> 0`): SQLite reads them about twice as fast as objects by key.
    const arrays = new Array<unknown[]>(rows.length);
    for (let i = 0; i < rows.length; i += 1) {
      const r = rows[i] as Record<string, unknown>;
      const a = new Array<unknown>(names.length);
      for (let j = 0; j < names.length; j += 1) a[j] = r[names[j] as string] ?? null;
      arrays[i] = a;
    }
    const text = JSON.stringify(arrays);
    return sql`(select ${sql.join(
      names.map((n, i) => sql`value ->> ${sql.lit(i)} as ${sql.id(n)}`),
    )} from json_each(${text}))`;
  }
  const text = JSON.stringify(rows);
  return sql`(select * from json_to_recordset(cast(${text} as json)) as r(${sql.join(
    names.map((n) => sql`${sql.id(n)} ${sql.raw(columns[n] as string)}`),
  )}))`;
}

/**
 * `insert into table (columns) select columns from jsonRows(rows) …`: one statement and one
 * parameter for any number of rows. `tail` is appended (`on conflict …`, `returning …`).
 */
export function insertJsonRows(
  db: Kysely<any>,
  table: string,
  columns: BulkColumns,
  rows: readonly object[],
  tail: RawBuilder<unknown> = sql``,
): RawBuilder<unknown> {
  const cols = sql.join(Object.keys(columns).map((n) => sql.id(n)));
  // `where true`: SQLite reads `on conflict` after a bare FROM as a join constraint otherwise.
  return sql`insert into ${sql.table(table)} (${cols}) select ${cols} from ${jsonRows(
    db,
    columns,
    rows,
  )} as v where true ${tail}`;
}

/** Many ids as one parameter, for `where id in ${jsonIds(db, ids)}`. */
export function jsonIds(db: Kysely<any>, ids: readonly (number | string)[]): RawBuilder<unknown> {
  const text = JSON.stringify(ids);
  if (isSqlite(db)) return sql`(select value from json_each(${text}))`;
  return sql`(select cast(x as bigint) from json_array_elements_text(cast(${text} as json)) as x)`;
}

/**
 * The rows of `from` (a `from … where …` clause) as arrays of `columns`, built by the database as
 * ONE JSON value (SQLite `json_group_array`, PostgreSQL `json_agg`): the driver then parses one
 * text instead of building an object per row and field, which for 10,000 wide rows cost more than
 * the query (copy bench, docs/decisions/2026-11-23-copies-placed-in-fan-out.md). Row order is not
 * promised.
 */
export async function selectArrays(
  db: Kysely<any>,
  columns: readonly RawBuilder<unknown>[],
  from: RawBuilder<unknown>,
): Promise<unknown[][]> {
  const cols = sql.join(columns);
  const query = isSqlite(db)
    ? sql<{ j: string | null }>`select json_group_array(json_array(${cols})) as j ${from}`
    : sql<{ j: unknown[][] | null }>`select json_agg(json_build_array(${cols})) as j ${from}`;
  const row = (await query.execute(db)).rows[0];
  const j = row?.j ?? null;
  if (j === null) return [];
  return typeof j === 'string' ? (JSON.parse(j) as unknown[][]) : (j as unknown[][]);
}

/**
 * `jsonRows` for rows that often share values (a fan-out's copies mostly have the same broker,
 * account, stake and instants): a column with one value in every row is bound once as a scalar,
 * and only the others travel per row in the JSON parameter — SQLite re-reads a row's JSON text
 * for every column it extracts (~4.5 ms per column per 10,000 rows). `keep` columns always travel
 * per row. `from` is the derived table (`as v`); `col(name)` is what to select for a column.
 */
export function compactJsonRows(
  db: Kysely<any>,
  columns: BulkColumns,
  rows: readonly object[],
  keep: readonly string[],
): { from: RawBuilder<unknown>; col: (name: string) => RawBuilder<unknown> } {
  const varying: BulkColumns = {};
  const uniform = new Map<string, unknown>();
  for (const [name, type] of Object.entries(columns)) {
    const first = (rows[0] as Record<string, unknown> | undefined)?.[name] ?? null;
    const same =
      !keep.includes(name) &&
      rows.every((r) => ((r as Record<string, unknown>)[name] ?? null) === first);
    if (same) uniform.set(name, first);
    else varying[name] = type;
  }
  return {
    from: jsonRows(db, varying, rows),
    col: (name) =>
      uniform.has(name)
        ? sql`cast(${uniform.get(name)} as ${sql.raw(columns[name] as string)})`
        : sql`v.${sql.id(name)}`,
  };
}
