import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

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
            // The chart library (and its d3 parts) is loaded only by the result chart's screen.
            {
              name: 'charts',
              test: /node_modules[\\/](@mui[\\/]x-|d3-|internmap|flatqueue|bezier-easing|reselect)/,
            },
            { name: 'mui', test: /node_modules[\\/]@(mui|emotion)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
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
