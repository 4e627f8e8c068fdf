import { PHONE_REDIRECT_MS } from '@app/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, currentPath, renderApp } from '../../test/render-app.tsx';

const status = (telegramAvailable: boolean) => ({
  source: 'inbox',
  telegramAvailable,
  connected: false,
  phone: null,
  roomsOf: ana.userid,
  chats: 0,
  lastMessageAt: null,
  requests: [],
});

async function openAddPhone(routes = {}) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/reader/status': { body: status(true) },
    'POST /api/addphone': { body: { ok: true } },
    'POST /api/authcode': { body: { ok: true } },
    ...routes,
  });
  const view = await renderApp('/addphone');
  await screen.findByRole('heading', { name: 'Adicionar telefone', level: 1 });
  return { server, ...view };
}

async function sendPhone(user: Awaited<ReturnType<typeof openAddPhone>>['user']) {
  await user.type(screen.getByLabelText(/Telefone/), '  +5511999998888 ');
  await user.click(screen.getByRole('button', { name: 'Enviar código' }));
  await screen.findByText(/Código enviado para \+5511999998888/);
}

afterEach(() => vi.useRealTimers());

describe('add phone', () => {
  it('sends the phone trimmed, then the code and password, says connected and returns to /copysignals after 1 s', async () => {
    const { user, server } = await openAddPhone();
    expect(screen.getByLabelText(/Telefone/)).toHaveAttribute('placeholder', '+5511999998888');
    await sendPhone(user);
    expect(server.to('POST /api/addphone')[0]?.body).toEqual({
      userid: ana.userid,
      phone: '+5511999998888',
    });

    await user.type(screen.getByLabelText(/Código/), '12345');
    await user.type(screen.getByLabelText(/Senha do Telegram/), 'segredo');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Conectar' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Conectado!'));
    expect(server.to('POST /api/authcode')[0]?.body).toEqual({
      userid: ana.userid,
      code: '12345',
      password: 'segredo',
    });
    act(() => vi.advanceTimersByTime(PHONE_REDIRECT_MS - 1));
    expect(currentPath()).toBe('/addphone');
    act(() => vi.advanceTimersByTime(1));
    expect(currentPath()).toBe('/copysignals');
  });

  it.each([
    ['wrong code', errorReply(400, 'phone.errors.codeInvalid'), 'Código incorreto'],
    ['wrong password', errorReply(400, 'phone.errors.passwordInvalid'), 'Senha incorreta'],
    [
      'a flood wait, with its seconds',
      {
        status: 429,
        body: {
          error: { code: 'phone.errors.floodWait', message: 'x', params: { seconds: 42 } },
        },
      },
      'Muitas tentativas. Aguarde 42 segundos e tente de novo',
    ],
  ])('says what to do on %s and stays on the code step', async (_name, reply, text) => {
    const { user } = await openAddPhone({ 'POST /api/authcode': reply });
    await sendPhone(user);
    await user.type(screen.getByLabelText(/Código/), '11111');
    await user.click(screen.getByRole('button', { name: 'Conectar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Conectar' })).toBeInTheDocument();
    expect(currentPath()).toBe('/addphone');
  });

  it('says a banned number is banned, on the phone step', async () => {
    const { user } = await openAddPhone({
      'POST /api/addphone': errorReply(400, 'phone.errors.banned'),
    });
    await user.type(screen.getByLabelText(/Telefone/), '+5511999998888');
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este telefone foi banido pelo Telegram',
    );
  });

  it('points to local channels when the server has no Telegram configured', async () => {
    await openAddPhone({ 'GET /api/reader/status': { body: status(false) } });
    expect(await screen.findByText(/não tem o Telegram configurado/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Testador de sinais' })).toHaveAttribute(
      'href',
      '/signal-tester',
    );
  });
});
