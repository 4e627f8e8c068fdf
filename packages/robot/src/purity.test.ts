import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// DESIGN §7: the robot is pure — time, randomness and I/O come in as arguments. The ESLint rules
// in eslint.config.js enforce it; this test proves the rules bite and that the source obeys them.
const root = fileURLToPath(new URL('../../..', import.meta.url));
const PURITY_RULES = [
  'no-restricted-properties',
  'no-restricted-syntax',
  'no-restricted-globals',
  'no-restricted-imports',
];

// The purity rules need no type information; without it a probe file that is in no tsconfig
// still parses, and the check stays fast.
const untyped = { cwd: root, overrideConfig: tseslint.configs.disableTypeChecked };

async function purityErrors(code: string): Promise<string[]> {
  const eslint = new ESLint(untyped);
  const [result] = await eslint.lintText(code, { filePath: 'packages/robot/src/money/probe.ts' });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && PURITY_RULES.includes(m.ruleId))
    .map((m) => m.ruleId ?? '');
}

describe('robot purity', () => {
  it.each([
    ['Date.now()', 'export const t = Date.now();'],
    ['new Date()', 'export const d = new Date();'],
    ['Math.random()', 'export const r = Math.random();'],
    ['a timer', 'setTimeout(() => 0, 1);'],
    ['the file system', "import { readFileSync } from 'node:fs';\nexport const f = readFileSync;"],
    ['the network', "export const p = fetch('http://example.com');"],
  ])(
    'refuses %s in robot code',
    async (_what, code) => {
      expect(await purityErrors(code)).not.toEqual([]);
    },
    // The first lint loads the whole ESLint configuration.
    30_000,
  );

  it('accepts a date built from an argument', async () => {
    expect(await purityErrors('export const d = (ms: number) => new Date(ms);')).toEqual([]);
  });

  it('finds no clock, randomness or I/O anywhere in the robot library', async () => {
    const eslint = new ESLint(untyped);
    const results = await eslint.lintFiles(['packages/robot/src/**/*.ts']);
    const offending = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId !== null && PURITY_RULES.includes(m.ruleId))
        .map((m) => `${r.filePath}:${m.line} ${m.message}`),
    );
    expect(offending).toEqual([]);
  }, 60_000);
});
