// The panel's weight: the JavaScript the login page loads, the largest other chunk and
// each one-screen library's chunk, gzip, from the build, against the budgets `npm test` enforces;
// and whether the built server sends the login page compressed (brotli) on the wire.
import { join } from 'node:path';
import { budgets, type BudgetRow } from '../lib/budget.ts';
import { ensureServerBuilt, repoRoot, startBuiltServer } from '../lib/servers.ts';

interface WebBuild {
  loginFiles: string[];
  loginKb: number;
  otherChunks: { file: string; kb: number }[];
}

export async function run(): Promise<BudgetRow[]> {
  const lib = (await import(join(repoRoot, 'scripts/lib.mjs'))) as {
    ensureWebBuilt: () => Promise<void>;
  };
  const size = (await import(join(repoRoot, 'scripts/size-budget.mjs'))) as {
    measureWebBuild: () => WebBuild;
  };
  await lib.ensureWebBuilt();
  await ensureServerBuilt();
  const build = size.measureWebBuild();
  // As `npm test` weighs them (scripts/size-budget.mjs): a chunk carrying a library only one
  // screen loads has its own budget; every other chunk is weighed against the screen budget.
  const libraries: Record<string, number> = budgets.web.libraryChunkGzipKbMax ?? {};
  const libraryOf = (file: string): string | undefined =>
    Object.keys(libraries).find((name) => file.startsWith(`${name}-`));
  const largest = build.otherChunks.find((c) => libraryOf(c.file) === undefined);
  const libraryChunks = build.otherChunks.filter((c) => libraryOf(c.file) !== undefined);

  const server = await startBuiltServer();
  let wireKb = 0;
  let raw = 0;
  try {
    for (const file of build.loginFiles) {
      const res = await fetch(`${server.url}/${file}`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      const body = await res.arrayBuffer();
      // fetch decodes the body; the header and the length say what travelled.
      if (res.headers.get('content-encoding') !== 'br') raw += 1;
      wireKb += Number(res.headers.get('content-length') ?? body.byteLength) / 1000;
    }
  } finally {
    await server.stop();
  }
  console.log(
    `login page: ${build.loginFiles.length} files, ${build.loginKb.toFixed(1)} kB gzip, ` +
      `${wireKb.toFixed(1)} kB on the wire (brotli), ${raw} sent uncompressed; ` +
      `largest other chunk ${largest?.file} ${largest?.kb.toFixed(1)} kB gzip`,
  );
  return [
    {
      measure: 'JavaScript the login page loads (gzip)',
      value: build.loginKb,
      unit: 'kB',
      kind: 'max',
      budget: budgets.web.loginJsGzipKbTarget,
    },
    {
      measure: 'largest screen or shared chunk (gzip)',
      value: largest?.kb ?? 0,
      unit: 'kB',
      kind: 'max',
      budget: budgets.web.screenChunkGzipKbMax,
    },
    ...libraryChunks.map((c): BudgetRow => ({
      measure: `chunk of a one-screen library (${libraryOf(c.file)}, gzip)`,
      value: c.kb,
      unit: 'kB',
      kind: 'max',
      budget: libraries[libraryOf(c.file) as string] ?? budgets.web.screenChunkGzipKbMax,
    })),
    {
      measure: 'login page files sent uncompressed',
      value: raw,
      unit: 'files',
      kind: 'max',
      budget: 0,
    },
  ];
}
