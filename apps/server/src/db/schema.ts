import type { ColumnType, Generated } from 'kysely';

/**
 * A boolean column: PostgreSQL stores and returns `boolean`; SQLite has no boolean type, so it
 * stores 0/1 (the SQLite boolean plugin converts bound booleans) and returns a number. Reads go
 * through `Boolean()` (see `fromDbBool`).
 */
export type DbBool = ColumnType<boolean | number, boolean, boolean>;

/**
 * Timestamps are Unix epoch milliseconds in every dialect (`bigint` on PostgreSQL, `integer` on
 * SQLite): one representation, portable comparisons, and an injectable clock in tests.
 */
export type EpochMs = number;

export interface AccountsTable {
  id: Generated<number>;
  /** Always stored trimmed and lower-case; unique. */
  email: string;
  /** argon2id PHC string. */
  password_hash: string;
  created_at: EpochMs;
}

export interface BotsTable {
  id: Generated<number>;
  account_id: number;
  /** The messaging-app user id; unique across all accounts. */
  userid: string;
  traderid: string;
  virtual: DbBool;
  email: string;
  /** Expiry in Unix seconds; ≤ 0 = none. */
  botexp: number;
  current_broker: Generated<number>;
  brokers_mask: Generated<number>;
  multi_broker: Generated<number>;
  created_at: EpochMs;
}

export interface SessionsTable {
  /** sha256 hex of the random token; the raw token lives only in the browser's cookie. */
  id: string;
  account_id: number;
  created_at: EpochMs;
  last_seen_at: EpochMs;
  expires_at: EpochMs;
}

/** One row per (bot, broker): the wire fields of GlobalParamsSchema in snake_case. */
export interface GlobalParamsTable {
  bot_id: number;
  broker_id: number;
  acc_type: number;
  option_type: number;
  lote_type: number;
  stop_type: number;
  lote: number;
  galenum: number;
  galefat: number;
  stop_win: number;
  stop_loss: number;
  payout: number;
  trader_mode: number;
  login_method: number;
  strategy_sel: number;
  type_operation: number;
  stop_movel: number;
  updated_at: EpochMs;
}

export interface Database {
  accounts: AccountsTable;
  bots: BotsTable;
  sessions: SessionsTable;
  global_params: GlobalParamsTable;
}
