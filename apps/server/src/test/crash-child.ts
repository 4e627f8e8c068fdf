// A runtime process for the crash tests: runs one bot once at a given instant and kills itself
// with SIGKILL (like `kill -9`) at the fault point named on the command line.
import { openWorkerDeps } from '../worker.ts';
import { runSession } from '../robot/run-session.ts';

const [dataDir, sqliteDir, botId, at, point] = process.argv.slice(2);
if (!dataDir || !sqliteDir || !botId || !at || !point)
  throw new Error('usage: dataDir _ botId at point');
const deps = await openWorkerDeps({ dataDir, secretKey: '00'.repeat(32) });
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
