import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverLogPath } from './server-log.ts';

// The browser tier drives the real server (fresh embedded database in a temp dir) in Debian's
// Chromium; Playwright's own browser download does not work on these machines.
const port = Number(process.env.E2E_PORT ?? 3987);
// Made once in the main process and handed to the workers through the environment, so a spec
// can reach the server's database (the trading flow writes a signal as the reader would).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'copybot-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const root = new URL('..', import.meta.url).pathname;
// A local fake of the Quadcode trading platform, started by the real-broker spec on this port;
// the server runs Bullex (14) on it, as an operator turns a white label on by configuration.
const quadcodePort = Number(process.env.E2E_QUADCODE_PORT ?? port + 1);
process.env.E2E_QUADCODE_PORT = String(quadcodePort);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: 'artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json']],
  // The server's warnings and errors, printed after the run (server-log.ts).
  globalTeardown: './server-log.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // Its log goes to a file, not the test output; the teardown prints its warnings and errors.
    command: `node --import tsx apps/server/src/server.ts >> '${serverLogPath(dataDir)}'`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/docs`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // Production keeps the local checkout off unless asked; the buying flows use it.
      PAYMENTS_LOCAL: 'on',
      // The browser tier registers many accounts from one address within the hour.
      REGISTRATIONS_PER_HOUR: '1000',
      // …and logs in through the screen more than 10 times a minute (the per-address default).
      CREDENTIAL_CALLS_PER_MINUTE: '1000',
      QUADCODE_14_HTTP_URL: `http://127.0.0.1:${quadcodePort}/api`,
      QUADCODE_14_WS_URL: `ws://127.0.0.1:${quadcodePort}/echo/websocket`,
      // Another build of the panel (e.g. one per engineer working in parallel); default apps/web/dist.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
    stdout: 'ignore',
  },
});
