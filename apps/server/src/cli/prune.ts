// `npm run -s prune`: one run of the retention job (db/retention.ts) on the database of
// DATABASE_URL (or DATA_DIR's SQLite file), with the RETENTION_* settings the server reads, then
// prints what it deleted per table. For a deployment that runs the job from cron instead of the
// server (RETENTION_INTERVAL_MIN=0), or once before a backup.
import { resolve } from 'node:path';
import { openDatabase, requireCurrentSchema } from '../db/connect.ts';
import { pruneAppendOnly } from '../db/retention.ts';
import { ConfigError, ConfigReader, databaseSettings, retentionSettings } from '../lib/config.ts';

async function main(): Promise<number> {
  const c = new ConfigReader(process.env);
  const settings = databaseSettings(c, 2);
  const retention = retentionSettings(c);
  try {
    c.done();
  } catch (err) {
    if (err instanceof ConfigError) console.error(err.message);
    return 1;
  }
  const database = await openDatabase({
    dataDir: resolve(process.env.DATA_DIR ?? 'data'),
    databaseUrl: settings.databaseUrl,
    poolMax: settings.poolMax,
  });
  try {
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
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await database.db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await main();
}
