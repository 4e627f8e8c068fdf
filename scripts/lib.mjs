// Small helpers shared by the start and test scripts: run a command, find the newest file.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

/** Runs a command in the repo root, inheriting stdio; resolves with its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`cannot run ${cmd}: ${err.message}`);
      resolve(127);
    });
  });
}

/** Runs a command and exits the process when it fails. */
export async function must(cmd, args, options) {
  const code = await run(cmd, args, options);
  if (code !== 0) {
    console.error(`\n✖ ${cmd} ${args.join(' ')} failed (exit ${code})`);
    process.exit(code);
  }
}

/** The newest modification time (ms) of any file under the given paths, skipping build output. */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist') continue;
        walk(join(p, name));
      }
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) walk(join(root, p));
  return newest;
}

/**
 * The install command: `npm ci` on a fresh clone (exactly the lockfile), else `npm install
 * --no-save` to catch up with a newer lockfile. Neither writes package-lock.json, so `npm start`
 * and `npm test` leave `git status` clean.
 */
export function installArgs(hasNodeModules) {
  return hasNodeModules
    ? ['install', '--no-save', '--no-audit', '--no-fund']
    : ['ci', '--no-audit', '--no-fund'];
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log(
    'Installing dependencies (first run builds the embedded database driver: about 2 minutes)…',
  );
  await must('npm', installArgs(existsSync(join(root, 'node_modules'))));
}

/** Builds the panel when its build is missing or older than its sources or the contract. */
export async function ensureWebBuilt() {
  const index = join(root, 'apps', 'web', 'dist', 'index.html');
  const sources = [
    'apps/web/src',
    'apps/web/scripts',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'packages/contract/src',
    'packages/robot/src',
  ];
  if (existsSync(index) && statSync(index).mtimeMs >= newestMtime(sources)) return;
  console.log('Building the panel…');
  await must('npm', ['run', 'build', '-w', '@app/web']);
}

/** Builds the server to JavaScript when its build is missing or older than its sources. */
export async function ensureServerBuilt() {
  const bundle = join(root, 'apps', 'server', 'dist', 'server.js');
  const sources = [
    'apps/server/src',
    'apps/server/build.mjs',
    'packages/contract/src',
    'packages/robot/src',
  ];
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= newestMtime(sources)) return;
  console.log('Building the server…');
  await must('npm', ['run', 'build', '-w', '@app/server']);
}
