// `npm run bench:web`: Lighthouse (the `lighthouse` package, driving Debian's Chromium) on the
// built panel served by the built server, as `npm start` serves it: the login page, home and one
// configuration screen (masaniello), each on mobile (Lighthouse's default: a mid-range phone on a
// slow 4G, simulated) and desktop. Prints performance and accessibility against the budgets, and
// the host CPU index Lighthouse measured (the simulated phone is the host slowed 4×, so a slower
// host scores lower on the same page). Each page is measured `BENCH_WEB_RUNS` times (3 unless
// set) and judged on the median run as Lighthouse picks it (`computeMedianRun`: the run nearest
// the median first paint and time to interactive), as Lighthouse's variability guide advises: one
// run of the same build varied by ten points here.
//
// Performance is judged as a ratio, taken in the same run, to a bare page made only of React, MUI
// with the panel's dark theme and ten text fields (reference/bare-page, lib/bare-page.ts): the
// absolute score moved ±15 points with the host, the ratio does not. Accessibility stays absolute.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { startBarePage } from './lib/bare-page.ts';
import { budgets, formatRow, isMet, type BudgetRow } from './lib/budget.ts';
import { SQLITE_LABEL } from './lib/postgres.ts';
import { ensureServerBuilt, loggedInTrader, repoRoot, startBuiltServer } from './lib/servers.ts';

const lib = (await import(join(repoRoot, 'scripts/lib.mjs'))) as {
  ensureWebBuilt: () => Promise<void>;
};
const { findChromium } = (await import(join(repoRoot, 'scripts/find-chromium.mjs'))) as {
  findChromium: () => string;
};

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
// `BENCH_WEB_PAGES=home,login` measures only those (and the bare page, the ratio's yardstick).
const ONLY = process.env.BENCH_WEB_PAGES?.split(',').map((p) => p.trim());
// `BENCH_WEB_FORMS=mobile` measures only the phone.
const FORMS = (['mobile', 'desktop'] as const).filter(
  (f) => !process.env.BENCH_WEB_FORMS || process.env.BENCH_WEB_FORMS.split(',').includes(f),
);

/** A category's score out of 100. */
const score = (lhr: Result, id: string): number =>
  Math.round((lhr.categories[id]?.score ?? 0) * 100);
const ms = (lhr: Result, id: string): string =>
  `${Math.round(lhr.audits[id]?.numericValue ?? 0)} ms`;

/** One run's line: scores, the metrics behind them, and the host's CPU index. */
/** The elements that moved, when the page shifted: what to fix first (Lighthouse's own list). */
function shifts(lhr: Result): string {
  const items = (
    lhr.audits['layout-shifts']?.details as
      { items?: { score?: number; node?: { selector?: string; nodeLabel?: string } }[] } | undefined
  )?.items;
  if (!items || items.length === 0) return '';
  return items
    .slice(0, 3)
    .map(
      (i) =>
        `\n          shift ${(i.score ?? 0).toFixed(3)}: ${i.node?.selector ?? '?'} (${(i.node?.nodeLabel ?? '').slice(0, 60)})`,
    )
    .join('');
}

/** `BENCH_WEB_REQUESTS=1`: when each API read and script started and ended (the chain to paint). */
function chain(lhr: Result): string {
  if (!process.env.BENCH_WEB_REQUESTS) return '';
  const items = (
    lhr.audits['network-requests']?.details as
      | { items?: { url: string; networkRequestTime?: number; networkEndTime?: number }[] }
      | undefined
  )?.items;
  return (items ?? [])
    .filter((r) => r.url.includes('/api/') || r.url.endsWith('.js'))
    .map(
      (r) =>
        `\n          ${Math.round(r.networkRequestTime ?? 0)}–${Math.round(r.networkEndTime ?? 0)} ms  ${new URL(r.url).pathname}${new URL(r.url).search}`,
    )
    .join('');
}

function summary(lhr: Result): string {
  const failed = Object.values(lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => a?.id);
  return (
    `performance ${score(lhr, 'performance')}  accessibility ${score(lhr, 'accessibility')}  ` +
    `FCP ${ms(lhr, 'first-contentful-paint')}  LCP ${ms(lhr, 'largest-contentful-paint')}  ` +
    `TBT ${ms(lhr, 'total-blocking-time')}  ` +
    `CLS ${(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}  ` +
    // Lighthouse's own measure of the host's CPU (it warns below 1,000): the phone is this host
    // slowed 4×, so scores from two machines compare only with it beside them.
    `host CPU index ${Math.round(lhr.environment.benchmarkIndex)}` +
    (failed.length > 0 ? `  failing: ${failed.join(', ')}` : '')
  );
}

// The logged-in pages with a verified bot, and with a bot still pending (a new trader's first
// visit: home shows "Verificar no Telegram").
const PAGES = [
  { name: 'bare', path: '/', bot: null, reference: true },
  { name: 'login', path: '/', bot: null, reference: false },
  { name: 'home', path: '/', bot: 'verified', reference: false },
  { name: 'home-pending', path: '/', bot: 'pending', reference: false },
  { name: 'masaniello', path: '/config-masaniello', bot: 'verified', reference: false },
  { name: 'masaniello-pending', path: '/config-masaniello', bot: 'pending', reference: false },
] as const;

await lib.ensureWebBuilt();
await ensureServerBuilt();
const server = await startBuiltServer();
console.log(`database: ${SQLITE_LABEL}`);
const bare = await startBarePage();
const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows: BudgetRow[] = [];
// The session cookie goes in the browser's cookie jar, as a login leaves it: a Cookie header
// passed to Lighthouse is replaced by the jar's once the panel has set a cookie of its own
// (`i18next`), and the logged-in pages would then load without a session.
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const cdp = await browser.target().createCDPSession();
try {
  const sessions = {
    verified: (await loggedInTrader(server.url, server.dataDir)).cookie,
    pending: (await loggedInTrader(server.url)).cookie,
  };
  for (const formFactor of FORMS) {
    let bareScore = 0;
    for (const page of PAGES.filter((p) => p.reference || !ONLY || ONLY.includes(p.name))) {
      const base = page.reference ? bare.url : server.url;
      const runs: Result[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        await cdp.send('Storage.clearCookies');
        // Each run as a first visit after login: no ids stored by the previous run's account
        // (they started home's early reads for another account's bot).
        const blank = await browser.newPage();
        const tab = await blank.createCDPSession();
        await tab.send('Storage.clearDataForOrigin', {
          origin: new URL(base).origin,
          storageTypes: 'local_storage',
        });
        await blank.close();
        if (page.bot !== null) {
          const cookie = sessions[page.bot];
          const name = cookie.slice(0, cookie.indexOf('='));
          const value = cookie.slice(cookie.indexOf('=') + 1);
          await cdp.send('Storage.setCookies', {
            cookies: [{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }],
          });
        }
        const lhr = (
          await lighthouse(
            `${base}${page.path}`,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility'],
            },
            formFactor === 'desktop' ? desktopConfig : undefined,
          )
        )?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.name}`);
        // A run Lighthouse could not measure (no paint within its time-out, a crashed tab) scores
        // 0: say why, so a 0 is never read as the page's score.
        if (lhr.runtimeError) {
          console.log(
            `${formFactor.padEnd(7)} ${page.name.padEnd(10)} no result: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
          );
        }
        // A logged-in page measured without its session would be a fast error page, not the page.
        const requests = (
          lhr.audits['network-requests']?.details as {
            items?: { url: string; statusCode: number }[];
          }
        )?.items;
        const refused = (requests ?? []).filter(
          (r) => r.url.includes('/api/') && r.statusCode === 401,
        );
        if (page.bot !== null && refused.length > 0) {
          throw new Error(`${page.name}: the API refused the session (${refused[0]?.url})`);
        }
        console.log(
          `${formFactor.padEnd(7)} ${page.name.padEnd(10)} run ${run}/${RUNS}  ${summary(lhr)}`,
        );
        runs.push(lhr);
      }
      // A run that could not measure has no first paint or time to interactive: the median comes
      // from the others, and a page none of whose runs measured is judged on its first (0).
      const valid = filterToValidRuns(runs);
      const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[0]!;
      const scores = runs.map((run) => score(run, 'performance'));
      console.log(
        `${formFactor.padEnd(7)} ${page.name.padEnd(10)} median    ${summary(lhr)}` +
          (RUNS > 1 ? `  (runs ${Math.min(...scores)}–${Math.max(...scores)})` : '') +
          shifts(lhr) +
          chain(lhr),
      );
      if (page.reference) {
        bareScore = score(lhr, 'performance');
        continue;
      }
      rows.push(
        {
          measure: `Lighthouse ${formFactor} ${page.name} performance ÷ bare page (${score(lhr, 'performance')} ÷ ${bareScore})`,
          value: bareScore === 0 ? 0 : score(lhr, 'performance') / bareScore,
          unit: '×',
          kind: 'min',
          budget: budgets.lighthouse.performanceVsBareMin,
        },
        {
          measure: `Lighthouse ${formFactor} ${page.name} accessibility`,
          value: score(lhr, 'accessibility'),
          unit: '/ 100',
          kind: 'min',
          budget: budgets.lighthouse.accessibilityMin,
        },
      );
    }
  }
} finally {
  await browser.disconnect();
  chrome.kill();
  await server.stop();
  await bare.stop();
}

console.log('\n## budgets (bench/budgets.json)');
for (const row of rows) console.log(formatRow(row));
const missed = rows.filter((r) => !isMet(r)).length;
console.log(missed === 0 ? 'every budget met' : `${missed} budget(s) missed`);
process.exitCode = missed === 0 ? 0 : 1;
