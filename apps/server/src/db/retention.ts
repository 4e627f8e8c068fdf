import { setImmediate as yieldTurn } from 'node:timers/promises';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Retention of the append-only tables (docs/operator.md "Retention"): rows older than their
 * table's window are deleted in batches, set-based, by a job of the server process (hourly by
 * default) or `npm run prune`. The ledger (`orders`, `paper_orders`) and whatever the robot still
 * needs are never deleted: a bot event not done, a pending entry (an accepted line not decided).
 * The outbox (`tg_outbox`) and Telegram's update markers are purged by the bot's own drainer.
 */
export type RetainedTable = 'bot_events' | 'activity' | 'signals' | 'reader_messages';

export const RETAINED_TABLES: readonly RetainedTable[] = [
  'bot_events',
  'activity',
  'signals',
  'reader_messages',
];

/** Days each table keeps; 0 keeps it forever. */
export type Retention = Record<RetainedTable, number>;

/**
 * The defaults. Bot events are the robot's doorbells, useless once done. The feed (`activity`)
 * is what a trader scrolls back through. Signals and channel messages are each channel's record
 * (the "all" period of the channel-record page): half a year.
 */
export const DEFAULT_RETENTION: Retention = {
  bot_events: 7,
  activity: 90,
  signals: 180,
  reader_messages: 180,
};

/**
 * The least each table may keep: the reader de-duplicates against the last day of signals and
 * a reader catching up may read a day-old message; a bot event may be re-read for a day.
 */
export const MIN_RETENTION_DAYS: Retention = {
  bot_events: 1,
  activity: 1,
  signals: 2,
  reader_messages: 2,
};

/** Rows deleted per statement (RETENTION_BATCH). */
export const DEFAULT_PRUNE_BATCH = 5000;

const DAY_MS = 86_400_000;

type Eb<T extends RetainedTable> = ExpressionBuilder<Database, T>;

interface TableRule<T extends RetainedTable> {
  /** The instant a row's age is measured from. */
  at: 'done_at' | 'at' | 'parsed_at' | 'received_at';
  /** An instant that grows with the id (when the row was written, or after): ends the walk. */
  order: 'due_at' | 'at' | 'parsed_at' | 'received_at';
  /** Besides its age, what a row must be to go. */
  extra?: (eb: Eb<T>) => Expression<SqlBool>;
}

const RULES: { [T in RetainedTable]: TableRule<T> } = {
  // Done events only: a pending one (done_at NULL) is never old.
  bot_events: { at: 'done_at', order: 'due_at' },
  activity: { at: 'at', order: 'at' },
  // A pending entry (accepted, not decided) stays whatever its age: the runtime decides it.
  signals: {
    at: 'parsed_at',
    order: 'parsed_at',
    extra: (eb) => eb.or([eb('status', '=', 'rejected'), eb('decided_at', 'is not', null)]),
  },
  reader_messages: { at: 'received_at', order: 'received_at' },
};

/**
 * Deletes `table`'s rows older than `cutoff`, oldest first, `batch` at a time. The tables are
 * appended in time order, so the job walks the primary key from its start a window of `batch`
 * ids at a time (an index range both to read and to delete, no index on the instant needed) and
 * stops at the first window that deleted nothing and ends on a row young enough to keep (kept
 * old rows, a pending entry or event, never stop it). Yields a turn between batches. Returns the
 * rows deleted.
 */
export async function pruneTable(
  db: Kysely<Database>,
  table: RetainedTable,
  cutoff: number,
  batch: number,
): Promise<number> {
  const rule = RULES[table] as TableRule<RetainedTable>;
  let after = 0;
  let total = 0;
  for (;;) {
    const window = await db
      .selectFrom(table)
      .select(['id', sql<number | null>`${sql.ref(rule.order)}`.as('t')])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    const last = window.at(-1);
    if (last === undefined) break;
    const result = await db
      .deleteFrom(table)
      .where('id', '>', after)
      .where('id', '<=', last.id)
      .where(sql.ref(rule.at), '<', cutoff)
      .$if(rule.extra !== undefined, (q) =>
        q.where((eb) => (rule.extra as NonNullable<typeof rule.extra>)(eb as Eb<RetainedTable>)),
      )
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    total += deleted;
    if (window.length < batch) break;
    if (deleted === 0 && (last.t === null || Number(last.t) >= cutoff)) break;
    after = last.id;
    await yieldTurn();
  }
  return total;
}

/** Rows deleted per table by one run. */
export type PruneResult = Record<RetainedTable, number>;

/** One run over every table whose retention is not 0. */
export async function pruneAppendOnly(
  db: Kysely<Database>,
  { retention, batch, now }: { retention: Retention; batch: number; now: number },
): Promise<PruneResult> {
  const result = { bot_events: 0, activity: 0, signals: 0, reader_messages: 0 };
  for (const table of RETAINED_TABLES) {
    const days = retention[table];
    if (days <= 0) continue;
    result[table] = await pruneTable(db, table, now - days * DAY_MS, batch);
  }
  return result;
}

export interface RetentionJobOptions {
  retention: Retention;
  batch: number;
  /** Between two runs, ms; the first run is one interval after start. */
  intervalMs: number;
  now: () => number;
  /** Told of each run that deleted something, and of a failed run. */
  onRun?: (result: PruneResult) => void;
  onError?: (err: unknown) => void;
}

export interface RetentionJob {
  /** Runs now (and waits): `npm run prune` and the tests. */
  runOnce(): Promise<PruneResult>;
  stop(): Promise<void>;
}

/** The server's pruning job: a chain of timeouts (a slow run delays the next, never overlaps). */
export function startRetentionJob(
  db: Kysely<Database>,
  options: RetentionJobOptions,
): RetentionJob {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const runOnce = async (): Promise<PruneResult> => {
    const result = await pruneAppendOnly(db, {
      retention: options.retention,
      batch: options.batch,
      now: options.now(),
    });
    if (Object.values(result).some((n) => n > 0)) options.onRun?.(result);
    return result;
  };
  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = runOnce()
        .catch((err: unknown) => options.onError?.(err))
        .finally(() => {
          running = null;
          schedule();
        });
    }, options.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
