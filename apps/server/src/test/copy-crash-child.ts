// A copy dispatcher process for the crash tests: runs one dispatch pass at a given instant and
// kills itself with SIGKILL (like `kill -9`) at the fault point named on the command line.
import { dispatchCopies } from '../robot/copy/dispatch.ts';
import { openWorkerDeps } from '../worker.ts';

// The second argument is the PostgreSQL URL, or '-' for the SQLite file in dataDir.
const [dataDir, databaseUrl, at, point] = process.argv.slice(2);
if (!dataDir || !databaseUrl || !at || !point)
  throw new Error('usage: dataDir databaseUrl|- at point');
const deps = await openWorkerDeps({
  dataDir,
  secretKey: '00'.repeat(32),
  ...(databaseUrl === '-' ? {} : { databaseUrl }),
});
await dispatchCopies({
  ...deps,
  now: () => Number(at),
  fault: (p) => {
    if (p === point) process.kill(process.pid, 'SIGKILL');
  },
});
await deps.close();
