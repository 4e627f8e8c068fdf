// Writes, beside index.html, one page per logged-in address and language whose first chunks the
// browser should fetch at once: index.html with a `<link rel="modulepreload">` for each chunk the
// address's first paint needs (the logged-in frame, the screen, the server-state cache, the
// language's catalogue) and every chunk those import. The server sends it instead of index.html
// to a browser with a session (apps/server/src/plugins/static.ts), so those chunks leave with
// the entry's instead of after it has downloaded and run: the chain to the first paint is two
// waves deep (the page, then everything), not three. A browser without a session gets the login
// page, which never fetches them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'];

/** Every logged-in screen's first paint needs these (routes.tsx, lib/lazy-screen.tsx). */
const FRAME = ['src/app/shell/app-shell.tsx', 'src/lib/query-scope.tsx'];

/**
 * The addresses with a page of their own: the file name and the modules their route loads
 * before it paints (routes.tsx). The build fails when no chunk holds one of them.
 */
export const ROUTE_PRELOADS = {
  '/': {
    name: 'home',
    modules: [
      'src/features/home/components/home-page.tsx',
      'src/features/trading/components/trading-home.tsx',
    ],
  },
  '/config-masaniello': {
    name: 'config-masaniello',
    modules: ['src/features/masaniello/components/masaniello-page.tsx'],
  },
};

/** The page of `path` in `lng`, relative to the build's root (the server's name for it too). */
export function preloadPage(name, lng) {
  return `preload/${name}.${lng}.html`;
}

/** The Vite plugin (build only, before the compression of the build's files). */
export function routePreloads(root) {
  return {
    name: 'route-preloads',
    apply: (_, env) => env.command === 'build' && env.isSsrBuild !== true,
    writeBundle(options, bundle) {
      const outDir = options.dir ?? join(root, 'dist');
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byModule = (suffix) => {
        const chunk = chunks.find((c) =>
          c.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(suffix)),
        );
        if (!chunk) throw new Error(`route-preloads: no chunk holds ${suffix}`);
        return chunk;
      };
      const entry = chunks.find((c) => c.isEntry);
      const withImports = (chunk, into) => {
        if (into.has(chunk.fileName)) return;
        into.add(chunk.fileName);
        for (const name of chunk.imports) withImports(bundle[name], into);
      };
      // What index.html already loads: not listed twice.
      const initial = new Set();
      if (entry) withImports(entry, initial);
      const html = readFileSync(join(outDir, 'index.html'), 'utf8');
      mkdirSync(join(outDir, 'preload'), { recursive: true });
      // The server's index of them: address → file name (`preload/<name>.<language>.html`).
      writeFileSync(
        join(outDir, 'preload', 'pages.json'),
        JSON.stringify(
          Object.fromEntries(Object.entries(ROUTE_PRELOADS).map(([path, r]) => [path, r.name])),
        ),
      );
      for (const { name, modules } of Object.values(ROUTE_PRELOADS)) {
        for (const lng of LANGUAGES) {
          const files = new Set();
          const catalogue = (part) => `src/i18n/${lng}.${part}.catalogue.js`;
          for (const m of [...FRAME, ...modules, catalogue('public'), catalogue('rest')]) {
            withImports(byModule(m), files);
          }
          const links = [...files]
            .filter((f) => !initial.has(f))
            .map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">`)
            .join('\n');
          writeFileSync(
            join(outDir, preloadPage(name, lng)),
            html.replace(/\n\s*<\/head>/, `\n${links}\n  </head>`),
          );
        }
      }
    },
  };
}
