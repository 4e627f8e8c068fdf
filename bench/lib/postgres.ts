// The PostgreSQL the bench measures on, and never another one by accident: `DATABASE_URL` is the
// operator's database (or another helper's), and whatever answers on 127.0.0.1:5432 may be
// shared and loaded by other work. So the PostgreSQL cases run on
// - the server `BENCH_POSTGRES_URL` names (an admin connection: the bench creates a database of its
//   own there and drops it after), when set;
// - otherwise a private cluster the bench starts itself from Debian's postgresql binaries
//   (initdb in a temp directory, a free loopback port, default settings: fsync on), shared by the
//   cases of one run and removed at the end (`stopBenchPostgres`);
// - none with `BENCH_POSTGRES=off`, or when no binaries are installed: the cases say so and
//   measure SQLite only.
// Every case prints `databaseLabel` beside its figures.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './servers.ts';

export interface BenchPostgres {
  /** A fresh database of this case's own. */
  url: string;
  /** What the case ran on, printed beside its figures. */
  label: string;
  drop: () => Promise<void>;
}

/** The label of the embedded default, printed by every SQLite case. */
export const SQLITE_LABEL = 'sqlite (a fresh file in a temp directory)';

interface Server {
  adminUrl: string;
  label: string;
}

interface PrivateCluster {
  dir: string;
  bindir: string;
  runAs: string[];
}

let server: Promise<Server | string> | null = null;
let cluster: PrivateCluster | null = null;

function sh(cmd: string, args: string[], runAs: string[]): SpawnSyncReturns<string> {
  const [exe, ...rest] = runAs.length > 0 ? [...runAs, cmd, ...args] : [cmd, ...args];
  return spawnSync(exe ?? cmd, rest, { encoding: 'utf8' });
}

function newestBindir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? null : join(root, newest, 'bin');
}

/** Starts the private cluster; a string says why there is none. */
async function startPrivate(): Promise<Server | string> {
  const bindir = newestBindir();
  if (bindir === null)
    return 'no PostgreSQL binaries in /usr/lib/postgresql (apt-get install postgresql)';
  // PostgreSQL refuses to run as root: as root, the cluster belongs to the package's user.
  const root = process.getuid?.() === 0;
  const runAs = root ? ['runuser', '-u', 'postgres', '--'] : [];
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  if (root) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    if (ids.status !== 0) return 'running as root and there is no postgres user to run PostgreSQL';
    chownSync(dir, Number(ids.stdout.trim()), Number(gid.stdout.trim()));
  }
  chmodSync(dir, 0o700);
  cluster = { dir, bindir, runAs };
  const init = sh(
    join(bindir, 'initdb'),
    ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres'],
    runAs,
  );
  if (init.status !== 0) return `initdb failed: ${init.stderr.trim().split('\n').at(-1) ?? ''}`;
  const port = await freePort();
  const start = sh(
    join(bindir, 'pg_ctl'),
    [
      '-D',
      join(dir, 'data'),
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      'start',
    ],
    runAs,
  );
  if (start.status !== 0)
    return `pg_ctl start failed: ${start.stderr.trim() || start.stdout.trim()}`;
  const version = /\d+\.\d+/.exec(sh(join(bindir, 'postgres'), ['--version'], []).stdout)?.[0];
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    label: `postgres ${version ?? ''} (the bench's own cluster on 127.0.0.1:${port}, default settings)`,
  };
}

async function chosen(): Promise<Server | string> {
  if (process.env.BENCH_POSTGRES === 'off') return 'BENCH_POSTGRES=off';
  const named = process.env.BENCH_POSTGRES_URL?.trim();
  if (named) {
    const at = new URL(named);
    return {
      adminUrl: named,
      label: `postgres (BENCH_POSTGRES_URL, ${at.hostname}:${at.port || 5432})`,
    };
  }
  return startPrivate();
}

/** Says once, at the start of a run, that `DATABASE_URL` plays no part in it. */
export function noteDatabaseUrl(): void {
  if (process.env.DATABASE_URL) {
    console.log(
      'DATABASE_URL is set and ignored: the HTTP and server cases run on SQLite, the PostgreSQL ' +
        "cases on the bench's own cluster (or BENCH_POSTGRES_URL).",
    );
  }
}

/**
 * A throw-away PostgreSQL database for a case, named after `prefix`, with the label to print;
 * null when the run has no PostgreSQL (the reason is printed once).
 */
export async function postgresUrl(prefix: string): Promise<BenchPostgres | null> {
  server ??= chosen();
  const picked = await server;
  if (typeof picked === 'string') {
    console.log(`postgres skipped: ${picked}`);
    return null;
  }
  const admin = new pg.Client({
    connectionString: picked.adminUrl,
    connectionTimeoutMillis: 5_000,
  });
  await admin.connect();
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(picked.adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `${picked.label}, database ${name}`,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Stops and removes the private cluster, if this run started one (at the end of the run). */
export function stopBenchPostgres(): void {
  if (cluster === null) return;
  const { dir, bindir, runAs } = cluster;
  cluster = null;
  sh(join(bindir, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'fast', 'stop'], runAs);
  rmSync(dir, { recursive: true, force: true });
}

// A run that fails half-way still leaves no cluster behind.
process.once('exit', stopBenchPostgres);
