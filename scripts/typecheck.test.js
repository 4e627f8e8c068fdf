import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'));

describe('npm run typecheck', () => {
  // Regression: it was `tsc -b`, which fails with TS5083 (no root tsconfig.json).
  it('does not need a root tsconfig: it checks each workspace that has one', () => {
    expect(pkg.scripts.typecheck).toBe('node scripts/typecheck.mjs');
    const listed = execFileSync('node', ['scripts/typecheck.mjs', '--list'], { cwd: root })
      .toString()
      .trim()
      .split('\n');
    const withTsconfig = pkg.workspaces.filter((ws) =>
      existsSync(resolve(root, ws, 'tsconfig.json')),
    );
    expect(listed).toEqual(withTsconfig);
    expect(listed).toEqual(
      expect.arrayContaining(['packages/contract', 'apps/server', 'apps/web']),
    );
  });
});
