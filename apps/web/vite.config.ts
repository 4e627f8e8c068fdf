import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
/** Any dependency but the chart library's own (MUI X, d3 and their helpers). */
const CHARTS_FREE_VENDOR =
  /node_modules[\\/](?!@mui[\\/]x-|d3-|internmap|flatqueue|bezier-easing|reselect)/;

// One file for the dev server, the build and the `web` test project (listed in the root vitest.config.ts).
export default defineConfig({
  root,
  plugins: [react()],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor code in its own files, so a new screen does not re-download MUI.
        advancedChunks: {
          groups: [
            // The chart library and its d3 parts stay out of these groups, so they travel with
            // the result chart's own lazily loaded chunk (issue 8), not with every page.
            { name: 'mui', test: /node_modules[\\/]@(mui[\\/](?!x-)|emotion[\\/])/ },
            { name: 'vendor', test: CHARTS_FREE_VENDOR },
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
