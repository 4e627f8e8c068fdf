import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channelCard } from '../../test/channels.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

// Teaching a channel from the panel: the chat's link opens the tester holding the
// stored message, what was not understood is highlighted, the trader teaches the word, sees what
// it changes in the channel's history, saves it, and the message is read again at once.

const unread = {
  line: 1,
  status: 'rejected',
  reason: 'doubtful',
  asset: 'EURUSD',
  direction: null,
  signalTime: '14:30',
  entryAt: null,
  entryTime: null,
  expiresAt: null,
  expiryTime: null,
  timeframeMin: null,
  gales: null,
  outcomes: [],
};
const result = (lines: unknown[], doubtful: unknown[]) => ({
  lines,
  stakeCents: 250,
  brokerid: 1,
  traderTimezone: -3,
  channelEnabled: true,
  doubtful,
});
const ALTA = { text: 'ALTA', start: 13, end: 17, line: 1, reason: 'unexplainedWord' };
const read = {
  ...unread,
  status: 'accepted',
  reason: null,
  direction: 'CALL',
  entryAt: 0,
  entryTime: '14:30',
  expiresAt: 0,
  expiryTime: '14:35',
  timeframeMin: 5,
  gales: 0,
};
const impact = {
  messages: 40,
  newlyRead: 12,
  changed: 0,
  noLongerRead: 0,
  unchanged: 28,
  examples: [
    {
      kind: 'newlyRead',
      messageId: 41,
      receivedAt: 0,
      text: 'GBPUSD 14:10 ALTA',
      before: [],
      after: [
        {
          line: 1,
          asset: 'GBPUSD',
          direction: 'CALL',
          time: '14:10',
          timeframeMin: 5,
          gales: null,
        },
      ],
    },
  ],
};

function routes(extra: Record<string, unknown> = {}) {
  let tests = 0;
  return fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/getgroups': {
      body: [channelCard(), channelCard({ idNum: '-100200', name: 'Sala' })],
    },
    'GET /api/inbox/channels': { body: [] },
    'GET /api/signals': { body: [] },
    'GET /api/signals/message': {
      body: { id: 42, idNum: '-100200', text: 'EURUSD 14:30 ALTA', receivedAt: 0 },
    },
    // The first reading doubts; after the word is taught, it reads.
    'POST /api/signals/test': () => {
      tests += 1;
      return { body: tests === 1 ? result([unread], [ALTA]) : result([read], []) };
    },
    'POST /api/channels/vocabulary/impact': { body: impact },
    'POST /api/channels/vocabulary': { body: { ok: true } },
    'GET /api/channels/doubts': { body: [] },
    ...extra,
  });
}

describe('teaching a channel from the tester', () => {
  it("opens on the chat's message, highlights the word, teaches it after showing its effect, and reads again", async () => {
    const server = routes();
    const { user } = await renderApp('/signal-tester?message=42');
    // The message's own channel, its text, tested at once.
    expect(await screen.findByDisplayValue('EURUSD 14:30 ALTA')).toHaveAccessibleName(/Mensagem/);
    expect(screen.getByLabelText('Canal')).toHaveValue('-100200');
    const message = await screen.findByLabelText(/com o que não foi entendido destacado/);
    expect(within(message).getByText('ALTA', { selector: 'mark' })).toBeInTheDocument();
    expect(
      screen.getByText('"ALTA" (linha 1): uma palavra desconhecida onde vai um campo'),
    ).toBeInTheDocument();
    expect(server.to('GET /api/signals/message')[0]?.query).toEqual({
      userid: ana.userid,
      id: '42',
    });

    await user.click(screen.getByRole('button', { name: 'Ensinar "ALTA"' }));
    expect(
      screen.getByRole('heading', { name: 'O que "ALTA" quer dizer neste canal?' }),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('O que significa'), 'Direção CALL (compra)');
    expect(screen.getByLabelText('Palavra ou símbolo')).toHaveValue('ALTA');
    await user.click(screen.getByRole('button', { name: 'Ver o efeito no histórico' }));
    expect(
      await screen.findByText(/Nas 40 mensagens guardadas do canal: 12 passam a ser operadas/),
    ).toBeInTheDocument();
    const examples = screen.getByRole('list', { name: 'Mensagens que mudam' });
    expect(within(examples).getByRole('listitem')).toHaveTextContent(
      'Passa a operar: nada → GBPUSD CALL 14:10 M5GBPUSD 14:10 ALTA',
    );
    const entry = [{ means: 'direction', word: 'ALTA', direction: 'CALL' }];
    expect(server.to('POST /api/channels/vocabulary/impact')[0]?.body).toEqual({
      userid: ana.userid,
      idNum: '-100200',
      vocabulary: entry,
    });

    await user.click(screen.getByRole('button', { name: 'Ensinar' }));
    expect(await screen.findByText('Sinal lido', { exact: false })).toBeInTheDocument();
    expect(server.to('POST /api/channels/vocabulary')[0]?.body).toEqual({
      userid: ana.userid,
      idNum: '-100200',
      vocabulary: entry,
    });
    expect(server.to('POST /api/signals/test')).toHaveLength(2);
    expect(screen.queryByText('ALTA', { selector: 'mark' })).not.toBeInTheDocument();
  });

  it("shows the reader's refusal of a contradiction, translated, and saves nothing", async () => {
    const server = routes({
      'POST /api/channels/vocabulary/impact': {
        status: 400,
        body: {
          error: {
            code: 'vocabulary.errors.contradictsLexicon',
            message: 'x',
            fields: { vocabulary: 'vocabulary.errors.contradictsLexicon' },
            params: { word: 'CALL', index: 0 },
          },
        },
      },
    });
    const { user } = await renderApp('/signal-tester?message=42');
    await screen.findByText('ALTA', { selector: 'mark' });
    await user.click(screen.getByRole('button', { name: 'Ensinar "ALTA"' }));
    await user.selectOptions(screen.getByLabelText('O que significa'), 'Direção PUT (venda)');
    await user.clear(screen.getByLabelText('Palavra ou símbolo'));
    await user.type(screen.getByLabelText('Palavra ou símbolo'), 'CALL');
    await user.click(screen.getByRole('button', { name: 'Ver o efeito no histórico' }));
    expect(
      await screen.findByText(
        /"CALL" já quer dizer outra coisa para o robô e não pode significar isso/,
      ),
    ).toBeInTheDocument();
    expect(server.to('POST /api/channels/vocabulary')).toHaveLength(0);
  });

  it("lets a bot that copies the rooms see the doubt but not teach the trader's channel", async () => {
    routes({
      'GET /api/getgroups': { body: [channelCard({ idNum: '-100200', traderid: '5559999' })] },
    });
    await renderApp('/signal-tester?message=42');
    expect(await screen.findByText('ALTA', { selector: 'mark' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ensinar "ALTA"' })).not.toBeInTheDocument();
  });
});

describe("the card's vocabulary", () => {
  it('lists what was taught, removes an entry, and says how many doubts got no chat message', async () => {
    const server = fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/getgroups': {
        body: [
          channelCard({
            vocabulary: [
              { means: 'direction', word: 'ALTA', direction: 'CALL' },
              { means: 'gales', word: 'Proteção' },
              { means: 'position', field: 'expiry', position: -1 },
            ],
          }),
        ],
      },
      'GET /api/signals': { body: [] },
      'GET /api/channels/doubts': {
        body: [{ idNum: 'inbox-1', unsent: 3, notifiedAt: 0, lastAt: 0, lastMessageId: 77 }],
      },
      'POST /api/channels/vocabulary': { body: { ok: true } },
    });
    const { user } = await renderApp('/configure-channels');
    const list = await screen.findByRole('list', { name: 'Vocabulário do canal' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('ALTA = CALL'),
      expect.stringContaining('Proteção → o número a seguir é a quantidade de gales'),
      expect.stringContaining('Último campo da linha = expiração em minutos'),
    ]);
    expect(
      await screen.findByText(/3 mensagens não entendidas sem aviso no chat/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir a mais recente no testador' })).toHaveAttribute(
      'href',
      '/signal-tester?channel=inbox-1&message=77',
    );
    await user.click(
      screen.getByRole('button', {
        name: 'Remover Proteção → o número a seguir é a quantidade de gales',
      }),
    );
    expect(server.to('POST /api/channels/vocabulary')[0]?.body).toEqual({
      userid: ana.userid,
      idNum: 'inbox-1',
      vocabulary: [
        { means: 'direction', word: 'ALTA', direction: 'CALL' },
        { means: 'position', field: 'expiry', position: -1 },
      ],
    });
  });
});
