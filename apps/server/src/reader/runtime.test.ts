import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { build } from '../app.ts';
import { registerAndLogin } from '../test/app.ts';
import { createChannel, signalsOf, subscribe, post } from '../test/reader.ts';
import { deliverMessage } from './messages.ts';

// The loop's own behaviour (timers, wake-up, logging, close): fake timers drive an in-process
// reader, so this file always runs on SQLite.
const T0 = Date.UTC(2026, 4, 12, 17, 0, 0);
const lines: string[] = [];
let app: FastifyInstance | null = null;
let failClock = false;

async function start(): Promise<FastifyInstance> {
  app = await build({
    sqliteFile: ':memory:',
    secretKey: randomBytes(32).toString('hex'),
    webDist: '/nonexistent-web-dist',
    rateLimit: { max: 10_000, timeWindowMs: 60_000 },
    logger: true,
    logStream: { write: (line) => lines.push(line) },
    robot: false,
    telegram: null,
    reader: { intervalMs: 1000 },
    now: () => {
      if (failClock) {
        failClock = false;
        throw new Error('clock unavailable');
      }
      return T0;
    },
  });
  return app;
}

async function followedChannel(a: FastifyInstance) {
  const me = await registerAndLogin(a);
  const idNum = await createChannel(a, me, 'Loop');
  await subscribe(a, me, [{ idNum, name: 'Loop' }]);
  const bot = await a.deps.db
    .selectFrom('bots')
    .select('id')
    .where('userid', '=', me.userid)
    .executeTakeFirstOrThrow();
  return { me, idNum, botId: bot.id };
}

beforeEach(() => {
  lines.length = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(async () => {
  await app?.close();
  app = null;
  vi.useRealTimers();
});

describe('the reader runtime', () => {
  it('reads a posted message at once, without waiting for the next tick', async () => {
    const a = await start();
    const { me, idNum } = await followedChannel(a);
    await post(a, me, idNum, 'M5;EURUSD;14:30;PUT');
    await vi.advanceTimersByTimeAsync(0);
    await a.reader.idle();
    expect(await signalsOf(a, me)).toMatchObject([{ status: 'accepted', asset: 'EURUSD' }]);
  });

  it('reads what a source stored by itself at the next tick, not before', async () => {
    const a = await start();
    const { me, idNum, botId } = await followedChannel(a);
    await vi.advanceTimersByTimeAsync(1000);
    await a.reader.idle();
    await deliverMessage(a.deps.db, {
      botId,
      channelId: idNum,
      sourceId: null,
      text: 'GBPUSD;14:40;CALL;M1',
      receivedAtMs: T0,
    });
    await vi.advanceTimersByTimeAsync(500);
    await a.reader.idle();
    expect(await signalsOf(a, me)).toEqual([]);
    await vi.advanceTimersByTimeAsync(500);
    await a.reader.idle();
    expect(await signalsOf(a, me)).toMatchObject([{ asset: 'GBPUSD' }]);
  });

  it("logs a bot's failure with name and message only, and goes on at the next tick", async () => {
    const a = await start();
    const { me, idNum } = await followedChannel(a);
    await vi.advanceTimersByTimeAsync(1000);
    await a.reader.idle();
    await post(a, me, idNum, 'AUDUSD;14:50;CALL;M5');
    failClock = true;
    await vi.advanceTimersByTimeAsync(0);
    await a.reader.idle();
    const failure = lines.find((l) => l.includes('signal reader: failed'));
    expect(failure).toContain('clock unavailable');
    expect(await signalsOf(a, me)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    await a.reader.idle();
    expect(await signalsOf(a, me)).toMatchObject([{ asset: 'AUDUSD' }]);
  });

  it('leaves no timer behind when the app closes', async () => {
    const a = await start();
    await a.close();
    app = null;
    expect(vi.getTimerCount()).toBe(0);
  });
});
