import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without types
import { installArgs } from '../../../scripts/lib.mjs';

/**
 * What a fresh clone installs: every locked package runs on the Node 20 the
 * README asks for (no EBADENGINE warning), and `npm start` / `npm test` never rewrite the lockfile.
 */

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
}
const lock = JSON.parse(
  readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8'),
) as Lock;

/** The smallest Node major a range like `>=22`, `^18 || >=20`, `>= 14.17` accepts. */
function minimumMajor(range: string): number {
  const majors = range
    .split('||')
    .map((part) => /(\d+)/.exec(part.replace(/^\s*[\^~]/, '>='))?.[1])
    .filter((m): m is string => m !== undefined)
    .map(Number);
  return majors.length > 0 ? Math.min(...majors) : 0;
}

describe('the lockfile', () => {
  it('holds no package that needs a Node newer than 20 (cookie@2, content-disposition@3…)', () => {
    const tooNew = Object.entries(lock.packages)
      .filter(([, p]) => !Array.isArray(p.engines) && typeof p.engines?.node === 'string')
      .filter(([, p]) => minimumMajor((p.engines as { node: string }).node) > 20)
      .map(([name, p]) => `${name}@${p.version ?? '?'}`);
    expect(tooNew).toEqual([]);
  });
});

describe('installArgs (scripts/lib.mjs)', () => {
  it('installs a fresh clone with npm ci and catches up without saving the lockfile', () => {
    expect(installArgs(false)).toEqual(['ci', '--no-audit', '--no-fund']);
    expect(installArgs(true)).toContain('--no-save');
    expect(installArgs(true)[0]).toBe('install');
  });
});
