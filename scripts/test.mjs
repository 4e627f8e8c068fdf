// `npm test`: every tier (DESIGN §8) — format, lint, types, contract/robot/server/web unit tests,
// then the browser tier in Debian's Chromium against the real server. Ends with one summary line.
import { readFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, ensureWebBuilt, must, root, run } from './lib.mjs';
import { findChromium } from './find-chromium.mjs';

await ensureInstalled();
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

console.log('\n▶ format (prettier)');
await must('npx', ['prettier', '--check', '.', '--log-level', 'warn']);
console.log('\n▶ lint (eslint)');
await must('npx', ['eslint', '.', '--max-warnings', '0']);
console.log('\n▶ types (tsc)');
await must('node', ['scripts/typecheck.mjs']);

console.log('\n▶ unit, server and web tests (vitest)');
const vitestJson = join(reports, 'vitest.json');
const unitCode = await run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);

await ensureWebBuilt();
console.log('\n▶ size budgets (built panel, bench/budgets.json)');
await must('node', ['scripts/size-budget.mjs']);

console.log('\n▶ browser tests (Playwright, Debian Chromium)');
const chromium = findChromium();
const pwJson = join(reports, 'playwright.json');
const e2eCode = await run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
});

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + v.numTodoTests;
} catch {
  failed += 1;
}
try {
  const p = JSON.parse(readFileSync(pwJson, 'utf8'));
  passed += p.stats.expected;
  failed += p.stats.unexpected + p.stats.flaky;
  skipped += p.stats.skipped;
} catch {
  failed += 1;
}
if (unitCode !== 0 && failed === 0) failed = 1;
if (e2eCode !== 0 && failed === 0) failed = 1;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
