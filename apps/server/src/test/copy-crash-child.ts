// A copy dispatcher process for the crash tests: runs one dispatch pass at a given instant and
// kills itself with SIGKILL (like `kill -9`) at the fault point named on the command line.
import { dispatchCopies } from '../robot/copy/dispatch.ts';
import { openWorkerDeps } from '../worker.ts';

const [dataDir, at, point] = process.argv.slice(2);
if (!dataDir || !at || !point) throw new Error('usage: dataDir at point');
const deps = await openWorkerDeps({ dataDir, secretKey: '00'.repeat(32) });
await dispatchCopies({
  ...deps,
  now: () => Number(at),
  fault: (p) => {
    if (p === point) process.kill(process.pid, 'SIGKILL');
  },
});
await deps.close();
