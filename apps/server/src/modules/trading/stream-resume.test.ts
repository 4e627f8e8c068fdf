import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints as api, TradingDashboardSchema } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, useTestApp } from '../../test/app.ts';
import { robotOf } from '../../test/robot.ts';
import { command, newTrader, saveGlobalParams, type Me } from '../../test/trading.ts';

const t = useTestApp({ now: () => Date.UTC(2026, 0, 6, 13, 0) });

let me: Me;

beforeAll(async () => {
  me = await newTrader(t.app);
  await saveGlobalParams(t.app, me, {});
  await command(t.app, robotOf(t.app), me, 1);
});

/** The app listening on a real port (once per file). */
async function serverPort(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** Opens the bot's live stream over real HTTP; `events` fills with what it pushes, as `type key`. */
async function openStream(query: string) {
  const port = await serverPort();
  const events: string[] = [];
  let buffer = '';
  const req = request({
    host: '127.0.0.1',
    port,
    path: `/api${api.tradingStream.path}?userid=${me.userid}${query}`,
    headers: { cookie: me.cookie, accept: 'text/event-stream' },
  });
  await new Promise<void>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      expect(res.statusCode).toBe(200);
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const block of blocks) {
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as {
            type: string;
            item?: { message: { key: string } };
          };
          events.push(event.item ? `${event.type} ${event.item.message.key}` : event.type);
        }
      });
      resolve();
    });
    req.end();
  });
  return { events, close: () => req.destroy() };
}

async function dashboardCursor(): Promise<number> {
  const res = await callAs(t.app, me.cookie, api.tradingDashboard, {
    query: { userid: me.userid },
  });
  expect(res.statusCode).toBe(200);
  const cursor = TradingDashboardSchema.parse(res.json()).lastActivityId;
  expect(cursor).toBeTypeOf('number');
  return cursor ?? -1;
}

describe('the live stream resumes from the first read', () => {
  it("sends what was written between the dashboard's read and the stream's opening", async () => {
    const cursor = await dashboardCursor();
    // The trader switched the robot off before the stream opened (nobody told a stream).
    await command(t.app, robotOf(t.app), me, 2);
    const fromRead = await openStream(`&after=${cursor}`);
    const fromNow = await openStream('');
    try {
      await expect.poll(() => fromRead.events.length).toBe(2);
      const missed = fromRead.events[0];
      expect(missed).toMatch(/^activity robot\./);
      expect(fromRead.events[1]).toBe('dashboard');
      // Then on again: both streams push it; the one opened from now never had the first line.
      await command(t.app, robotOf(t.app), me, 1);
      t.app.robotEvents.emit('change', me.botId);
      await expect.poll(() => fromNow.events.length).toBe(2);
      await expect.poll(() => fromRead.events.length).toBe(4);
      expect(fromNow.events).toEqual(fromRead.events.slice(2));
      expect(fromNow.events[0]).not.toBe(missed);
    } finally {
      fromRead.close();
      fromNow.close();
    }
  });

  it('tells the open streams of a bot verified in Telegram (a `bot` event), not the others', async () => {
    const stream = await openStream('');
    try {
      t.app.robotEvents.emit('verified', me.botId + 1_000);
      t.app.robotEvents.emit('verified', me.botId);
      await expect.poll(() => stream.events).toEqual(['bot']);
    } finally {
      stream.close();
    }
  });
});
