import type { TradingDashboard } from '@app/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';
import { SWITCH_POLL_MS, TRADING_POLL_MS } from './api/trading.ts';
import { dashboard, NOW, order, signalScore } from '../../test/trading-fixtures.ts';
import { fakeEventSource, openStream } from '../../test/fake-event-source.ts';

/** Fake clock (timers and Date) from NOW, so countdowns and polling are driven by the test. */
function fakeClock() {
  vi.useFakeTimers({
    now: NOW,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

async function openHome(read: () => TradingDashboard, extra = {}) {
  fakeClock();
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/trading/dashboard': () => ({ body: read() }),
    'POST /api/sendbotcmd': { body: { ok: true } },
    ...extra,
  });
  const view = await renderApp('/', { fakeTimers: true });
  const card = await screen.findByRole('region', { name: 'Robô 5550001' });
  await within(card).findByRole('group', { name: 'Saldo' });
  return { server, card, ...view };
}

const figure = (card: HTMLElement, name: string) => within(card).getByRole('group', { name });

describe('home dashboard', () => {
  it('lists the first steps, ticks what is done and links each step left to its screen', async () => {
    const { card } = await openHome(() => dashboard({ running: false }), {
      'GET /api/getbots': {
        body: [{ email: ana.email, userid: ana.userid, botexp: 0, virtual: false, verified: true }],
      },
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
    const steps = await within(card).findByRole('list', { name: 'Primeiros passos' });
    expect(await within(steps).findByText('1. Bot verificado ✓')).toBeInTheDocument();
    expect(within(steps).getByText('2. Configurações salvas ✓')).toBeInTheDocument();
    expect(
      within(steps).getByRole('link', { name: '3. Escolha um canal para seguir' }),
    ).toHaveAttribute('href', '/channels-list');
    expect(within(steps).getByRole('link', { name: '4. Ligue o robô' })).toBeInTheDocument();
  });

  it('says how to leave the simulator when the broker trades for real here, not "(negociação real)" beside it', async () => {
    const { card } = await openHome(() => dashboard(), {
      'GET /api/config': {
        body: { supportUrl: null, realTradingBrokers: [dashboard().brokerId], telegramBot: null },
      },
    });
    const account = figure(card, 'Conta e corretora');
    const connect = await within(account).findByRole('link', {
      name: 'Negociação real disponível nesta corretora: guarde o login dela em Corretoras.',
    });
    expect(connect).toHaveAttribute('href', '/brokerconfig');
    expect(account).toHaveTextContent(
      'Conta e corretoraDemo · Deriv · SimuladorNegociação real disponível',
    );
    expect(account).not.toHaveTextContent('(negociação real)');
  });

  it('says "somente simulador" for a broker this installation cannot trade at', async () => {
    const { card } = await openHome(() => dashboard(), {
      'GET /api/config': { body: { supportUrl: null, realTradingBrokers: [], telegramBot: null } },
    });
    const account = figure(card, 'Conta e corretora');
    await within(account).findByText('(somente simulador)');
    expect(account).toHaveTextContent('Demo · Deriv · Simulador(somente simulador)');
    expect(within(account).queryByRole('link')).toBeNull();
  });

  it('says "negociação real" when the bot trades at the broker itself, with no simulator chip', async () => {
    const { card } = await openHome(() => dashboard({ simulator: false }), {
      'GET /api/config': {
        body: { supportUrl: null, realTradingBrokers: [dashboard().brokerId], telegramBot: null },
      },
    });
    const account = figure(card, 'Conta e corretora');
    await within(account).findByText('(negociação real)');
    expect(account).not.toHaveTextContent('Simulador');
    expect(figure(card, 'Saldo')).not.toHaveTextContent('Simulador');
  });

  it("shows the bot's figures above the Configure menu: balance, account, today, score, rates, step", async () => {
    const { card } = await openHome(() => dashboard());
    expect(figure(card, 'Saldo')).toHaveTextContent('9.987,50Simulador');
    expect(figure(card, 'Conta e corretora')).toHaveTextContent('Demo · Deriv · Simulador');
    expect(figure(card, 'Resultado de hoje')).toHaveTextContent('+12,50');
    // Counted per signal (3 won, one of them at G2, 1 lost), not per order (3 × 1 + 2 draws).
    expect(figure(card, 'Placar por sinal (W × L)')).toHaveTextContent('3 × 1');
    expect(figure(card, 'Wins por etapa')).toHaveTextContent('2 na entrada · 1 no G2');
    expect(figure(card, 'Empates (sinais)')).toHaveTextContent('0');
    expect(figure(card, 'Acerto por sinal')).toHaveTextContent('75 %');
    expect(figure(card, 'Acerto para empatar')).toHaveTextContent('81,3 %');
    expect(figure(card, 'Ordens hoje')).toHaveTextContent('6');
    expect(within(card).getByText('Ciclo 2, gale 1')).toBeInTheDocument();
    expect(within(card).getByText('Valores das próximas ordens: 4,00 / 8,80')).toBeInTheDocument();
    expect(within(card).getByRole('switch', { name: 'Robô ligado' })).toBeChecked();
    expect(within(card).getByText('ligado')).toBeInTheDocument();
    // The dashboard comes first, the Configure menu stays below it.
    const configure = screen.getByRole('navigation', { name: 'Configurar' });
    expect(card.compareDocumentPosition(configure) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    [{ traderMode: 1, enabled: true, followers: 3 }, 'Ligado · 3 seguidores'],
    [{ traderMode: 1, enabled: false, followers: 3 }, 'Desligado'],
    [{ traderMode: 2, enabled: true, followers: 3 }, 'Modo seguidor: não copiado'],
  ] as const)('says whether the orders go to followers: %o → %s', async (copyTrading, text) => {
    const { card } = await openHome(() => dashboard({ copyTrading }));
    expect(figure(card, 'Copy trade')).toHaveTextContent(text);
  });

  it('counts an open order down to its expiry every second, then says it is settling', async () => {
    const openOrder = order({ sendAt: NOW - 18_000, expiresAt: NOW + 42_000 });
    const { card } = await openHome(() => dashboard({ openOrders: [openOrder] }));
    const open = within(card).getByRole('list', { name: 'Ordens abertas' });
    expect(open).toHaveTextContent('EURUSD · Compra (CALL) · entrada');
    // Entry and expiry on the clock to the second (the browser's zone, as the panel shows it).
    const clock = (at: number) =>
      new Intl.DateTimeFormat('pt-BR', { timeStyle: 'medium' }).format(at);
    expect(open).toHaveTextContent(
      `Entrada 2,00 · payout 87 % · ${clock(NOW - 18_000)} → ${clock(NOW + 42_000)}`,
    );
    expect(open).toHaveTextContent('expira em 0:42');
    act(() => vi.advanceTimersByTime(2000));
    expect(open).toHaveTextContent('expira em 0:40');
    act(() => vi.advanceTimersByTime(40_000));
    expect(open).toHaveTextContent('liquidando…');
  });

  it('lists the next scheduled entries with their stake and a countdown to sending', async () => {
    const { card } = await openHome(() => dashboard());
    const next = within(card).getByRole('list', { name: 'Próximas entradas agendadas' });
    expect(next).toHaveTextContent('GBPJPY · Venda (PUT) · entrada');
    expect(next).toHaveTextContent('4,00 · 1 gale(s)');
    expect(next).toHaveTextContent(/envia em 2:0[45]/);
  });

  it('says when nothing is open or scheduled', async () => {
    const { card } = await openHome(() => dashboard({ openOrders: [], nextEntries: [] }));
    expect(within(card).getByText('Nenhuma ordem aberta.')).toBeInTheDocument();
    expect(within(card).getByText('Nenhuma entrada agendada.')).toBeInTheDocument();
  });

  it('cannot be switched on while the settings were never saved, and says what to configure', async () => {
    const { card, server } = await openHome(() =>
      dashboard({
        running: false,
        configured: false,
        blockedBy: { key: 'robot.refusal.not_configured', params: { missing: 'masaniello' } },
        openOrders: [],
        nextEntries: [],
      }),
    );
    const toggle = within(card).getByRole('switch', { name: 'Robô ligado' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Configurações nunca salvas: salve os parâmetros do masaniello antes de ligar o robô.',
    );
    expect(within(card).getByRole('link', { name: 'Configurar' })).toHaveAttribute(
      'href',
      '/config-masaniello',
    );
    expect(server.to('POST /api/sendbotcmd')).toHaveLength(0);
  });

  it('sends "on", waits for the robot (re-reading every second) and then shows it on', async () => {
    let current = dashboard({
      running: false,
      blockedBy: { key: 'robot.refusal.bot_off', params: {} },
    });
    const { card, server, user } = await openHome(() => current);
    expect(within(card).getByRole('alert')).toHaveTextContent(
      'Robô desligado: ligue-o para operar os sinais.',
    );
    await user.click(within(card).getByRole('switch', { name: 'Robô ligado' }));
    expect(server.to('POST /api/sendbotcmd')[0]?.body).toEqual({ userid: '5550001', botCmd: 1 });
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'Aguardando o robô aplicar o comando…',
    );
    expect(within(card).getByRole('switch', { name: 'Robô ligado' })).toBeChecked();
    const reads = server.to('GET /api/trading/dashboard').length;
    act(() => vi.advanceTimersByTime(SWITCH_POLL_MS));
    expect(server.to('GET /api/trading/dashboard').length).toBeGreaterThan(reads);
    current = dashboard({ running: true });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SWITCH_POLL_MS);
    });
    expect(await within(card).findByText('ligado')).toBeInTheDocument();
    expect(within(card).queryByRole('status')).not.toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cancels a next entry after asking, and says it was cancelled', async () => {
    let current = dashboard();
    const { card, server, user } = await openHome(() => current, {
      'POST /api/trading/entries/cancel': { body: { outcome: 'cancelled' } },
    });
    await user.click(within(card).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar esta entrada?' });
    expect(dialog).toHaveTextContent('GBPJPY');
    expect(server.to('POST /api/trading/entries/cancel')).toHaveLength(0);
    current = dashboard({ nextEntries: [] });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar entrada' }));
    expect(server.to('POST /api/trading/entries/cancel')[0]?.body).toEqual({
      userid: '5550001',
      signalId: 11,
    });
    expect(await within(card).findByText('Entrada cancelada.')).toBeInTheDocument();
  });

  it('sends "off" when a running bot is switched off', async () => {
    const { card, server, user } = await openHome(() => dashboard());
    await user.click(within(card).getByRole('switch', { name: 'Robô ligado' }));
    expect(server.to('POST /api/sendbotcmd')[0]?.body).toEqual({ userid: '5550001', botCmd: 2 });
  });

  it('re-reads itself every 5 seconds when no live stream is open', async () => {
    const { server } = await openHome(() => dashboard());
    const reads = server.to('GET /api/trading/dashboard').length;
    act(() => vi.advanceTimersByTime(TRADING_POLL_MS));
    expect(server.to('GET /api/trading/dashboard')).toHaveLength(reads + 1);
  });

  it('with the live stream open, re-reads once an open order is past its expiry, until its result is in', async () => {
    const streams = fakeEventSource();
    let settled = false;
    const { server } = await openHome(() =>
      dashboard(
        settled ? { openOrders: [] } : { openOrders: [order({ expiresAt: NOW + 42_000 })] },
      ),
    );
    openStream(streams).open();
    const reads = () => server.to('GET /api/trading/dashboard').length;
    const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    // Live and the order still running: the stream alone, no polling.
    await tick(1_000);
    const live = reads();
    await tick(38_000);
    expect(reads()).toBe(live);
    // Past its expiry with no event (one lost): the screen asks again, every 5 seconds.
    await tick(5_000);
    const overdue = reads();
    await tick(2 * TRADING_POLL_MS);
    expect(reads()).toBe(overdue + 2);
    // Its result is in: the live stream alone again.
    settled = true;
    await tick(2 * TRADING_POLL_MS);
    const done = reads();
    await tick(4 * TRADING_POLL_MS);
    expect(reads()).toBe(done);
  });

  it('offers a retry when the dashboard cannot be read', async () => {
    let fail = true;
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/trading/dashboard': () =>
        fail ? errorReply(500, 'errors.internal') : { body: dashboard() },
    });
    const { user } = await renderApp('/');
    const card = await screen.findByRole('region', { name: 'Robô 5550001' });
    const retry = await within(card).findByRole('button', { name: 'Tentar novamente' });
    fail = false;
    await user.click(retry);
    expect(await within(card).findByRole('group', { name: 'Saldo' })).toHaveTextContent('9.987,50');
  });

  it("shows Masaniello's events left and target, and speaks English and Spanish too", async () => {
    const { card } = await openHome(() =>
      dashboard({
        strategyStep: {
          key: 'robot.step.masaniello',
          params: {
            plan: 1,
            capitalCents: 10_334,
            won: 2,
            lost: 2,
            eventsLeft: 6,
            winsNeeded: 2,
            targetCents: 11_058,
            active: true,
            galeLevel: 0,
          },
        },
      }),
    );
    // Masaniello's step: the score, the capital, what is left of the plan and its target.
    expect(
      within(card).getByText(
        'Masaniello: 2 win(s) × 2 loss(es), capital 103,34, entrada · faltam 6 operação(ões) e 2 win(s), meta 110,58',
      ),
    ).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('en-US');
    });
    expect(within(card).getByRole('group', { name: 'Balance' })).toHaveTextContent(
      '9,987.50Simulator',
    );
    expect(within(card).getByRole('group', { name: 'Wins by step' })).toHaveTextContent(
      '2 at entry · 1 at G2',
    );
    expect(
      within(card).getByText(
        'Masaniello: 2 win(s) × 2 loss(es), capital 103.34, entry · 6 trade(s) left, 2 win(s) to go, target 110.58',
      ),
    ).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('es-ES');
    });
    expect(
      within(card).getByRole('group', { name: 'Marcador por señal (G × P)' }),
    ).toHaveTextContent('3 × 1');
    expect(within(card).getByRole('group', { name: 'Ganancias por paso' })).toHaveTextContent(
      '2 en la entrada · 1 en G2',
    );
    expect(
      within(card).getByText(
        'Masaniello: 2 ganancia(s) × 2 pérdida(s), capital 103,34, entrada · quedan 6 operación(es) y 2 ganancia(s), meta 110,58',
      ),
    ).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('pt-BR');
    });
  });
});
