import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The server's log lines go to a file in the run's data directory (its requests would flood the
// test output); after the run its warnings and errors are printed, so a failure seen only on
// another machine (CI) comes with what the server said about it.

/** Where the browser tier's server writes its log (one JSON line each, pino). */
export const serverLogPath = (dataDir: string): string => join(dataDir, 'server.log');

/** A pino line: its level, instant and message, and the fields the call logged. */
type LogLine = { level?: number; time?: number; msg?: string } & Record<string, unknown>;

/** Lines of level warn (40) and above, one short line each. */
export function serverProblems(log: string): string[] {
  const out: string[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as LogLine;
      if ((entry.level ?? 0) < 40) continue;
      const { level, time, msg, pid: _pid, hostname: _host, ...rest } = entry;
      const when = typeof time === 'number' ? new Date(time).toISOString() : '?';
      const fields = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
      out.push(`${when} ${level === 40 ? 'WARN' : 'ERROR'} ${msg ?? ''}${fields}`);
    } catch {
      // Not a log line (e.g. cut short when the server stopped): left out.
    }
  }
  return out;
}

export default function printServerProblems(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir || !existsSync(serverLogPath(dataDir))) return;
  const problems = serverProblems(readFileSync(serverLogPath(dataDir), 'utf8'));
  if (problems.length === 0) return;
  const shown = problems.slice(-50);
  console.log(
    `\nThe server logged ${problems.length} warning(s) or error(s) during the browser tests` +
      `${problems.length > shown.length ? ` (the last ${shown.length})` : ''}:`,
  );
  for (const line of shown) console.log(`  ${line}`);
}
