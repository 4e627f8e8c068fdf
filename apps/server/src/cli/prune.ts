// `npm run -s prune`: one run of the retention job (db/retention.ts) on the database of
// DATABASE_URL (or DATA_DIR's SQLite file), with the RETENTION_* settings the server reads, then
// prints what it deleted per table. For a deployment that runs the job from cron instead of the
// server (RETENTION_INTERVAL_MIN=0), or once before a backup.
import { requireCurrentSchema } from '../db/connect.ts';
import { pruneAppendOnly } from '../db/retention.ts';
import { retentionSettings } from '../lib/config.ts';
import { runWhenMain, withCliDatabase } from './cli-database.ts';

async function main(): Promise<number> {
  return withCliDatabase(retentionSettings, async (database, retention) => {
    await requireCurrentSchema(database);
    const deleted = await pruneAppendOnly(database.db, {
      retention: retention.days,
      batch: retention.batch,
      now: Date.now(),
    });
    for (const [table, n] of Object.entries(deleted)) {
      const days = retention.days[table as keyof typeof deleted];
      console.log(`${table}: ${n} deleted (keeps ${days === 0 ? 'forever' : `${days} days`})`);
    }
    return 0;
  });
}

await runWhenMain(import.meta.url, main);
