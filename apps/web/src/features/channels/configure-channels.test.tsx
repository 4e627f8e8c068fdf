import type { ChannelSettings } from '@app/contract';
import { screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { channelCard, follower } from '../../test/channels.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

async function openCards(cards: ChannelSettings[], session = ana) {
  const server = fakeServer({
    'GET /api/session': { body: session },
    'GET /api/getgroups': { body: cards },
    'GET /api/signals': { body: [] },
    'POST /api/savegroup': { body: { ok: true } },
    'POST /api/chanremove': { body: { ok: true } },
  });
  const view = await renderApp('/configure-channels');
  await screen.findByRole('heading', { name: cards[0]?.name ?? '', level: 2 });
  return { server, ...view };
}

function card(name: string) {
  return screen.getByRole('region', { name });
}

describe('channel configuration', () => {
  it("shows the trader's card with SPEC's fields; Advanced reveals the rest", async () => {
    const { user } = await openCards([channelCard()]);
    const vip = card('Sinais VIP');
    for (const label of ['Ativo', 'Valor de entrada', 'Gales', 'Multiplicador do gale']) {
      expect(within(vip).getByLabelText(label)).toBeInTheDocument();
    }
    for (const label of ['Tipo de sinal', 'Delay (segundos)', 'Corretora', 'Tipo de operação']) {
      expect(within(vip).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(vip).queryByLabelText('Filtro de palavras')).not.toBeInTheDocument();
    expect(within(vip).queryByLabelText('Estratégia')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Avançado' }));
    for (const label of [
      'Filtro de palavras',
      'Ignorar palavras',
      'Timeframe (minutos)',
      'Fuso horário do canal (UTC)',
      'Tolerância (segundos)',
      'Inverter sinais',
      'Enviar ao trader',
    ]) {
      expect(within(vip).getByLabelText(label)).toBeInTheDocument();
    }
    // Two bots or fewer: no bot selector (SPEC §6).
    expect(within(vip).queryByLabelText('Robô')).not.toBeInTheDocument();
  });

  it.each([
    ['Delay (segundos)', '0', 'Delay precisa ser maior que 0'],
    ['Filtro de palavras', 'call,put', 'Não use vírgula: separe com ponto e vírgula (;)'],
    ['Valor de entrada', '-1', 'Inválido - não use valor negativo'],
  ])('refuses %s = %s with SPEC’s message and sends nothing', async (label, value, message) => {
    const { user, server } = await openCards([channelCard()]);
    await user.click(screen.getByRole('checkbox', { name: 'Avançado' }));
    const vip = card('Sinais VIP');
    const input = within(vip).getByLabelText(label);
    await user.clear(input);
    await user.type(input, value);
    await user.click(within(vip).getByRole('button', { name: 'Salvar' }));
    expect(await within(vip).findByRole('alert')).toHaveTextContent(message);
    expect(server.to('POST /api/savegroup')).toHaveLength(0);
  });

  it("saves signal type 6's delay written with a decimal comma as a number", async () => {
    const { user, server } = await openCards([channelCard()]);
    const vip = card('Sinais VIP');
    await user.selectOptions(within(vip).getByLabelText('Tipo de sinal'), '6');
    expect(within(vip).getByText('Tipo 6: use vírgula decimal, ex.: 1,5')).toBeInTheDocument();
    const delay = within(vip).getByLabelText('Delay (segundos)');
    await user.clear(delay);
    await user.type(delay, '1,5');
    await user.click(within(vip).getByRole('button', { name: 'Salvar' }));
    expect(await within(vip).findByRole('status')).toHaveTextContent('Canal salvo');
    expect(server.to('POST /api/savegroup')[0]?.body).toMatchObject({
      idNum: 'inbox-1',
      signaltype: 6,
      delaysig: 1.5,
      userid: ana.userid,
      traderid: ana.userid,
    });
  });

  it("hides the trader's fields from another bot, and its save only shows the alert", async () => {
    const { user, server } = await openCards(
      [channelCard({ userid: follower.userid, traderid: '5550001' })],
      follower,
    );
    const vip = card('Sinais VIP');
    expect(within(vip).getByLabelText('Valor de entrada')).toBeInTheDocument();
    expect(within(vip).queryByLabelText('Tipo de sinal')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Avançado' }));
    expect(within(vip).queryByLabelText('Filtro de palavras')).not.toBeInTheDocument();
    await user.click(within(vip).getByRole('button', { name: 'Salvar' }));
    expect(await within(vip).findByRole('alert')).toHaveTextContent(
      'Apenas o trader do canal pode alterar estas configurações',
    );
    expect(server.to('POST /api/savegroup')).toHaveLength(0);
    await user.click(within(vip).getByRole('button', { name: 'Remover' }));
    expect(screen.getByText('Apenas trader pode remover salas')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers the strategy selector on a card of trader id 0', async () => {
    await openCards([channelCard({ traderid: '0', name: 'Sala livre' })]);
    const strategy = within(card('Sala livre')).getByLabelText('Estratégia');
    expect(
      within(strategy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nenhuma (a do robô)', 'Martingale', 'Masaniello', 'Ciclos', 'Recuperação de loss']);
  });

  it('offers the bot selector when the account has more than 2 bots', async () => {
    const bots = ['5550001', '15550001', '25550001'].map((id) => ({ userid: id, traderid: id }));
    const { user, server } = await openCards([channelCard()], { ...ana, botIDs: bots });
    await user.click(screen.getByRole('checkbox', { name: 'Avançado' }));
    const vip = card('Sinais VIP');
    const selector = within(vip).getByLabelText('Robô');
    expect(
      within(selector)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5550001', '15550001', '25550001']);
    await user.selectOptions(selector, '25550001');
    await user.click(within(vip).getByRole('button', { name: 'Salvar' }));
    await within(vip).findByRole('status');
    expect(server.to('POST /api/savegroup')[0]?.body).toMatchObject({ botID: '25550001' });
  });

  it('removes a channel after the confirmation and reads the cards again', async () => {
    const { user, server } = await openCards([channelCard()]);
    const reads = server.to('GET /api/getgroups').length;
    await user.click(within(card('Sinais VIP')).getByRole('button', { name: 'Remover' }));
    const dialog = screen.getByRole('dialog', { name: 'Remover o canal Sinais VIP?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    expect(server.to('POST /api/chanremove')[0]?.body).toEqual({
      userid: ana.userid,
      traderid: ana.traderid,
      idNum: 'inbox-1',
    });
    expect(server.to('GET /api/getgroups').length).toBeGreaterThan(reads);
  });

  it('shows the latest signals of each channel on its card: rejected with their reason, and what each bot did', async () => {
    const server = fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/getgroups': { body: [channelCard()] },
      'GET /api/signals': {
        body: [
          signalEntry({ status: 'rejected', reason: 'result_post', line: null }),
          signalEntry({}),
          signalEntry({
            decision: 'refused',
            outcomes: [
              {
                userid: ana.userid,
                state: 'refused',
                reason: { key: 'robot.refusal.outside_windows', params: {} },
                gales: 1,
              },
              { userid: '777000', state: 'sent', reason: null, gales: 2 },
            ],
          }),
        ],
      },
    });
    await renderApp('/configure-channels');
    const list = await screen.findByRole('list', { name: 'Últimos sinais' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('É um resultado (WIN/LOSS), não um sinal');
    expect(items[1]).toHaveTextContent('EURUSD PUT ▼ · entrada 14:30 · expira 14:35 · M5');
    // What each of the account's bots did with the line, never "accepted" for a refusal.
    expect(items[2]).toHaveTextContent(
      `Robô ${ana.userid}: Recusado pelo robô — Fora da janela de horário configurada.`,
    );
    expect(items[2]).toHaveTextContent('Robô 777000: Enviado à corretora');
    expect(items[2]).not.toHaveTextContent('Aceito');
    expect(server.to('GET /api/signals')[0]?.query).toEqual({
      userid: ana.userid,
      idNum: 'inbox-1',
      limit: '3',
    });
  });
});

function signalEntry(overrides: Record<string, unknown>) {
  return {
    id: 1,
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
    channelId: 'inbox-1',
    channelName: 'Sinais VIP',
    signalType: 7,
    delayMs: 0,
    receivedAt: 0,
    parsedAt: 0,
    decidedAt: null,
    decision: null,
    decisionReason: null,
    ...overrides,
  };
}
