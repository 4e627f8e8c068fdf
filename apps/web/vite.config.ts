import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Any dependency but the chart library's own (MUI X, d3 and their helpers). */
/**
 * Writes `.br` and `.gz` beside every text file of the build, at maximum compression, so the
 * server sends them as they are (`@fastify/static` preCompressed) instead of 975 kB raw or
 * compressing on every request (issue 12).
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
    apply: 'build',
    closeBundle() {
      for (const file of walk(join(root, 'dist'))) {
        if (!compressible.test(file) || file.endsWith('.map')) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// One file for the dev server, the build and the `web` test project (listed in the root vitest.config.ts).
export default defineConfig({
  root,
  plugins: [react(), precompress()],
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
      // zod (issue 12). No other bundled module names a function `z` (the size report compares).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // The framework every screen runs on, in one long-lived file. Everything else (MUI
        // components, zod, forms, each screen) goes where the route split puts it, so the
        // login page loads only what it uses (issue 12).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@tanstack)[\\/]/,
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
