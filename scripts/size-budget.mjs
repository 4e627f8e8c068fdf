// The built panel's weight against its budgets (bench/budgets.json, `web`), run by `npm test`
// after the build so the weight cannot creep back: the JavaScript the login page
// loads (index.html's script and module preloads, plus the default language's public catalogue
// part), gzip;
// and every other chunk (a screen, or what screens share) on its own, gzip. Exit 1 on a miss.
// `npm run bench` reports the same figures through measureWebBuild().
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

/** Gzip sizes (kB, 1000 bytes) of what the login page loads and of every other chunk. */
export function measureWebBuild(dist = join(root, process.env.WEB_DIST ?? 'apps/web/dist')) {
  const gzipKb = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1000;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const loginFiles = [
    ...html.matchAll(
      /<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g,
    ),
  ].map((m) => m[1]);
  // pt-BR is the default language: the public part of its catalogue (the areas the logged-out
  // screens read, cut at build time by vite.config.ts) is fetched before the first paint.
  const catalogue = readdirSync(join(dist, 'assets')).find((f) =>
    /^pt-BR\.public\.catalogue-.*\.js$/.test(f),
  );
  if (!catalogue)
    throw new Error('no pt-BR.public.catalogue-*.js in the build: update size-budget');
  loginFiles.push(`assets/${catalogue}`);
  const loginKb = loginFiles.reduce((sum, f) => sum + gzipKb(f), 0);
  const otherChunks = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !loginFiles.includes(`assets/${f}`))
    .map((f) => ({ file: f, kb: gzipKb(`assets/${f}`) }))
    .sort((a, b) => b.kb - a.kb);
  return { loginFiles, loginKb, otherChunks };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { web } = JSON.parse(readFileSync(join(root, 'bench/budgets.json'), 'utf8'));
  const { loginFiles, loginKb, otherChunks } = measureWebBuild();
  let misses = 0;
  const report = (label, value, budget) => {
    const ok = value <= budget;
    if (!ok) misses += 1;
    console.log(
      `${label.padEnd(58)} ${value.toFixed(1).padStart(6)} kB gzip  budget ≤ ${budget} kB  ${ok ? 'met' : 'MISSED'}`,
    );
  };
  report(`login page JavaScript (${loginFiles.length} files)`, loginKb, web.loginJsGzipKbMax);
  if (web.loginJsGzipKbTarget !== undefined) {
    const met = loginKb <= web.loginJsGzipKbTarget;
    console.log(
      `${'  budget for it'.padEnd(58)} ${web.loginJsGzipKbTarget} kB gzip  ${met ? 'met' : 'not met yet (not enforced)'}`,
    );
  }
  const libraries = web.libraryChunkGzipKbMax ?? {};
  const libraryOf = (file) => Object.keys(libraries).find((name) => file.startsWith(`${name}-`));
  for (const { file, kb } of otherChunks.filter((c) => libraryOf(c.file))) {
    report(`library-carrying chunk ${file}`, kb, libraries[libraryOf(file)]);
  }
  const [largest, ...rest] = otherChunks.filter((c) => !libraryOf(c.file));
  if (largest)
    report(`largest other chunk (${largest.file})`, largest.kb, web.screenChunkGzipKbMax);
  for (const { file, kb } of rest) {
    if (kb > web.screenChunkGzipKbMax) report(`chunk ${file}`, kb, web.screenChunkGzipKbMax);
  }
  console.log(
    `${otherChunks.length} other chunks (screens and what they share), each within budget unless listed`,
  );
  if (misses > 0) {
    console.error(`✖ ${misses} size budget(s) missed (bench/budgets.json)`);
    process.exit(1);
  }
}
