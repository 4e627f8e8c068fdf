import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { build } from '../app.ts';
import { sameOriginByDefault, testMessenger } from './app.ts';
import type { TestClock } from './trading.ts';

/** The child processes that die at a fault point (`kill -9` of the runtime, for real). */
const CHILDREN = {
  /** Runs one bot once (`runSession`): args bot id, instant, fault point. */
  session: fileURLToPath(new URL('./crash-child.ts', import.meta.url)),
  /** Runs one copy dispatch pass: args instant, fault point. */
  dispatcher: fileURLToPath(new URL('./copy-crash-child.ts', import.meta.url)),
};

/**
 * The crash tests' harness: one SQLite file per test file (made before, removed after), the app
 * opened on it at the test clock — as often as a restart needs — and a child process that runs
 * the runtime on the same file and must die by SIGKILL at the fault point it is given.
 */
export function crashHarness(prefix: string, clock: TestClock) {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** The app on the test's database, its robot off (the tests run it by hand). */
  async function open(): Promise<FastifyInstance> {
    return sameOriginByDefault(
      await build({
        dataDir: dir,
        secretKey: '00'.repeat(32),
        webDist: '/nonexistent-web-dist',
        robot: false,
        messenger: testMessenger,
        now: () => clock.now,
      }),
    );
  }

  /** Runs the child with `args` and expects it to have killed itself at its fault point. */
  function killedAt(child: keyof typeof CHILDREN, args: (string | number)[]): void {
    const dataArgs = child === 'session' ? [dir, '-'] : [dir];
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', CHILDREN[child], ...dataArgs, ...args.map(String)],
      { encoding: 'utf8' },
    );
    expect(run.signal, run.stderr).toBe('SIGKILL');
  }

  return { open, killedAt };
}
