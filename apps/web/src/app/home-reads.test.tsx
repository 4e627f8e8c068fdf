import type { Bot } from '@app/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEventSource, openStream } from '../test/fake-event-source.ts';
import { fakeServer } from '../test/fake-server.ts';
import { ana, renderApp } from '../test/render-app.tsx';
import { dashboard, NOW, signalScore } from '../test/trading-fixtures.ts';
import { PENDING_REFRESH_MS } from '../features/telegram-bot/components/pending-bot-notice.tsx';

const PENDING_TEXT = `O bot ${ana.userid} ainda não está verificado e não opera.`;

function bot(verified: boolean): Bot {
  return { email: ana.email, userid: ana.userid, botexp: 0, virtual: false, verified };
}

/** Home of a bot the server says is `verified()` (asked at every read), on a fake clock. */
async function openHome(verified: () => boolean) {
  vi.useFakeTimers({
    now: NOW,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  const streams = fakeEventSource();
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/getbots': () => ({ body: [bot(verified())] }),
    'GET /api/config': { body: { supportUrl: null, realTradingBrokers: [], telegramBot: null } },
    'GET /api/trading/dashboard': { body: { ...dashboard(), lastActivityId: 41 } },
    'GET /api/trading/channel-results': {
      body: {
        period: 'today',
        from: NOW,
        to: NOW,
        channels: [],
        total: signalScore({ signals: 0, wins: 0, winsByStep: [], losses: 0 }),
      },
    },
  });
  const view = await renderApp('/', { fakeTimers: true });
  const card = await screen.findByRole('region', { name: 'Robô 5550001' });
  await within(card).findByRole('group', { name: 'Saldo' });
  const reads = (path: string) => server.to(`GET /api${path}`).length;
  const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  return { ...view, server, streams, reads, tick };
}

describe("home's reads", () => {
  it('reads each resource once, and the stream starts where the first read left off', async () => {
    const { streams, reads, tick } = await openHome(() => true);
    const stream = openStream(streams);
    expect(new URL(stream.url, 'http://localhost').searchParams.get('after')).toBe('41');
    stream.open();
    await tick(30_000);
    for (const path of ['/getbots', '/config', '/trading/dashboard']) {
      expect(reads(path), path).toBe(1);
    }
    expect(reads('/trading/channel-results')).toBe(1);
    expect(screen.queryByText(PENDING_TEXT)).not.toBeInTheDocument();
    // What the stream says is read again, once.
    stream.push({ type: 'dashboard', userid: ana.userid }, 'dashboard');
    await tick(0);
    expect(reads('/trading/dashboard')).toBe(2);
    expect(reads('/getbots')).toBe(1);
  });

  it("takes a pending bot's notice away when the stream says the bot was verified, without polling", async () => {
    let verified = false;
    const { streams, reads, tick } = await openHome(() => verified);
    expect(await screen.findByText(PENDING_TEXT)).toBeVisible();
    openStream(streams).open();
    await tick(60_000);
    expect(reads('/getbots')).toBe(1);
    // Verified through the deep link in Telegram: the server tells the bot's stream.
    verified = true;
    openStream(streams).push({ type: 'bot', userid: ana.userid }, 'bot');
    await tick(0);
    expect(reads('/getbots')).toBe(2);
    expect(screen.queryByText(PENDING_TEXT)).not.toBeInTheDocument();
  });

  it('reads the pending bot again every few seconds while no stream is open', async () => {
    let verified = false;
    const { reads, tick } = await openHome(() => verified);
    expect(await screen.findByText(PENDING_TEXT)).toBeVisible();
    const before = reads('/getbots');
    await tick(PENDING_REFRESH_MS);
    expect(reads('/getbots')).toBe(before + 1);
    verified = true;
    // The next read (the interval counts from the last answer) finds it verified.
    await tick(2 * PENDING_REFRESH_MS);
    expect(screen.queryByText(PENDING_TEXT)).not.toBeInTheDocument();
    const settled = reads('/getbots');
    await tick(4 * PENDING_REFRESH_MS);
    expect(reads('/getbots')).toBe(settled);
  });
});
