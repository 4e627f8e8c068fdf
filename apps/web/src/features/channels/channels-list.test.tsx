import { CHANNEL_LIST_REDIRECT_MS } from '@app/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { follower } from '../../test/channels.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { ana, currentPath, renderApp } from '../../test/render-app.tsx';

const chats = [
  { chid: 'inbox-1', chname: 'Sinais VIP', selected: true, source: 'inbox' },
  { chid: '-100200', chname: "Trader's room", selected: false, source: 'telegram' },
];

async function openList(session = ana) {
  const server = fakeServer({
    'GET /api/session': { body: session },
    'GET /api/getchatlist': { body: chats },
    'POST /api/savelist': { body: { ok: true } },
    'POST /api/updatechatlist': { body: { ok: true } },
  });
  const view = await renderApp('/channels-list');
  await screen.findByRole('checkbox', { name: /Sinais VIP/ });
  return { server, ...view };
}

afterEach(() => vi.useRealTimers());

describe('channel list', () => {
  it('shows every chat as a checkbox, names without apostrophes, the saved ones ticked', async () => {
    await openList();
    const grid = screen.getByLabelText('Canais');
    const boxes = within(grid).getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: /Sinais VIP/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Traders room' })).not.toBeChecked();
  });

  it("saves the trader's choice, says so and returns to /copysignals after 2 s", async () => {
    const { user, server } = await openList();
    await user.click(screen.getByRole('checkbox', { name: 'Traders room' }));
    await user.click(screen.getByRole('checkbox', { name: /Sinais VIP/ }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Lista salva');
    const [request] = server.to('POST /api/savelist');
    expect(request?.query).toEqual({ userid: ana.userid });
    expect(request?.body).toEqual([{ name: 'Traders room', idNum: '-100200', userid: ana.userid }]);
    act(() => vi.advanceTimersByTime(CHANNEL_LIST_REDIRECT_MS - 1));
    expect(currentPath()).toBe('/channels-list');
    act(() => vi.advanceTimersByTime(1));
    expect(currentPath()).toBe('/copysignals');
  });

  it("updates the list, says 'Atualizando...' and reads the list again after 2 s", async () => {
    const { user, server } = await openList();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Listar/atualizar' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Atualizando... aguarde uns segundos.',
    );
    expect(server.to('POST /api/updatechatlist')[0]?.body).toEqual({ userid: ana.userid });
    const reads = server.to('GET /api/getchatlist').length;
    act(() => vi.advanceTimersByTime(CHANNEL_LIST_REDIRECT_MS));
    vi.useRealTimers();
    expect(currentPath()).toBe('/channels-list');
    await vi.waitFor(() => expect(server.to('GET /api/getchatlist').length).toBe(reads + 1), {
      timeout: 5_000,
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("for a bot that is not its own trader, both buttons only say 'Atualizando...'", async () => {
    const { user, server } = await openList(follower);
    expect(screen.getByText('Apenas trader pode atualizar/salvar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('status')).toHaveTextContent('Atualizando... aguarde uns segundos.');
    await user.click(screen.getByRole('button', { name: 'Listar/atualizar' }));
    expect(server.to('POST /api/savelist')).toHaveLength(0);
    expect(server.to('POST /api/updatechatlist')).toHaveLength(0);
    expect(currentPath()).toBe('/channels-list');
  });
});
