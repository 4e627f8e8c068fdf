import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { build } from '../app.ts';
import { registerAndLogin, sameOriginByDefault } from '../test/app.ts';

// The scheduler's own behaviour (timers, logging, close) does not depend on the database, and
// fake timers can only drive an in-process one: this file always runs on SQLite.
const lines: string[] = [];
let app: FastifyInstance | null = null;

async function start(intervalMs = 1000): Promise<FastifyInstance> {
  app = sameOriginByDefault(
    await build({
      sqliteFile: ':memory:',
      secretKey: randomBytes(32).toString('hex'),
      webDist: '/nonexistent-web-dist',
      rateLimit: { max: 10_000, timeWindowMs: 60_000 },
      logger: true,
      logStream: { write: (line) => lines.push(line) },
      robot: { intervalMs },
      // The signal reader has its own timer and its own tests (reader/runtime.test.ts).
      reader: false,
    }),
  );
  return app;
}

async function queue(a: FastifyInstance, code: number): Promise<number> {
  const me = await registerAndLogin(a);
  const bot = await a.deps.db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', me.userid)
    .executeTakeFirstOrThrow();
  const row = await a.deps.db
    .insertInto('bot_commands')
    .values({ bot_id: bot.id, code, created_at: 1, status: 'queued' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const statusOf = async (a: FastifyInstance, id: number) =>
  (
    await a.deps.db
      .selectFrom('bot_commands')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

beforeEach(() => {
  lines.length = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
});
afterEach(async () => {
  await app?.close();
  app = null;
  vi.useRealTimers();
});

describe('startRobotRuntime', () => {
  it('applies queued commands every interval once build() started it', async () => {
    const a = await start(1000);
    const id = await queue(a, 3);
    await vi.advanceTimersByTimeAsync(999);
    expect(await statusOf(a, id)).toBe('queued');
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect(await statusOf(a, id)).toBe('done'), { timeout: 5_000 });
  });

  it('leaves no timer behind when the app closes', async () => {
    const a = await start();
    expect(vi.getTimerCount()).toBe(1);
    await a.close();
    app = null;
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is not started when build() is told robot: false', async () => {
    app = await build({
      sqliteFile: ':memory:',
      secretKey: randomBytes(32).toString('hex'),
      webDist: '/nonexistent-web-dist',
      robot: false,
      reader: false,
    });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logs a failed poll without crashing and keeps polling', async () => {
    const a = await start(1000);
    const id = await queue(a, 3);
    await sql`alter table bot_commands rename to bot_commands_away`.execute(a.deps.db);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(lines.join('')).toContain('robot runtime: pass failed'), {
      timeout: 5_000,
    });
    expect(vi.getTimerCount()).toBe(1);

    await sql`alter table bot_commands_away rename to bot_commands`.execute(a.deps.db);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(async () => expect(await statusOf(a, id)).toBe('done'), { timeout: 5_000 });
  });

  it('logs a command that throws and marks it failed', async () => {
    const a = await start(1000);
    const id = await queue(a, 3);
    await sql`drop table bot_sessions`.execute(a.deps.db);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(async () => expect(await statusOf(a, id)).toBe('failed'), { timeout: 5_000 });
    const logged = lines.find((l) => l.includes('robot: command failed'));
    expect(JSON.parse(logged ?? '{}')).toMatchObject({
      level: 50,
      command: { id, code: 3 },
      err: { message: expect.stringContaining('bot_sessions') },
    });
  });
});
