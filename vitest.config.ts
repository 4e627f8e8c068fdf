import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// One runner for every unit-level tier; the browser tier (e2e/) runs under Playwright.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'robot', root: 'packages/robot', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          // Each file builds its own app on its own database; argon2 makes auth tests CPU-bound.
          testTimeout: 20_000,
          hookTimeout: 30_000,
          // expect.poll's own default (1 s) is shorter than a busy machine's database round trips.
          expect: { poll: { timeout: 5_000 } },
          // A configured operator's Deriv app id (no default one works with Deriv's new API):
          // Deriv trades "for real" in the server's tests as at a configured install. The rule
          // without it is tested with explicit environments (broker-catalog.test.ts).
          env: { DERIV_APP_ID: '4321' },
        },
      },
      // The repository's own tooling: lint boundaries, scripts.
      {
        test: {
          name: 'tooling',
          root: '.',
          include: ['eslint-rules/**/*.test.js', 'scripts/**/*.test.js'],
        },
      },
      // The panel's own Vite config carries its test settings (jsdom, setup file).
      ...(existsSync('apps/web/vite.config.ts') ? ['apps/web/vite.config.ts'] : []),
    ],
  },
});
