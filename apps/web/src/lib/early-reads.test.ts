import { endpoints, type Endpoint } from '@app/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server.ts';
import { api, endpointUrl } from './api.ts';
import { forgetEarlyReads, readScreenEarly, SCREEN_READS, sessionBotOf } from './early-reads.ts';
import { PATHS } from './paths.ts';
import { storage } from './storage.ts';

const BOT = '5550001';
const bots = [{ email: 'a@b.c', userid: BOT, botexp: 0, verified: true, virtual: false }];

afterEach(() => {
  forgetEarlyReads();
  vi.useRealTimers();
  localStorage.clear();
});

describe('early reads', () => {
  it("are the addresses of the screens' own first reads", () => {
    const read = (e: Endpoint, query?: Record<string, string>) => {
      expect(e.method).toBe('GET');
      return endpointUrl(e, query as never);
    };
    expect(SCREEN_READS[PATHS.home]?.(BOT)).toEqual([
      read(endpoints.getBots, { userid: BOT }),
      read(endpoints.panelConfig),
      read(endpoints.tradingDashboard, { userid: BOT }),
      read(endpoints.tradingChannelResults, { userid: BOT, period: 'today' }),
    ]);
    expect(SCREEN_READS[PATHS.masaniello]?.(BOT)).toEqual([
      read(endpoints.getMasaniello, { userid: BOT }),
    ]);
  });

  it('are started once and taken once by the screen: the server is asked once', async () => {
    const server = fakeServer({ 'GET /api/getbots': { body: bots } });
    readScreenEarly(PATHS.home, BOT);
    readScreenEarly(PATHS.home, BOT); // the session's answer after the stored bot's start
    expect(server.to('GET /api/getbots')).toHaveLength(1);
    await expect(api(endpoints.getBots, { query: { userid: BOT } })).resolves.toEqual(bots);
    expect(server.to('GET /api/getbots')).toHaveLength(1);
    // A second read is a read: it asks the server.
    await api(endpoints.getBots, { query: { userid: BOT } });
    expect(server.to('GET /api/getbots')).toHaveLength(2);
  });

  it('are not started for a screen without any, nor without a bot', () => {
    const server = fakeServer({});
    readScreenEarly('/orders', BOT);
    readScreenEarly(PATHS.home, null);
    expect(server.requests).toHaveLength(0);
  });

  it('hand over no failure: a refused early read is asked again', async () => {
    let answers = 0;
    const server = fakeServer({
      'GET /api/getbots': () =>
        (answers += 1) === 1
          ? { status: 401, body: { error: { code: 'errors.unauthenticated', message: 'x' } } }
          : { body: bots },
    });
    readScreenEarly(PATHS.home, BOT);
    await expect(api(endpoints.getBots, { query: { userid: BOT } })).resolves.toEqual(bots);
    expect(server.to('GET /api/getbots')).toHaveLength(2);
  });

  it('are not used once stale: the screen asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const server = fakeServer({ 'GET /api/getbots': { body: bots } });
    readScreenEarly(PATHS.home, BOT);
    vi.advanceTimersByTime(10_001);
    await api(endpoints.getBots, { query: { userid: BOT } });
    expect(server.to('GET /api/getbots')).toHaveLength(2);
  });

  it("read the bot the session will select: the stored one if the account has it, else the session's", () => {
    const answer = { userid: '777', traderid: '777', email: 'a@b.c', botIDs: [{ userid: '777' }] };
    expect(sessionBotOf(answer)).toBe('777');
    storage.set('userId', BOT);
    expect(sessionBotOf(answer)).toBe('777');
    expect(sessionBotOf({ ...answer, botIDs: [{ userid: '777' }, { userid: BOT }] })).toBe(BOT);
    expect(sessionBotOf(null)).toBeNull();
    expect(sessionBotOf({ userid: 5 })).toBeNull();
  });
});
