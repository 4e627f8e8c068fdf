import type { OrdersPage } from '@app/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';
import { toOrdersFilter } from './components/orders-page.tsx';
import { NOW, order, ordersPage } from '../../test/trading-fixtures.ts';

const history = [
  order({ id: 7, state: 'won', pnlCents: 174, settledAt: NOW }),
  order({
    id: 6,
    signalId: 9,
    asset: 'GBPJPY',
    direction: 'PUT',
    galeLevel: 1,
    stakeCents: 440,
    state: 'lost',
    pnlCents: -440,
    channelId: null,
    channelName: null,
    simulator: false,
  }),
  order({ id: 8, signalId: 9, asset: 'GBPJPY', state: 'lost', pnlCents: -200, channelId: null }),
  order({
    id: 5,
    signalId: 8,
    state: 'failed',
    failReason: 'timeout',
    pnlCents: null,
  }),
];

async function openOrders(read: (query: Record<string, string>) => OrdersPage) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/trading/orders': (request) => ({ body: read(request.query) }),
  });
  const view = await renderApp('/orders');
  await screen.findByRole('heading', { name: 'Histórico de ordens' });
  return { server, ...view };
}

const list = () => screen.findByRole('list', { name: 'Histórico de ordens' });
/** The signals of the list: one item each, named by asset and result, its orders inside. */
const signals = async () => within(await list()).getAllByRole('listitem', { name: /^Sinal / });

describe('orders page', () => {
  it('lists the history with state and result, and the totals of everything matched', async () => {
    await openOrders(() => ordersPage(history));
    const groups = await signals();
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual([
      'Sinal EURUSD · Win na entrada',
      'Sinal GBPJPY · Loss',
      'Sinal EURUSD · Falhou',
    ]);
    const won = within(groups[0] as HTMLElement).getAllByRole('listitem');
    expect(won[1]).toHaveTextContent('EURUSD · Compra (CALL) · entrada');
    // Entry and expiry to the second, the channel by its name, on the simulator.
    expect(won[1]).toHaveTextContent('entrada 20/05/2025, 12:59:42 → expira 13:00:42');
    expect(won[1]).toHaveTextContent('VIP Sinais · 2,00');
    expect(won[1]).toHaveTextContent('Simulador');
    expect(won[1]).toHaveTextContent('Win');
    expect(won[1]).toHaveTextContent('+1,74');
    // The gale ladder of one signal: entry first, then G1.
    const ladder = within(groups[1] as HTMLElement).getAllByRole('listitem');
    expect(ladder[1]).toHaveTextContent('GBPJPY · Compra (CALL) · entrada');
    expect(ladder[2]).toHaveTextContent('GBPJPY · Venda (PUT) · gale 1');
    expect(ladder[2]).toHaveTextContent('— · 4,40');
    expect(ladder[2]).not.toHaveTextContent('Simulador');
    expect(groups[2]).toHaveTextContent('a corretora não respondeu a tempo');
    const totals = screen.getByRole('region', { name: 'Totais' });
    expect(within(totals).getByRole('group', { name: 'Ordens' })).toHaveTextContent('7');
    expect(within(totals).getByRole('group', { name: 'Sinais' })).toHaveTextContent('6');
    expect(
      within(totals).getByRole('group', { name: 'Placar por sinal (W × L)' }),
    ).toHaveTextContent('4 × 2');
    expect(within(totals).getByRole('group', { name: 'Wins por etapa' })).toHaveTextContent(
      '3 na entrada · 1 no G1',
    );
    expect(within(totals).getByRole('group', { name: 'Acerto por sinal' })).toHaveTextContent(
      '75 % · empata em 81,3 %',
    );
    expect(within(totals).getByRole('group', { name: 'Total apostado' })).toHaveTextContent(
      '18,00',
    );
    expect(within(totals).getByRole('group', { name: 'Resultado' })).toHaveTextContent('+9,48');
  });

  it('filters by date, channel, asset and result, and the CSV link carries the same filters', async () => {
    const { server, user } = await openOrders(() => ordersPage(history));
    await list();
    const csv = screen.getByRole('link', { name: 'Exportar CSV' });
    expect(csv).toHaveAttribute(
      'href',
      '/api/trading/orders.csv?userid=5550001&format=local&lang=pt-BR',
    );
    expect(csv).toHaveAttribute('download');
    const filters = screen.getByRole('form', { name: 'Filtros' });
    // A date input takes its value whole (as the browser's date picker sets it).
    fireEvent.change(within(filters).getByLabelText('De'), { target: { value: '2025-05-19' } });
    fireEvent.change(within(filters).getByLabelText('Até'), { target: { value: '2025-05-20' } });
    // Channels are picked from a list, by name.
    await user.selectOptions(within(filters).getByLabelText('Canal'), 'VIP Sinais');
    fireEvent.change(within(filters).getByLabelText('Ativo'), { target: { value: 'eurusd' } });
    await user.selectOptions(within(filters).getByLabelText('Resultado do sinal'), 'Loss');
    await user.click(within(filters).getByRole('button', { name: 'Filtrar' }));
    const from = String(new Date(2025, 4, 19).getTime());
    const to = String(new Date(2025, 4, 21).getTime());
    await waitFor(() =>
      expect(server.to('GET /api/trading/orders').at(-1)?.query).toEqual({
        userid: '5550001',
        from,
        to,
        channel: 'vip-sinais',
        asset: 'EURUSD',
        result: 'lost',
        limit: '50',
      }),
    );
    expect(screen.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      `/api/trading/orders.csv?userid=5550001&from=${from}&to=${to}&channel=vip-sinais&asset=EURUSD&result=lost&format=local&lang=pt-BR`,
    );
    await user.click(screen.getByLabelText('CSV para programas (ISO, UTC)'));
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toContain(
      'format=iso&lang=pt-BR',
    );
  });

  it('leaves blank filters out', () => {
    expect(toOrdersFilter({ from: '', to: '', channel: '  ', asset: '', result: '' })).toEqual({});
    expect(toOrdersFilter({ from: 'x', to: '', channel: '', asset: '', result: 'bogus' })).toEqual(
      {},
    );
  });

  it('says so when no order matches, and pages with the cursor', async () => {
    const { user, server } = await openOrders((query) =>
      query.cursor === '5' ? ordersPage([order({ id: 4, signalId: 4 })]) : ordersPage(history, 5),
    );
    expect(await signals()).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(async () => expect(await signals()).toHaveLength(4));
    expect(server.to('GET /api/trading/orders').at(-1)?.query.cursor).toBe('5');
  });

  it('shows the empty state', async () => {
    await openOrders(() => ordersPage([]));
    expect(await screen.findByText('Nenhuma ordem com esses filtros.')).toBeInTheDocument();
  });

  it('offers a retry when the history cannot be read', async () => {
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/trading/orders': errorReply(500, 'errors.internal'),
    });
    await renderApp('/orders');
    await screen.findByRole('heading', { name: 'Histórico de ordens' });
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
