import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** Stands for a named value while the query is compiled; never reaches the database. */
const SLOT = '\u0000precompiled:';

type Slot = { name: string } | { value: unknown };

/** Runs a read at once on the embedded database; null when it must go through Kysely. */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | null;

const directReads = new WeakMap<Kysely<Database>, DirectRead>();

/**
 * Lets precompiled reads on this (SQLite) database skip Kysely's connection lending: SQLite runs a
 * statement synchronously, and the promises around it (acquire the one connection, run, release)
 * cost more than the read. `read` must answer null while a transaction is open on the
 * connection, so that a read never sees another request's uncommitted writes; it then queues
 * behind the transaction like any other query.
 */
export function allowDirectReads(db: Kysely<Database>, read: DirectRead): void {
  directReads.set(db, read);
}

/**
 * A query Kysely builds and compiles once per database, then runs with new values: building and
 * compiling a two-condition SELECT cost more than SQLite running it, and about a tenth of an
 * authenticated read's time. For the hot reads that every request makes (the session)
 * or that screens poll. `build` receives `param(name)`, which stands for the value of that name;
 * constants written in the query stay bound as they are.
 *
 * The SQL text is the dialect's (placeholders `?` or `$n`), so the cache is per database
 * instance; a transaction is its own instance and compiles its own (and never reads directly).
 */
export function precompiled<Params extends Record<string, unknown>, Row>(
  build: (
    db: Kysely<Database>,
    param: <K extends keyof Params & string>(name: K) => Params[K],
  ) => Compilable<Row>,
): (db: Kysely<Database>, params: Params) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<Database>, { sql: string; slots: Slot[] }>();
  const compile = (db: Kysely<Database>): { sql: string; slots: Slot[] } => {
    const query = build(db, (name) => `${SLOT}${name}` as never).compile();
    const slots = query.parameters.map((value): Slot =>
      typeof value === 'string' && value.startsWith(SLOT)
        ? { name: value.slice(SLOT.length) }
        : { value },
    );
    return { sql: query.sql, slots };
  };
  return async (db, params) => {
    let compiled = compiledFor.get(db);
    if (compiled === undefined) {
      compiled = compile(db);
      compiledFor.set(db, compiled);
    }
    const values = compiled.slots.map((slot) => ('name' in slot ? params[slot.name] : slot.value));
    const rows = directReads.get(db)?.(compiled.sql, values);
    if (rows) return rows as Row[];
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, values));
    return result.rows;
  };
}
