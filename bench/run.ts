// `npm run bench`: runs every case in ./cases (or those named on the command line) in one
// process, so the ratios each case prints compare figures measured under the same conditions.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const cases = readdirSync(join(here, 'cases'))
  .filter((f) => f.endsWith('.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

for (const file of cases) {
  const mod = (await import(join(here, 'cases', file))) as { run: () => Promise<void> | void };
  console.log(`\n## ${file.replace(/\.ts$/, '')}`);
  await mod.run();
}
