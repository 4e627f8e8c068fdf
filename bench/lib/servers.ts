// Starts the processes the HTTP and server-process benches measure: the built server exactly as
// `npm start` runs it (apps/server/dist/server.js, a fresh data directory) and bare Fastify.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface Running {
  child: ChildProcess;
  port: number;
  url: string;
  /** From spawn to the line saying it listens. */
  startupMs: number;
  /** The built server's data directory (its database and the local messenger's outbox). */
  dataDir?: string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
  cleanup: () => void = () => {},
): Promise<Running> {
  const port = await freePort();
  // The bench's servers run on the database they are given: never on the operator's
  // DATABASE_URL, which a shell may have set (it turned the SQLite HTTP figures into PostgreSQL's).
  const { DATABASE_URL: _operatorDatabase, ...inherited } = process.env;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...inherited, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const startupMs = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (ready.test(output)) resolve(performance.now() - started);
      // Keep only the tail: the server logs a line per request while it is measured.
      if (output.length > 10_000) output = output.slice(-1_000);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${output}`)));
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    cleanup();
  };
  return { child, port, url: `http://127.0.0.1:${port}`, startupMs, stop };
}

/**
 * The built server on a fresh SQLite database in a temp directory, as `npm start` runs it
 * (`SQLITE_LABEL` in lib/postgres.ts says so beside its figures). `entry` runs another build
 * (an older commit's `apps/server/dist/server.js`, for a side-by-side in the same run).
 */
export async function startBuiltServer(
  entry = join(repoRoot, 'apps/server/dist/server.js'),
): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const running = await startProcess(
    [entry],
    { DATA_DIR: dataDir, NODE_ENV: 'production', HOST: '127.0.0.1' },
    /Panel and API: /,
    () => rmSync(dataDir, { recursive: true, force: true }),
  );
  return { ...running, dataDir };
}

export async function startBareFastify(): Promise<Running> {
  return startProcess(
    [fileURLToPath(new URL('../servers/hello.mjs', import.meta.url))],
    {},
    /ready/,
  );
}

/** Resident memory of a process in MB (10^6 bytes), from /proc. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return (kb * 1024) / 1e6;
}

/**
 * Registers an account and logs in; returns the cookie and the account's bot id, which stays
 * pending unless `verifyFrom` names the server's data directory: then it is verified with the
 * code the local messenger wrote to its outbox, as a local install's operator reads it.
 */
export async function loggedInTrader(
  baseUrl: string,
  verifyFrom?: string,
): Promise<{ cookie: string; userid: string }> {
  const userid = String(7_000_000_000 + (Math.floor(performance.now() * 1000) % 1_000_000));
  const account = { email: `bench${userid}@example.com`, password: 'bench-password-1', userid };
  const post = (path: string, body: unknown): Promise<Response> =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      // Every state-changing call proves it comes from the panel's own origin (SPEC §5).
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify(body),
    });
  const reg = await post('/botregister', account);
  if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const login = await post('/botlogin', { email: account.email, password: account.password });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!login.ok || !cookie) throw new Error(`login: ${login.status}`);
  const session = cookie.split(';')[0] ?? '';
  if (verifyFrom !== undefined) {
    const code = readFileSync(join(verifyFrom, 'outbox.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; code: string })
      .filter((line) => line.to === userid)
      .at(-1)?.code;
    const verified = await fetch(`${baseUrl}/api/verifybot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl, cookie: session },
      body: JSON.stringify({ userid, code }),
    });
    if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  }
  return { cookie: session, userid };
}

/** Builds the server when its build is stale, the way `npm start` does. */
export async function ensureServerBuilt(): Promise<void> {
  const lib = (await import(join(repoRoot, 'scripts/lib.mjs'))) as {
    ensureServerBuilt: () => Promise<void>;
  };
  await lib.ensureServerBuilt();
}
