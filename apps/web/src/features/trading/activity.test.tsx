import type { ActivityItem } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';
import { TRADING_POLL_MS } from './api/trading.ts';
import { fakeEventSource, openStream } from '../../test/fake-event-source.ts';
import { activity, order } from '../../test/trading-fixtures.ts';

const refusal = activity(3, {
  kind: 'decision',
  message: { key: 'robot.refusal.outside_windows', params: { asset: 'EURUSD', direction: 'CALL' } },
});
const placed = activity(4, {
  kind: 'order',
  orderId: 1,
  message: {
    key: 'robot.activity.orderOpen',
    params: {
      asset: 'EURUSD',
      direction: 'CALL',
      stakeCents: 200,
      galeLevel: 0,
      expiresAt: 1_747_746_060_000,
    },
  },
});
const won = activity(5, {
  kind: 'result',
  orderId: 1,
  message: {
    key: 'robot.activity.won',
    params: { asset: 'EURUSD', pnlCents: 174, balanceCents: 1_000_174, galeLevel: 0 },
  },
});

async function openFeed(
  read: (query: Record<string, string>) => { items: ActivityItem[]; nextCursor: number | null },
) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/trading/activity': (request) => ({ body: read(request.query) }),
  });
  const view = await renderApp('/activity');
  await screen.findByRole('heading', { name: 'Atividade do robô' });
  return { server, ...view };
}

const feed = () => screen.findByRole('list', { name: 'Atividade do robô' });

describe('activity feed', () => {
  it('lists signals, decisions, orders and results newest first, each translated', async () => {
    await openFeed(() => ({ items: [won, placed, refusal, activity(2)], nextCursor: null }));
    const items = within(await feed()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('ResultadoWin em EURUSD: 1,74 · saldo 10.001,74.'),
      expect.stringContaining('OrdemOrdem aberta: EURUSD Compra (CALL), 2,00, entrada.'),
      expect.stringContaining(
        'DecisãoSinal EURUSD Compra (CALL) não operado: Fora da janela de horário configurada.',
      ),
      expect.stringContaining('SinalSinal recebido: EURUSD Compra (CALL).'),
    ]);
    expect(screen.queryByText(/robot\./)).not.toBeInTheDocument();
  });

  it('marks the lines of an order on the simulator "Simulador", and only those', async () => {
    await openFeed(() => ({
      items: [{ ...won, simulator: true }, activity(2)],
      nextCursor: null,
    }));
    const [result, signal] = within(await feed()).getAllByRole('listitem');
    expect(within(result!).getByText('Simulador')).toBeInTheDocument();
    expect(within(signal!).queryByText('Simulador')).not.toBeInTheDocument();
  });

  it('reads a key it does not know as its kind, never as the raw key', async () => {
    await openFeed(() => ({
      items: [
        activity(1, { kind: 'decision', message: { key: 'robot.refusal.brandNew', params: {} } }),
      ],
      nextCursor: null,
    }));
    const item = within(await feed()).getByRole('listitem');
    expect(item).toHaveTextContent('DecisãoDecisão');
    expect(item).not.toHaveTextContent('robot.');
  });

  it('says so when nothing happened yet', async () => {
    await openFeed(() => ({ items: [], nextCursor: null }));
    expect(
      await screen.findByText('Nada aconteceu ainda: ligue o robô e aguarde um sinal.'),
    ).toBeInTheDocument();
  });

  it('loads older pages with the cursor', async () => {
    const { server, user } = await openFeed((query) =>
      query.cursor === '3'
        ? { items: [activity(2), activity(1)], nextCursor: null }
        : { items: [won, placed, refusal], nextCursor: 3 },
    );
    expect(within(await feed()).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(async () =>
      expect(within(await feed()).getAllByRole('listitem')).toHaveLength(5),
    );
    expect(server.to('GET /api/trading/activity').map((r) => r.query.cursor)).toEqual([
      undefined,
      '3',
    ]);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });

  it('is pushed live by the stream of this bot: a new event re-reads the feed', async () => {
    const streams = fakeEventSource();
    let items = [placed, refusal];
    await openFeed(() => ({ items, nextCursor: null }));
    const stream = openStream(streams);
    expect(stream.url).toBe('/api/trading/stream?userid=5550001');
    expect(stream.withCredentials).toBe(true);
    expect(screen.getByText('Atualizando a cada 5 s')).toBeInTheDocument();
    stream.open();
    expect(screen.getByText('Ao vivo')).toBeInTheDocument();
    items = [won, placed, refusal];
    stream.push({ type: 'activity', item: won }, 'activity');
    await waitFor(async () =>
      expect(within(await feed()).getAllByRole('listitem')[0]).toHaveTextContent(
        'Win em EURUSD: 1,74',
      ),
    );
  });

  it('re-reads once when the stream opens: a line written before it opened is not lost', async () => {
    const streams = fakeEventSource();
    let items = [refusal];
    const { server } = await openFeed(() => ({ items, nextCursor: null }));
    const stream = openStream(streams);
    const reads = server.to('GET /api/trading/activity').length;
    // Written after the first read, before the stream opened: the stream never pushes it.
    items = [placed, refusal];
    stream.open();
    await waitFor(() => expect(server.to('GET /api/trading/activity').length).toBe(reads + 1));
    await waitFor(async () =>
      expect(within(await feed()).getAllByRole('listitem')).toHaveLength(2),
    );
  });

  /**
   * The feed on a slow network: its first read reads `[refusal]` and answers only when
   * `answerFirst` is called; the robot then writes `placed`, which later reads see.
   */
  async function openFeedWithSlowFirstRead() {
    const streams = fakeEventSource();
    let items = [refusal];
    let answerFirst: () => void = () => undefined;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    let reads = 0;
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/trading/activity': async () => {
        reads += 1;
        const seen = items;
        if (reads === 1) await firstAnswered;
        return { body: { items: seen, nextCursor: null } };
      },
    });
    await renderApp('/activity');
    await screen.findByRole('heading', { name: 'Atividade do robô' });
    await waitFor(() => expect(reads).toBe(1));
    items = [placed, refusal];
    return {
      stream: openStream(streams),
      reads: () => reads,
      answerFirst: () => act(async () => answerFirst()),
    };
  }

  it('reads again when the stream opens during the first read: that read may predate a line', async () => {
    const { stream, reads, answerFirst } = await openFeedWithSlowFirstRead();
    // The stream opens after the robot's line (its starting point is after it).
    stream.open();
    await answerFirst();
    await waitFor(async () =>
      expect(within(await feed()).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(reads()).toBe(2);
  });

  it('reads again on an event that comes during a first read', async () => {
    const { stream, answerFirst } = await openFeedWithSlowFirstRead();
    stream.push({ type: 'activity', item: placed }, 'activity');
    await answerFirst();
    await waitFor(async () =>
      expect(within(await feed()).getAllByRole('listitem')).toHaveLength(2),
    );
  });

  it('re-reads on each named event of the contract and ignores anything else', async () => {
    const streams = fakeEventSource();
    const { server } = await openFeed(() => ({ items: [placed], nextCursor: null }));
    const stream = openStream(streams);
    const first = server.to('GET /api/trading/activity').length;
    stream.open();
    await waitFor(() => expect(server.to('GET /api/trading/activity').length).toBe(first + 1));
    const reads = server.to('GET /api/trading/activity').length;
    stream.push({ type: 'nonsense' }, 'nonsense');
    stream.push({ type: 'nonsense' });
    stream.push({ type: 'order', userid: '5550001', order: order() }, 'order');
    await waitFor(() => expect(server.to('GET /api/trading/activity').length).toBe(reads + 1));
  });

  it('does not poll while the stream is open, and polls every 5 s once it drops', async () => {
    const streams = fakeEventSource();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let items = [placed];
    const { server } = await openFeed(() => ({ items, nextCursor: null }));
    const stream = openStream(streams);
    const reads = () => server.to('GET /api/trading/activity').length;
    const first = reads();
    stream.open();
    // The opening's own re-read, then nothing while the stream stays open.
    await waitFor(() => expect(reads()).toBe(first + 1));
    const before = reads();
    act(() => vi.advanceTimersByTime(TRADING_POLL_MS * 2));
    expect(reads()).toBe(before);
    stream.drop();
    expect(screen.getByText('Atualizando a cada 5 s')).toBeInTheDocument();
    items = [won, placed];
    act(() => vi.advanceTimersByTime(TRADING_POLL_MS));
    expect(reads()).toBe(before + 1);
    await waitFor(async () =>
      expect(within(await feed()).getAllByRole('listitem')).toHaveLength(2),
    );
  });

  it('polls every 5 s in a browser without EventSource', async () => {
    vi.stubGlobal('EventSource', undefined);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { server } = await openFeed(() => ({ items: [placed], nextCursor: null }));
    await feed();
    const before = server.to('GET /api/trading/activity').length;
    act(() => vi.advanceTimersByTime(TRADING_POLL_MS));
    expect(server.to('GET /api/trading/activity')).toHaveLength(before + 1);
  });

  it('offers a retry when the feed cannot be read', async () => {
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/trading/activity': errorReply(403, 'errors.forbidden'),
    });
    await renderApp('/activity');
    await screen.findByRole('heading', { name: 'Atividade do robô' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este robô não pertence à sua conta.',
    );
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
