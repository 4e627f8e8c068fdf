// What the trading runtime asks of SQLite per order and per settlement, counted rather than
// timed: statements run and durable commits (a transaction that wrote, or a write outside one —
// each an fsync with synchronous=FULL), against the bare loop of the trading case (insert placed,
// mark open: 2 statements, 2 commits). On a shared, loaded disk the fsyncs make the timed ratios
// of the trading case swing from run to run; these counts do not.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from '@app/server/src/app.ts';
import { processQueuedCommands } from '@app/server/src/test/commands.ts';
import { enqueueBotEvent } from '@app/server/src/robot/bot-events.ts';
import { runSession } from '@app/server/src/robot/run-session.ts';
import { runtimeDepsOf } from '@app/server/src/robot/runtime.ts';
import { seedTradingBots } from '@app/server/src/test/trading.ts';
import { SQLITE_LABEL } from '../lib/postgres.ts';

const BOTS = 100;
const MINUTE = 60_000;
const quiet = { info: () => undefined, error: () => undefined };

interface Counts {
  statements: number;
  commits: number;
}

type Statement = Record<'run' | 'get' | 'all' | 'iterate', (...args: unknown[]) => unknown>;
interface SqliteClass {
  prototype: { prepare: (this: unknown, sql: string, ...rest: unknown[]) => Statement };
}

/** Counts every statement the server's SQLite connection runs, until `stop()`. */
function countStatements(): { counts: Counts; reset: () => Counts; stop: () => void } {
  // The server's own better-sqlite3 (the bench does not depend on it directly).
  const require = createRequire(new URL('../../apps/server/package.json', import.meta.url));
  const Sqlite = require('better-sqlite3') as SqliteClass;
  const prepare = Sqlite.prototype.prepare;
  const counts: Counts = { statements: 0, commits: 0 };
  let inTransaction = false;
  let wrote = false;
  Sqlite.prototype.prepare = function (this: unknown, sql: string, ...rest: unknown[]) {
    const statement = prepare.call(this, sql, ...rest);
    const text = sql.trim().toLowerCase();
    const write = /^(insert|update|delete)\b/.test(text);
    for (const method of ['run', 'get', 'all', 'iterate'] as const) {
      const original = statement[method];
      statement[method] = (...args: unknown[]) => {
        if (text === 'begin') {
          inTransaction = true;
          wrote = false;
        } else if (text === 'commit' || text === 'rollback') {
          if (text === 'commit' && wrote) counts.commits += 1;
          inTransaction = false;
        } else {
          counts.statements += 1;
          if (write && inTransaction) wrote = true;
          else if (write) counts.commits += 1;
        }
        return original.apply(statement, args);
      };
    }
    return statement;
  };
  return {
    counts,
    reset: () => {
      const copy = { ...counts };
      counts.statements = 0;
      counts.commits = 0;
      return copy;
    },
    stop: () => {
      Sqlite.prototype.prepare = prepare;
    },
  };
}

const per = (c: Counts, n: number) =>
  `${(c.statements / n).toFixed(1)} statements, ${(c.commits / n).toFixed(1)} durable commits`;

export async function run(): Promise<void> {
  const counter = countStatements();
  const dir = mkdtempSync(join(tmpdir(), 'bench-trading-writes-'));
  let clock = Date.UTC(2026, 0, 8, 10, 0);
  const app = await build({
    dataDir: dir,
    secretKey: '00'.repeat(32),
    webDist: '/nonexistent-web-dist',
    robot: false,
    now: () => clock,
  });
  try {
    const db = app.deps.db;
    const rt = runtimeDepsOf(app.deps, quiet);
    const botIds = await seedTradingBots(db, BOTS, clock);
    await processQueuedCommands(rt, { limit: BOTS });
    const at = Math.ceil(clock / MINUTE) * MINUTE;
    clock = at;
    for (const [i, botId] of botIds.entries()) {
      const signal = await db
        .insertInto('signals')
        .values({
          bot_id: botId,
          channel_id: 'bench',
          status: 'accepted',
          asset: i % 2 ? 'EURUSD' : 'GBPUSD',
          direction: 'CALL',
          signal_at: at,
          timeframe_min: 1,
          signal_type: 8,
          delay_ms: 0,
          dedupe_key: `bench-${i}`,
          received_at: clock,
          parsed_at: clock,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueueBotEvent(db, { botId, kind: 'signal', refId: signal.id, dueAt: clock });
    }
    counter.reset();
    for (const botId of botIds) await runSession(rt, botId);
    const placed = counter.reset();
    clock = at + MINUTE;
    for (const botId of botIds) await runSession(rt, botId);
    const settled = counter.reset();
    console.log(`database: ${SQLITE_LABEL}`);
    console.log(
      `per order placed (signal decided, ledger, paper broker, open): ${per(placed, BOTS)}`,
    );
    console.log(`per order settled (paper broker, ledger, session): ${per(settled, BOTS)}`);
    console.log(
      'bare loop per order (insert placed, mark open): 2.0 statements, 2.0 durable commits',
    );
  } finally {
    counter.stop();
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
