import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channelCard } from '../../test/channels.ts';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

const read = (overrides: Record<string, unknown>) => ({
  line: 1,
  status: 'accepted',
  reason: null,
  asset: 'EURUSD',
  direction: 'PUT',
  signalTime: '14:30',
  entryAt: 0,
  entryTime: '14:30',
  expiresAt: 0,
  expiryTime: '14:35',
  timeframeMin: 5,
  gales: 1,
  outcomes: [],
  ...overrides,
});

const testResult = {
  lines: [
    read({
      outcomes: [
        {
          userid: ana.userid,
          state: 'wouldRefuse',
          reason: { key: 'robot.refusal.bot_off', params: {} },
          gales: 1,
        },
      ],
    }),
    read({ line: 2, status: 'rejected', reason: 'cancelled', asset: null }),
  ],
  stakeCents: 250,
  brokerid: 1,
  traderTimezone: -3,
  channelEnabled: true,
  doubtful: [],
};

async function openTester(routes = {}, path = '/signal-tester') {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/getgroups': {
      body: [channelCard(), channelCard({ idNum: '-100200', name: 'Sala do Telegram' })],
    },
    'GET /api/inbox/channels': {
      body: [{ idNum: 'inbox-1', name: 'Sinais VIP', createdAt: 0, messageCount: 3 }],
    },
    'GET /api/signals': { body: [] },
    'POST /api/signals/test': { body: testResult },
    'POST /api/inbox/post': { body: { messageId: 7 } },
    'POST /api/inbox/channels': {
      body: { idNum: 'inbox-2', name: 'Novo canal', createdAt: 0, messageCount: 0 },
    },
    ...routes,
  });
  const view = await renderApp(path);
  await screen.findByRole('heading', { name: 'Testador de sinais', level: 1 });
  await screen.findByLabelText('Canal');
  return { server, ...view };
}

describe('signal tester', () => {
  it('reads a message with the channel card: each signal, each rejection with its reason, the stake', async () => {
    const { user, server } = await openTester();
    await user.click(screen.getByLabelText(/Mensagem/));
    await user.paste('M5;EURUSD;14:30;PUT\ncancelado');
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    const result = await screen.findByRole('list', { name: 'Resultado' });
    const items = within(result).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'EURUSD PUT ▼ · entrada 14:30 · expira 14:35 · M5 · 1 gale(s)',
    );
    // What the parser read, then what the robot would do: never "accepted" when it would refuse.
    expect(items[0]).toHaveTextContent('Linha 1 · Sinal lido');
    expect(items[0]).toHaveTextContent(
      'O robô recusaria agora — Robô desligado: ligue-o para operar os sinais.',
    );
    expect(items[0]).not.toHaveTextContent('Aceito');
    expect(items[1]).toHaveTextContent('Cancelamento ou aviso do canal: não opera');
    expect(items[1]).toHaveTextContent('Linha 2 · Não é um sinal operável');
    expect(screen.getByText('Entrada agora: 2,50')).toBeInTheDocument();
    expect(screen.getByText('Horários no seu fuso (UTC−3)')).toBeInTheDocument();
    expect(server.to('POST /api/signals/test')[0]?.body).toEqual({
      userid: ana.userid,
      idNum: 'inbox-1',
      text: 'M5;EURUSD;14:30;PUT\ncancelado',
    });
  });

  it('starts on the channel named in the link (from a channel card)', async () => {
    await openTester({}, '/signal-tester?channel=-100200');
    expect(screen.getByLabelText('Canal')).toHaveValue('-100200');
    // Not a local channel: only the test, no sending.
    expect(screen.getByText('Só canais locais recebem mensagens daqui.')).toBeInTheDocument();
  });

  it('sends the message to a local channel and says the reader read it', async () => {
    const { user, server } = await openTester();
    await user.click(screen.getByLabelText(/Mensagem/));
    await user.paste('M5;EURUSD;14:30;PUT');
    await user.click(screen.getByRole('button', { name: 'Enviar ao canal' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Mensagem enviada ao canal: o leitor já a leu.',
    );
    expect(server.to('POST /api/inbox/post')[0]?.body).toEqual({
      userid: ana.userid,
      idNum: 'inbox-1',
      text: 'M5;EURUSD;14:30;PUT',
    });
  });

  it("translates the server's refusal", async () => {
    const { user } = await openTester({
      'POST /api/signals/test': errorReply(404, 'channels.errors.unknownChannel'),
    });
    await user.click(screen.getByLabelText(/Mensagem/));
    await user.paste('M5;EURUSD;14:30;PUT');
    await user.click(screen.getByRole('button', { name: 'Testar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este canal não está na lista de canais',
    );
  });

  it('creates a local channel and points to the channel list', async () => {
    const { user, server } = await openTester();
    expect(screen.getByText('Sinais VIP', { selector: 'span' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome do canal'), 'Novo canal');
    await user.click(screen.getByRole('button', { name: 'Criar canal' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Canal Novo canal criado. Marque-o na Lista de canais para o robô lê-lo.',
    );
    expect(server.to('POST /api/inbox/channels')[0]?.body).toEqual({
      userid: ana.userid,
      name: 'Novo canal',
    });
    expect(screen.getByRole('link', { name: 'Abrir a Lista de canais' })).toHaveAttribute(
      'href',
      '/channels-list',
    );
  });

  it('says how to start when no channel has a card yet', async () => {
    await fakeServerless();
    expect(await screen.findByText(/Nenhum canal com cartão ainda/)).toBeInTheDocument();
  });
});

async function fakeServerless() {
  fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/getgroups': { body: [] },
    'GET /api/inbox/channels': { body: [] },
  });
  await renderApp('/signal-tester');
}
