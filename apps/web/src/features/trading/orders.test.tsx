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
    asset: 'GBPJPY',
    direction: 'PUT',
    galeLevel: 1,
    stakeCents: 440,
    state: 'lost',
    pnlCents: -440,
    channelId: null,
  }),
  order({
    id: 5,
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

describe('orders page', () => {
  it('lists the history with state and result, and the totals of everything matched', async () => {
    await openOrders(() => ordersPage(history));
    const items = within(await list()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('EURUSD · Compra (CALL) · entrada');
    expect(items[0]).toHaveTextContent('vip-sinais · 2,00');
    expect(items[0]).toHaveTextContent('Win');
    expect(items[0]).toHaveTextContent('+1,74');
    expect(items[1]).toHaveTextContent('GBPJPY · Venda (PUT) · gale 1');
    expect(items[1]).toHaveTextContent('— · 4,40');
    expect(items[1]).toHaveTextContent('-4,40');
    expect(items[2]).toHaveTextContent('Falhou');
    expect(items[2]).toHaveTextContent('a corretora não respondeu a tempo');
    const totals = screen.getByRole('region', { name: 'Totais' });
    expect(within(totals).getByRole('group', { name: 'Ordens' })).toHaveTextContent('7');
    expect(within(totals).getByRole('group', { name: 'W × L' })).toHaveTextContent('4 × 2');
    expect(within(totals).getByRole('group', { name: 'Total apostado' })).toHaveTextContent(
      '18,00',
    );
    expect(within(totals).getByRole('group', { name: 'Resultado' })).toHaveTextContent('+9,48');
  });

  it('filters by date, channel, asset and result, and the CSV link carries the same filters', async () => {
    const { server, user } = await openOrders(() => ordersPage(history));
    await list();
    const csv = screen.getByRole('link', { name: 'Exportar CSV' });
    expect(csv).toHaveAttribute('href', '/api/trading/orders.csv?userid=5550001');
    expect(csv).toHaveAttribute('download');
    const filters = screen.getByRole('form', { name: 'Filtros' });
    // A date input takes its value whole (as the browser's date picker sets it).
    fireEvent.change(within(filters).getByLabelText('De'), { target: { value: '2025-05-19' } });
    fireEvent.change(within(filters).getByLabelText('Até'), { target: { value: '2025-05-20' } });
    await user.type(within(filters).getByLabelText('Canal'), ' vip-sinais ');
    await user.type(within(filters).getByLabelText('Ativo'), 'eurusd');
    await user.selectOptions(within(filters).getByLabelText('Resultado'), 'Loss');
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
      `/api/trading/orders.csv?userid=5550001&from=${from}&to=${to}&channel=vip-sinais&asset=EURUSD&result=lost`,
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
      query.cursor === '5' ? ordersPage([order({ id: 4 })]) : ordersPage(history, 5),
    );
    expect(within(await list()).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(async () =>
      expect(within(await list()).getAllByRole('listitem')).toHaveLength(4),
    );
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
