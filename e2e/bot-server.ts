import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeBotApi, type FakeBotApi } from '../apps/server/src/test/fake-bot-api.ts';

// A server of a spec's own with the operator's Telegram bot configured against the fake Bot API,
// on a port and data directory of its own, so the shared server's outbox-file set-up stays as
// the other specs need it.

const root = new URL('..', import.meta.url).pathname;

/** The address of a spec's own server: the shared server's port plus `offset`. */
export function botServerURL(offset: number): string {
  return `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3987) + offset}`;
}

export interface BotServer {
  fake: FakeBotApi;
  /** The server's data directory (its `app.db`). */
  dataDir: string;
  stop(): Promise<void>;
}

async function listening(baseURL: string, name: string): Promise<void> {
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${baseURL}/api/docs`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the ${name} server did not start`);
}

/** Starts the fake Bot API and a server using it at `baseURL`, with `env` added. */
export async function startBotServer(
  baseURL: string,
  name: string,
  env: Record<string, string> = {},
): Promise<BotServer> {
  const fake = await startFakeBotApi();
  const dataDir = mkdtempSync(join(tmpdir(), `copybot-e2e-${name}-`));
  const server: ChildProcess = spawn('node', ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: new URL(baseURL).port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      REGISTRATIONS_PER_HOUR: '1000',
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_BOT_API_URL: fake.url,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...env,
    },
  });
  await listening(baseURL, name);
  return {
    fake,
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
