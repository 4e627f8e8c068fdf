import { BROKER_CONFIG_CARDS, NOTICE_MS, type StoredCredential } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';
import { browser } from './components/deriv-connect.tsx';

function stored(broker: number, extra: Partial<StoredCredential> = {}): StoredCredential {
  return {
    broker,
    email: '',
    hasPassword: false,
    hasTokenDemo: false,
    hasTokenReal: false,
    ...extra,
  };
}

async function openBrokers(list: StoredCredential[] = [], extra = {}, path = '/brokerconfig') {
  let current = list;
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/brokerdata': () => ({ body: current }),
    'POST /api/brokerdata': { body: { ok: true } },
    'POST /api/binarydata': { body: { ok: true } },
    'POST /api/brokerremove': { body: { ok: true } },
    ...extra,
  });
  const view = await renderApp(path);
  await screen.findByRole('heading', { name: 'Corretoras', level: 1 });
  await screen.findByRole('region', { name: 'IQ option' });
  return { server, setStored: (next: StoredCredential[]) => (current = next), ...view };
}

const card = (name: string) => screen.getByRole('region', { name });
const inCard = (name: string) => within(card(name));

describe('broker config', () => {
  it('says on every card whether the robot trades real money there or only on the simulator', async () => {
    await openBrokers([], {
      'GET /api/config': {
        body: { supportUrl: null, realTradingBrokers: [1, 2, 8], telegramBot: null },
      },
    });
    await waitFor(() => expect(inCard('IQ option').getByText('negociação real')).toBeVisible());
    expect(inCard('Exnova').getByText('negociação real')).toBeVisible();
    expect(inCard('Deriv').getByText('negociação real')).toBeVisible();
    for (const name of ['Quotex', 'Pocket Option', 'Bullex', 'Optinary']) {
      expect(inCard(name).getByText('somente simulador')).toBeVisible();
    }
    const cards = BROKER_CONFIG_CARDS.map((c) => card(c.name));
    expect(
      cards.filter((c) => within(c).queryByText(/negociação real|somente simulador/)),
    ).toHaveLength(22);
  });

  it('shows one card per broker in SPEC order, Deriv with its two tokens', async () => {
    await openBrokers();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(BROKER_CONFIG_CARDS.map((c) => c.name));
    expect(headings.slice(0, 5)).toEqual([
      'IQ option',
      'Quotex',
      'Pocket Option',
      'Exnova',
      'Deriv',
    ]);
    expect(headings.at(-1)).toBe('Optinary');

    const deriv = inCard('Deriv');
    expect(deriv.getByLabelText('Token Demo')).toHaveAttribute('type', 'password');
    expect(deriv.getByLabelText('Token Real')).toHaveAttribute('type', 'password');
    expect(deriv.queryByLabelText('E-mail')).not.toBeInTheDocument();

    const iq = inCard('IQ option');
    expect(iq.getByLabelText('E-mail')).toBeInTheDocument();
    expect(iq.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    expect(iq.getByLabelText('Senha')).toHaveAttribute('autocomplete', 'new-password');
    expect(iq.getByText('Nenhuma credencial salva')).toBeInTheDocument();
  });

  it('saves trimmed credentials, shows "Credenciais salvas" for 2 seconds and clears the fields', async () => {
    const { user, server, setStored } = await openBrokers();
    const quotex = inCard('Quotex');
    await user.type(quotex.getByLabelText('E-mail'), '  ana@corretora.com ');
    await user.type(quotex.getByLabelText('Senha'), ' segredo1 ');
    setStored([stored(5, { email: 'ana@corretora.com', hasPassword: true })]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(quotex.getByRole('button', { name: 'Salvar' }));

    expect(await quotex.findByRole('status')).toHaveTextContent('Credenciais salvas');
    expect(server.to('POST /api/brokerdata')[0]?.body).toEqual({
      email: 'ana@corretora.com',
      password: 'segredo1',
      userid: '5550001',
      broker: 5,
    });
    expect(quotex.getByLabelText('Senha')).toHaveValue('');
    expect(quotex.getByLabelText('E-mail')).toHaveValue('');
    await waitFor(() => expect(quotex.getByText('Conta: ana@corretora.com')).toBeInTheDocument());
    expect(server.to('GET /api/brokerdata').length).toBeGreaterThanOrEqual(2);

    act(() => vi.advanceTimersByTime(NOTICE_MS - 1));
    expect(quotex.getByRole('status')).toHaveTextContent('Credenciais salvas');
    act(() => vi.advanceTimersByTime(1));
    expect(quotex.queryByRole('status')).not.toBeInTheDocument();
  });

  it('sends OlympTrade credentials untrimmed', async () => {
    const { user, server } = await openBrokers();
    const olymp = inCard('OlympTrade');
    await user.type(olymp.getByLabelText('E-mail'), ' ana@olymp.com ');
    await user.type(olymp.getByLabelText('Senha'), ' com espaço ');
    await user.click(olymp.getByRole('button', { name: 'Salvar' }));
    await olymp.findByRole('status');
    expect(server.to('POST /api/brokerdata')[0]?.body).toEqual({
      email: ' ana@olymp.com ',
      password: ' com espaço ',
      userid: '5550001',
      broker: 12,
    });
  });

  it('asks for a password while none is stored, and sends nothing', async () => {
    const { user, server } = await openBrokers();
    const iq = inCard('IQ option');
    await user.type(iq.getByLabelText('E-mail'), 'ana@iq.com');
    await user.click(iq.getByRole('button', { name: 'Salvar' }));
    expect(await iq.findByRole('alert')).toHaveTextContent('Nada salvo ainda: digite um valor.');
    expect(iq.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true');
    expect(server.to('POST /api/brokerdata')).toHaveLength(0);
  });

  // Regression: the e-mail "abc" was accepted.
  it('says under the e-mail that "abc" is not one, and sends nothing', async () => {
    const { user, server } = await openBrokers();
    const iq = inCard('IQ option');
    await user.type(iq.getByLabelText('E-mail'), 'abc');
    await user.type(iq.getByLabelText('Senha'), 'segredo1');
    await user.click(iq.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(iq.getByLabelText('E-mail')).toHaveAccessibleDescription(
        'Informe um e-mail como nome@exemplo.com.',
      ),
    );
    expect(server.to('POST /api/brokerdata')).toHaveLength(0);
  });

  // One rule for every secret field — blank keeps.
  it('keeps the stored password when only the e-mail changes', async () => {
    const { user, server } = await openBrokers([
      stored(1, { email: 'ana@iq.com', hasPassword: true }),
    ]);
    const iq = inCard('IQ option');
    await user.type(iq.getByLabelText('E-mail'), 'nova@iq.com');
    await user.click(iq.getByRole('button', { name: 'Salvar' }));
    expect(await iq.findByRole('status')).toHaveTextContent('Credenciais salvas');
    expect(server.to('POST /api/brokerdata')[0]?.body).toEqual({
      email: 'nova@iq.com',
      password: '',
      userid: '5550001',
      broker: 1,
    });
  });

  it("sends Deriv's tokens trimmed through /binarydata and needs one while none is stored", async () => {
    const { user, server } = await openBrokers();
    const deriv = inCard('Deriv');
    await user.click(deriv.getByRole('button', { name: 'Salvar' }));
    expect(await deriv.findByRole('alert')).toHaveTextContent('Nada salvo ainda: digite um valor.');
    expect(server.to('POST /api/binarydata')).toHaveLength(0);

    await user.type(deriv.getByLabelText('Token Demo'), ' demo-123 ');
    await user.type(deriv.getByLabelText('Token Real'), 'real-456');
    await user.click(deriv.getByRole('button', { name: 'Salvar' }));
    expect(await deriv.findByRole('status')).toHaveTextContent('Credenciais salvas');
    expect(server.to('POST /api/binarydata')[0]?.body).toEqual({
      tokenDemo: 'demo-123',
      tokenReal: 'real-456',
      userid: '5550001',
    });
    expect(deriv.getByLabelText('Token Demo')).toHaveValue('');
  });

  // Regression: a blank Deriv token deleted the stored one.
  it('keeps a stored Deriv token left blank and deletes one only by its Delete button', async () => {
    const { user, server, setStored } = await openBrokers([
      stored(2, { hasTokenDemo: true, hasTokenReal: true }),
    ]);
    const deriv = inCard('Deriv');
    expect(deriv.getByText(/um token deixado em branco mantém o salvo/i)).toBeInTheDocument();
    await user.type(deriv.getByLabelText('Token Real'), 'real-new');
    await user.click(deriv.getByRole('button', { name: 'Salvar' }));
    expect(await deriv.findByRole('status')).toHaveTextContent('Credenciais salvas');
    expect(server.to('POST /api/binarydata')[0]?.body).toEqual({
      tokenDemo: '',
      tokenReal: 'real-new',
      userid: '5550001',
    });

    setStored([stored(2, { hasTokenReal: true })]);
    await user.click(deriv.getByRole('button', { name: 'Apagar Token Demo' }));
    expect(server.to('POST /api/binarydata')[1]?.body).toEqual({
      tokenDemo: '',
      tokenReal: '',
      remove: ['tokenDemo'],
      userid: '5550001',
    });
    expect(await deriv.findByText('Token apagado')).toBeInTheDocument();
    await waitFor(() => expect(deriv.queryByText('Token Demo salvo')).not.toBeInTheDocument());
    expect(deriv.getByText('Token Real salvo')).toBeInTheDocument();
  });

  it('shows what is stored, never the secret, and keeps the inputs empty', async () => {
    await openBrokers([
      stored(1, { email: 'ana@iq.com', hasPassword: true }),
      stored(2, { hasTokenDemo: true }),
    ]);
    const iq = inCard('IQ option');
    expect(iq.getByText('Credenciais salvas')).toBeInTheDocument();
    expect(iq.getByText('Conta: ana@iq.com')).toBeInTheDocument();
    expect(iq.getByLabelText('E-mail')).toHaveValue('');
    expect(iq.getByLabelText('Senha')).toHaveValue('');
    const deriv = inCard('Deriv');
    expect(deriv.getByText('Token Demo salvo')).toBeInTheDocument();
    expect(deriv.queryByText('Token Real salvo')).not.toBeInTheDocument();
    expect(deriv.getByLabelText('Token Demo')).toHaveValue('');
    expect(inCard('Quotex').queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
  });

  it('removes stored credentials only after the confirmation', async () => {
    const { user, server, setStored } = await openBrokers([
      stored(1, { email: 'ana@iq.com', hasPassword: true }),
    ]);
    const iq = inCard('IQ option');
    await user.click(iq.getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Remover as credenciais de IQ option?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.to('POST /api/brokerremove')).toHaveLength(0);

    await user.click(iq.getByRole('button', { name: 'Remover' }));
    setStored([]);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remover' }),
    );
    expect(await iq.findByText('Credenciais removidas')).toBeInTheDocument();
    expect(server.to('POST /api/brokerremove')[0]?.body).toEqual({ userid: '5550001', broker: 1 });
    await waitFor(() => expect(iq.getByText('Nenhuma credencial salva')).toBeInTheDocument());
    expect(iq.queryByRole('button', { name: 'Remover' })).not.toBeInTheDocument();
  });

  it('shows an error notice instead of the saved one when the save fails', async () => {
    const { user } = await openBrokers([], {
      'POST /api/brokerdata': errorReply(500, 'errors.internal'),
    });
    const iq = inCard('IQ option');
    await user.type(iq.getByLabelText('E-mail'), 'ana@iq.com');
    await user.type(iq.getByLabelText('Senha'), 'segredo1');
    await user.click(iq.getByRole('button', { name: 'Salvar' }));
    expect(await iq.findByRole('alert')).toHaveTextContent('Algo deu errado do nosso lado.');
    expect(iq.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers a retry when the stored credentials cannot be read', async () => {
    let fail = true;
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/brokerdata': () => (fail ? errorReply(500, 'errors.internal') : { body: [] }),
    });
    const { user } = await renderApp('/brokerconfig');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'Mango' })).toBeInTheDocument();
  });
});

describe('Conectar Deriv (OAuth)', () => {
  const config = {
    'GET /api/config': {
      body: { supportUrl: null, realTradingBrokers: [2], telegramBot: null, derivOAuth: true },
    },
  };

  it("sends the browser to Deriv's authorization page the server answers", async () => {
    const assign = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const { user, server } = await openBrokers([], {
      ...config,
      'POST /api/deriv/oauth/start': { body: { url: 'https://auth.deriv.com/oauth2/auth?x=1' } },
    });
    await user.click(await inCard('Deriv').findByRole('button', { name: 'Conectar Deriv' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://auth.deriv.com/oauth2/auth?x=1'),
    );
    expect(server.to('POST /api/deriv/oauth/start')[0]?.body).toEqual({ userid: ana.userid });
    assign.mockRestore();
  });

  it('has no Connect button when the server offers no OAuth (tokens only)', async () => {
    await openBrokers([], {
      'GET /api/config': { body: { supportUrl: null, realTradingBrokers: [2], telegramBot: null } },
    });
    expect(inCard('Deriv').queryByRole('button', { name: 'Conectar Deriv' })).toBeNull();
  });

  it('finishes the connection when Deriv sends the browser back with a code', async () => {
    const { server } = await openBrokers(
      [],
      { ...config, 'POST /api/deriv/oauth/finish': { body: { ok: true } } },
      '/brokerconfig?code=the-code&state=the-state',
    );
    expect(
      await screen.findByText('Deriv conectada: o robô opera com sua conta Deriv.'),
    ).toBeVisible();
    expect(server.to('POST /api/deriv/oauth/finish')).toHaveLength(1);
    expect(server.to('POST /api/deriv/oauth/finish')[0]?.body).toEqual({
      userid: ana.userid,
      code: 'the-code',
      state: 'the-state',
    });
  });

  it('says what to do when the state expired', async () => {
    await openBrokers(
      [],
      { ...config, 'POST /api/deriv/oauth/finish': errorReply(400, 'derivOAuth.errors.state') },
      '/brokerconfig?code=c&state=s',
    );
    expect(await screen.findByText(/Esta conexão com a Deriv expirou/)).toBeVisible();
  });
});
