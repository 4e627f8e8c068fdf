import { defaultReaderParams, NOTICE_MS } from '@app/contract';
import { act, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, currentPath, renderApp } from '../../test/render-app.tsx';

async function openCopySignals(extra = {}) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'POST /api/readerreset': { body: { ok: true } },
    'POST /api/readerdelete': { body: { ok: true } },
    'GET /api/readerparams': { body: defaultReaderParams() },
    ...extra,
  });
  const view = await renderApp('/copysignals');
  await screen.findByRole('heading', { name: 'Copiar sinais', level: 1 });
  return { server, ...view };
}

describe('copy signals menu', () => {
  it("links every channel screen of SPEC's menu and the signal tester, and opens them", async () => {
    const { user } = await openCopySignals();
    const menu = screen.getByRole('navigation', { name: 'Copiar sinais' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Adicionar telefone',
      'Lista de canais',
      'Configurar canais',
      'Parâmetros do leitor',
      'Copiar salas',
      'Testador de sinais',
    ]);
    await user.click(within(menu).getByRole('link', { name: 'Parâmetros do leitor' }));
    expect(currentPath()).toBe('/reader-params');
  });

  it('shows how the reader is doing and how its last reset and delete went', async () => {
    await openCopySignals({
      'GET /api/reader/status': {
        body: {
          source: 'inbox',
          telegramAvailable: false,
          connected: false,
          phone: null,
          roomsOf: '5550009',
          chats: 2,
          lastMessageAt: null,
          requests: [
            { id: 2, action: 'delete', status: 'queued', createdAt: 0, settledAt: null },
            { id: 1, action: 'reset', status: 'done', createdAt: 0, settledAt: 1000 },
          ],
        },
      },
    });
    const status = await screen.findByRole('list', { name: 'Estado do leitor' });
    expect(status).toHaveTextContent('Fonte: canais locais');
    expect(status).toHaveTextContent('Telegram não conectado');
    expect(status).toHaveTextContent('Canais lidos: 2');
    expect(status).toHaveTextContent('Nenhuma mensagem lida ainda');
    expect(status).toHaveTextContent('Lendo as salas do trader 5550009');
    const requests = screen.getByRole('list', { name: 'Últimos pedidos' });
    const items = within(requests).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Apagar · .* · na fila$/);
    expect(items[1]).toHaveTextContent(/^Reiniciar · .* · concluído$/);
  });

  it('resets the reader and says "Comando enviado" for 2 seconds', async () => {
    const { user, server } = await openCopySignals();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Reiniciar leitor' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Comando enviado');
    expect(server.to('POST /api/readerreset')[0]?.body).toEqual({ userid: '5550001' });
    act(() => vi.advanceTimersByTime(NOTICE_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it('asks before deleting the reader, and sends nothing when cancelled', async () => {
    const { user, server } = await openCopySignals();
    await user.click(screen.getByRole('button', { name: 'Apagar leitor' }));
    const dialog = screen.getByRole('dialog', { name: 'Apagar o leitor de sinais?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    // The dialog fades out before it leaves the page; wait for it, as a person would.
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(server.to('POST /api/readerdelete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Apagar leitor' }));
    const again = await screen.findByRole('dialog', { name: 'Apagar o leitor de sinais?' });
    await user.click(within(again).getByRole('button', { name: 'Apagar leitor' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Comando enviado');
    expect(server.to('POST /api/readerdelete')[0]?.body).toEqual({ userid: '5550001' });
  });

  it('shows a translated error when the command cannot be sent', async () => {
    const { user } = await openCopySignals({
      'POST /api/readerreset': errorReply(429, 'errors.rateLimited'),
    });
    await user.click(screen.getByRole('button', { name: 'Reiniciar leitor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Muitas tentativas/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
