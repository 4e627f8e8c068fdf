// What the command-line tools share: the database of DATABASE_URL (or DATA_DIR's SQLite file),
// opened after the environment was checked, closed at the end, and an error printed as one line
// (its cause on the next) with exit code 1.
import { resolve } from 'node:path';
import { openDatabase, type Db } from '../db/connect.ts';
import { ConfigError, ConfigReader, databaseSettings } from '../lib/config.ts';

/**
 * Runs `work` on the database, with whatever `read` took from the environment first (the
 * tool's own settings). A wrong setting prints what to fix and returns 1 before anything opens.
 */
export async function withCliDatabase<T>(
  read: (c: ConfigReader) => T,
  work: (database: Db, settings: T) => Promise<number>,
): Promise<number> {
  const c = new ConfigReader(process.env);
  const database = databaseSettings(c, 2);
  let settings: T;
  try {
    settings = read(c);
    c.done();
  } catch (err) {
    if (err instanceof ConfigError) console.error(err.message);
    return 1;
  }
  const opened = await openDatabase({
    dataDir: resolve(process.env.DATA_DIR ?? 'data'),
    databaseUrl: database.databaseUrl,
    poolMax: database.poolMax,
  });
  try {
    return await work(opened, settings);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    const cause = err instanceof Error ? err.cause : undefined;
    if (cause instanceof Error) console.error(cause.message);
    return 1;
  } finally {
    await opened.db.destroy();
  }
}

/** Runs a tool's `main` when the file is the process's entry, its result as the exit code. */
export async function runWhenMain(url: string, main: () => Promise<number>): Promise<void> {
  if (url === `file://${process.argv[1]}`) process.exitCode = await main();
}
