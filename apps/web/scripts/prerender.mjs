// After `vite build`: renders the login page (`src/prerender.tsx`) once per language into
// `dist/prerendered/login.<lng>.html`, from the built `dist/index.html`, with its .br and .gz.
// The server sends it to a browser with no session (apps/server/src/plugins/static.ts), which
// paints the form from the HTML and hydrates it when the JavaScript arrives.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { writeCompressed } from './precompress.mjs';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = join(web, 'dist');

// Inside the project, so the built module finds the packages it imports.
const out = join(web, 'node_modules', '.prerender');
try {
  await build({
    configFile: join(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: join(web, 'src/prerender.tsx'),
      outDir: out,
      emptyOutDir: true,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const { prerender, LANGUAGES } = await import(pathToFileURL(join(out, 'prerender.js')).href);
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const assets = readdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'prerendered'), { recursive: true });
  for (const lng of LANGUAGES) {
    const { html, styles } = await prerender('/', lng);
    // The language's catalogue comes with the scripts: hydration waits for it.
    const catalogue = assets.find(
      (f) => f.startsWith(`${lng}.public.catalogue-`) && f.endsWith('.js'),
    );
    if (!catalogue) throw new Error(`no catalogue chunk for ${lng}`);
    const page = replaceOnce(
      replaceOnce(
        replaceOnce(
          replaceOnce(index, '<html lang="pt-BR">', `<html lang="${lng}">`),
          // No session to ask for: the server sends this page only without one.
          /\s*<link rel="preload" href="\/api\/session"[^>]*>/,
          '',
        ),
        '</head>',
        `  <link rel="modulepreload" crossorigin href="/assets/${catalogue}">\n    ${styles}\n  </head>`,
      ),
      '<div id="root"></div>',
      `<div id="root" data-prerendered="/" data-lng="${lng}">${html}</div>`,
    );
    const file = join(dist, 'prerendered', `login.${lng}.html`);
    writeFileSync(file, page);
    writeCompressed(file);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

function replaceOnce(text, pattern, replacement) {
  if (typeof pattern === 'string' ? !text.includes(pattern) : !pattern.test(text))
    throw new Error(`prerender: ${pattern} not found in dist/index.html`);
  return text.replace(pattern, replacement);
}
