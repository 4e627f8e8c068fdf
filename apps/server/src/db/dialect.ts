import type {
  ColumnDataType,
  CreateTableBuilder,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { OperationNodeTransformer, PrimitiveValueListNode, ValueNode } from 'kysely';

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

class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    if (typeof node.value !== 'boolean') return super.transformValue(node);
    // Keep immediates (e.g. `defaultTo(false)` in DDL) inline: DDL cannot take parameters.
    return node.immediate
      ? ValueNode.createImmediate(node.value ? 1 : 0)
      : ValueNode.create(node.value ? 1 : 0);
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    return PrimitiveValueListNode.create(
      node.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)),
    );
  }
}

/**
 * better-sqlite3 refuses to bind JavaScript booleans; this converts them to 0/1 so repositories
 * can write `virtual: true` on both databases.
 */
export class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanToInteger();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
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
