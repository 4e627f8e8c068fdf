// `npm run bench`: runs every case in ./cases (or those named on the command line) in one
// process, so the ratios each case prints compare figures measured under the same conditions.
// A case may return budget rows (lib/budget.ts); they are printed again together at the end,
// one line per budget of budgets.json, and the exit code says whether every budget is met.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { budgets, formatRow, isMet, type BudgetRow } from './lib/budget.ts';
import { noteDatabaseUrl, stopBenchPostgres } from './lib/postgres.ts';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const cases = readdirSync(join(here, 'cases'))
  .filter((f) => f.endsWith('.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

/**
 * The parser case belongs to the parser's owner and prints `parseSignal  N messages/s`; when it
 * returns no rows of its own, its budget row is read from that line.
 */
function parserRowFrom(printed: string): BudgetRow | null {
  const match = /parseSignal\s+([\d,]+) messages\/s/.exec(printed);
  if (!match?.[1]) return null;
  return {
    measure: 'parseSignal',
    value: Number(match[1].replaceAll(',', '')),
    unit: 'messages/s',
    kind: 'min',
    budget: budgets.parser.messagesPerSecondMin,
  };
}

noteDatabaseUrl();
const rows: BudgetRow[] = [];
try {
  for (const file of cases) {
    const mod = (await import(join(here, 'cases', file))) as {
      run: () => Promise<BudgetRow[] | void> | BudgetRow[] | void;
    };
    console.log(`\n## ${file.replace(/\.ts$/, '')}`);
    let printed = '';
    const log = console.log;
    console.log = (...args: unknown[]) => {
      printed += `${args.join(' ')}\n`;
      log(...args);
    };
    let returned: BudgetRow[] | void;
    try {
      returned = await mod.run();
    } finally {
      console.log = log;
    }
    const own = returned ?? [];
    const parsed =
      own.length === 0 && file.startsWith('parse-signal') ? parserRowFrom(printed) : null;
    rows.push(...own, ...(parsed ? [parsed] : []));
  }
} finally {
  stopBenchPostgres();
}

if (rows.length > 0) {
  console.log('\n## budgets (bench/budgets.json)');
  for (const row of rows) console.log(formatRow(row));
  const missed = rows.filter((r) => !isMet(r)).length;
  console.log(missed === 0 ? 'every budget met' : `${missed} budget(s) missed`);
  process.exitCode = missed === 0 ? 0 : 1;
}
