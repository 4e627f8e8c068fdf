// The built server as `npm start` runs it: how long from spawning the process to listening (a
// fresh database, so migrations included) and its resident memory 10 s later, idle.
import { setTimeout as wait } from 'node:timers/promises';
import { budgets, median, type BudgetRow } from '../lib/budget.ts';
import { SQLITE_LABEL } from '../lib/postgres.ts';
import { ensureServerBuilt, rssMb, startBuiltServer } from '../lib/servers.ts';

const IDLE_MS = 10_000;

export async function run(): Promise<BudgetRow[]> {
  await ensureServerBuilt();
  const startups: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const server = await startBuiltServer();
    startups.push(server.startupMs);
    await server.stop();
  }
  const server = await startBuiltServer();
  startups.push(server.startupMs);
  try {
    await wait(IDLE_MS);
    const rss = rssMb(server.child.pid ?? 0);
    console.log(`database: ${SQLITE_LABEL}`);
    console.log(
      `startup ${startups.map((ms) => `${Math.round(ms)} ms`).join(', ')}; ` +
        `idle RSS after ${IDLE_MS / 1000} s ${rss.toFixed(1)} MB`,
    );
    return [
      {
        measure: 'built server idle RSS, 10 s after start',
        value: rss,
        unit: 'MB',
        kind: 'max',
        budget: budgets.serverProcess.idleRssMbMax,
      },
      {
        measure: 'built server startup to listening (median of 4)',
        value: median(startups),
        unit: 'ms',
        kind: 'max',
        budget: budgets.serverProcess.startupMsMax,
      },
    ];
  } finally {
    await server.stop();
  }
}
