// A runtime process for the crash tests: runs one bot once at a given instant and kills itself
// with SIGKILL (like `kill -9`) at the fault point named on the command line.
import { openWorkerDeps } from '../worker.ts';
import { runSession } from '../robot/run-session.ts';

// The second argument is the PostgreSQL URL, or '-' for the SQLite file in dataDir.
const [dataDir, databaseUrl, botId, at, point] = process.argv.slice(2);
if (!dataDir || !databaseUrl || !botId || !at || !point)
  throw new Error('usage: dataDir databaseUrl|- botId at point');
const deps = await openWorkerDeps({
  dataDir,
  secretKey: '00'.repeat(32),
  ...(databaseUrl === '-' ? {} : { databaseUrl }),
});
await runSession(
  {
    ...deps,
    now: () => Number(at),
    fault: (p) => {
      if (p === point) process.kill(process.pid, 'SIGKILL');
    },
  },
  Number(botId),
);
await deps.close();
