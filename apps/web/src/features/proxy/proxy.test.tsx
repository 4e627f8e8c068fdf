import { defaultProxy, NOTICE_MS, type ProxyRead } from '@app/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

const saved: ProxyRead = {
  ip: '10.0.0.8',
  porta: 3128,
  login: 'ana',
  userid: ana.userid,
  hasPassword: true,
};

async function openProxy(read: ProxyRead = saved, extra = {}) {
  let current = read;
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/proxyparams': () => ({ body: current }),
    'POST /api/proxyparams': { body: { ok: true } },
    ...extra,
  });
  const view = await renderApp('/configproxy');
  await screen.findByRole('heading', { name: 'Proxy' });
  await screen.findByLabelText('Porta');
  return { server, setRead: (next: ProxyRead) => (current = next), ...view };
}

const save = () => screen.getByRole('button', { name: 'Salvar' });

describe('proxy', () => {
  it('loads the saved proxy and shows that a password is stored without prefilling it', async () => {
    const { server } = await openProxy();
    expect(server.to('GET /api/proxyparams')[0]?.query).toEqual({ userid: '5550001' });
    expect(screen.getByLabelText('Endereço do proxy')).toHaveValue('10.0.0.8');
    expect(screen.getByLabelText('Porta')).toHaveValue('3128');
    expect(screen.getByLabelText('Login')).toHaveValue('ana');
    expect(screen.getByText('Senha salva')).toBeInTheDocument();
    const password = screen.getByLabelText('Senha');
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'new-password');
  });

  it('sends trimmed values and the port as a number, then empties the password', async () => {
    const { user, server } = await openProxy(defaultProxy(ana.userid));
    expect(screen.queryByText('Senha salva')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Endereço do proxy'), '  proxy.example.com ');
    await user.clear(screen.getByLabelText('Porta'));
    await user.type(screen.getByLabelText('Porta'), '8080');
    await user.type(screen.getByLabelText('Login'), ' ana ');
    await user.type(screen.getByLabelText('Senha'), ' segredo ');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(server.to('POST /api/proxyparams')[0]?.body).toEqual({
      ip: 'proxy.example.com',
      porta: 8080,
      login: 'ana',
      password: 'segredo',
      userid: '5550001',
    });
    expect(screen.getByLabelText('Senha')).toHaveValue('');
    act(() => vi.advanceTimersByTime(NOTICE_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('re-reads the proxy after a save, so the stored password shows', async () => {
    const { user, server, setRead } = await openProxy({ ...saved, hasPassword: false });
    await user.type(screen.getByLabelText('Senha'), 'segredo');
    setRead(saved);
    await user.click(save());
    await waitFor(() => expect(screen.getByText('Senha salva')).toBeInTheDocument());
    expect(server.to('GET /api/proxyparams')).toHaveLength(2);
  });

  it('sends a blank password when none is typed, which keeps the stored one', async () => {
    const { user, server } = await openProxy();
    expect(screen.getByRole('note')).toHaveTextContent('Deixe o campo em branco para mantê-la');
    await user.click(save());
    await screen.findByRole('status');
    expect(server.to('POST /api/proxyparams')[0]?.body).toEqual({
      ip: '10.0.0.8',
      porta: 3128,
      login: 'ana',
      password: '',
      userid: '5550001',
    });
  });

  it('refuses a port out of range with "Parâmetros inválidos"', async () => {
    const { user, server } = await openProxy();
    await user.clear(screen.getByLabelText('Porta'));
    await user.type(screen.getByLabelText('Porta'), '70000');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Parâmetros inválidos');
    expect(screen.getByLabelText('Porta')).toHaveAttribute('aria-invalid', 'true');
    expect(server.to('POST /api/proxyparams')).toHaveLength(0);
  });

  // Regression: "not a host!!" was accepted as the proxy address.
  it('says under the address that "not a host!!" is no host, and sends nothing', async () => {
    const { user, server } = await openProxy();
    await user.clear(screen.getByLabelText('Endereço do proxy'));
    await user.type(screen.getByLabelText('Endereço do proxy'), 'not a host!!');
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('Endereço do proxy')).toHaveAccessibleDescription(
        'Informe um nome de servidor ou endereço IP (ex.: proxy.exemplo.com ou 10.0.0.7).',
      ),
    );
    expect(server.to('POST /api/proxyparams')).toHaveLength(0);
  });

  // The explicit remove of the one secret rule.
  it('deletes the stored password by its own button, keeping the proxy', async () => {
    const { user, server, setRead } = await openProxy();
    setRead({ ...saved, hasPassword: false });
    await user.click(screen.getByRole('button', { name: 'Apagar a senha salva' }));
    expect(await screen.findByText('Senha apagada')).toBeInTheDocument();
    expect(server.to('POST /api/proxyparams')[0]?.body).toEqual({
      ip: '10.0.0.8',
      porta: 3128,
      login: 'ana',
      password: '',
      userid: '5550001',
      remove: ['password'],
    });
    await waitFor(() => expect(screen.queryByText('Senha salva')).not.toBeInTheDocument());
  });

  it('shows an error notice when the save fails', async () => {
    const { user } = await openProxy(saved, {
      'POST /api/proxyparams': errorReply(0, 'errors.network'),
    });
    await user.click(save());
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
