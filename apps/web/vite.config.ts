import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { writeCompressed } from './scripts/precompress.mjs';
import { routePreloads } from './scripts/route-preloads.mjs';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Any dependency but the chart library's own (MUI X, d3 and their helpers). */
/**
 * Writes `.br` and `.gz` beside every text file of the build, at maximum compression, so the
 * server sends them as they are (`@fastify/static` preCompressed) instead of 975 kB raw or
 * compressing on every request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|map)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    // Not for the server-side build of the prerendered login page (scripts/prerender.mjs).
    apply: (_, env) => env.command === 'build' && env.isSsrBuild !== true,
    closeBundle() {
      for (const file of walk(join(root, 'dist'))) {
        if (compressible.test(file) && !file.endsWith('.map')) writeCompressed(file);
      }
    },
  };
}

/**
 * The top-level areas of a catalogue that the logged-out screens (login, registration, payment
 * return, not found) and the panel's frame before login read. Everything else is in the `rest`
 * part, which loads with the first logged-in screen (`loadFullCatalogue`).
 */
export const PUBLIC_CATALOGUE_AREAS = [
  'app',
  'common',
  'language',
  'auth',
  'register',
  'notFound',
  'payment',
  'errors',
];

const CATALOGUE_PREFIX = 'virtual:catalogue/';

/**
 * `virtual:catalogue/<lng>/public|rest`: one language's catalogue cut in two at build (and dev)
 * time from the one source file `src/i18n/<lng>.json`, so the login page fetches its few areas
 * (≈ 2 of 14 kB gzip) and the catalogue files keep their layout.
 */
function splitCatalogues(): Plugin {
  return {
    name: 'split-catalogues',
    enforce: 'pre',
    resolveId(id) {
      // A path-like id: its chunk is named after it (pt-BR.public-<hash>.js).
      if (id.startsWith(CATALOGUE_PREFIX))
        return join(
          root,
          'src/i18n',
          `${id.slice(CATALOGUE_PREFIX.length).replace('/', '.')}.catalogue.js`,
        );
      return null;
    },
    load(id) {
      const match = /[\\/]src[\\/]i18n[\\/]([\w-]+)\.(public|rest)\.catalogue\.js$/.exec(id);
      if (!match) return null;
      const [, lng, part] = match;
      const file = join(root, 'src/i18n', `${lng}.json`);
      this.addWatchFile(file);
      const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(
        Object.entries(catalogue).filter(
          ([area]) => PUBLIC_CATALOGUE_AREAS.includes(area) === (part === 'public'),
        ),
      );
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}

interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

const initialModules = new Map<string, boolean>();

/**
 * Whether an entry imports the module statically, through any chain of static imports: the login
 * page loads every such module, so no group may move one into a chunk of the logged-in screens.
 */
function isInitial(id: string, graph: ModuleGraph): boolean {
  let initial = initialModules.get(id);
  if (initial === undefined) {
    const seen = new Set<string>();
    const reaches = (at: string): boolean => {
      if (seen.has(at)) return false;
      seen.add(at);
      const info = graph.getModuleInfo(at);
      return info !== null && (info.isEntry || info.importers.some(reaches));
    };
    initial = reaches(id);
    initialModules.set(id, initial);
  }
  return initial;
}

// One file for the dev server, the build and the `web` test project (listed in the root vitest.config.ts).
export default defineConfig({
  root,
  plugins: [splitCatalogues(), react(), routePreloads(root), precompress()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Building a zod schema (`z.object(…)`, `z.string().min(…)`) has no side effect: calls on
      // `z` count as pure, so a contract module's unused schemas drop out and the login page's
      // chunk, which uses the contract's zod-free parts (rules, codes, AUTH_ROUTES), carries no
      // zod. No other bundled module names a function `z` (the size report compares).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // The framework every screen runs on, in one long-lived file. Everything else (MUI
        // components, zod, forms, each screen) goes where the route split puts it, so the
        // login page loads only what it uses.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next)[\\/]/,
            },
            // The MUI and emotion modules the login page imports, in one file instead of a dozen
            // small ones: ~7 kB gzip less (one compression window), one request.
            // `$initial`: imported by the entry; MUI a screen alone uses stays in its chunks.
            {
              name: 'mui',
              tags: ['$initial'],
              test: /node_modules[\\/](@mui|@emotion|react-transition-group|stylis|hoist-non-react-statics|clsx|@babel[\\/]runtime|react-is)[\\/]/,
            },
            // MUI's text inputs (TextField, Select, InputBase and their form-control parts), which
            // the screens that still use MUI's `TextField` share: in their own file, so the
            // screens' shared MUI chunk stays within its budget now that the login page's fields
            // are `FieldFrame`s and no longer bring them.
            {
              name: 'mui-inputs',
              minShareCount: 2,
              includeDependenciesRecursively: false,
              // Not FormControl's context helpers: the checkbox and switch read them, and home has a
              // switch but no text field.
              test: /node_modules[\\/]@mui[\\/]material[\\/]esm[\\/](FormControl[\\/](?!FormControlContext|useFormControl|formControlState)|(FormHelperText|FormLabel|InputBase|InputLabel|OutlinedInput|FilledInput|Input|TextareaAutosize|TextField|Select|NativeSelect)[\\/])/,
            },
            // The logged-in screens' shared MUI and app code in two files, not forty: a phone on
            // slow 4G opens about six connections, so each wave of small chunks costs round trips
            // (Lighthouse mobile home 64–69 → 79–80). Only what two screens or more
            // share; nothing the login page loads (`isInitial`), so its weight does not change.
            {
              name: 'mui-screens',
              minShareCount: 2,
              test: /node_modules[\\/](@mui[\\/](material|system|utils|icons-material)|@emotion|react-transition-group|@popperjs)[\\/]/,
            },
            // The contract's endpoint tables and schemas of the logged-in screens, in one file:
            // split by which screens use each, they were about twenty files of 0.3–2 kB that the
            // frame and home fetched together, on a phone's six connections a wave of round trips
            // of their own. By name, not `isInitial`: the entry imports the contract's index, so
            // every module of it counts as initial though the login page uses only the zod-free
            // few left out here (`npm test`'s size budget says if one slips in).
            {
              name: 'contract',
              includeDependenciesRecursively: false,
              test: /[\\/]packages[\\/]contract[\\/]src[\\/](?!(index|auth-routes|constants|login-rules|errors|field-problems|field-limits|bot-ids|enums)\.ts$)[\w-]+\.ts$/,
            },
            // Not the shared parts that bring a domain of the contract or the robot with them (the
            // follow cards and their calls, the signal lines, the strategy previews with the
            // robot's money code, the reader's status): in the common file, every screen built
            // those schemas and loaded that code, home included, which uses none of it. They go
            // where the route split puts them, with the screens that use them: home loads 26 kB
            // (gzip) less and masaniello 20 kB.
            {
              name: (id, ctx) => (isInitial(id, ctx) ? null : 'screens-common'),
              minShareCount: 2,
              includeDependenciesRecursively: false,
              test: /([\\/]apps[\\/]web[\\/]src[\\/](components[\\/](?!follows|signals|preview)|lib[\\/](?!strategy-previews|reader-status)))|(node_modules[\\/](@tanstack|react-hook-form|@hookform)[\\/])/,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // Typing into MUI inputs under jsdom is slow on a loaded machine; these are not sleeps.
    testTimeout: 20_000,
  },
});
