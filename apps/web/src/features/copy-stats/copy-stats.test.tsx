import type { FollowerCopyStats, TraderCopyStats } from '@app/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

const AT = Date.UTC(2026, 0, 7, 12, 0);

const trader: TraderCopyStats = {
  fanouts: [
    {
      traderOrderId: 9,
      product: 'copy',
      asset: 'EURUSD',
      direction: 'CALL',
      stakeCents: 1_000,
      orderAt: AT,
      followers: 10,
      placed: 6,
      pending: 0,
      failed: 1,
      skipped: 3,
      reasons: { expired: 2, broker_mismatch: 1, late: 1 },
      lastFollowerMs: 420,
    },
  ],
};

const follower: FollowerCopyStats = {
  copies: [
    {
      product: 'copy',
      trader: '5550009',
      traderOrder: {
        asset: 'EURUSD',
        direction: 'CALL',
        stakeCents: 1_000,
        state: 'won',
        orderAt: AT,
      },
      state: 'lost',
      reason: null,
      stakeCents: 500,
      pnlCents: -500,
      delayMs: 350,
    },
    {
      product: 'meta',
      trader: '5550009',
      traderOrder: {
        asset: 'GBPUSD',
        direction: 'PUT',
        stakeCents: 1_000,
        state: 'lost',
        orderAt: AT - 1,
      },
      state: 'skipped',
      reason: 'max_orders_reached',
      stakeCents: null,
      pnlCents: null,
      delayMs: null,
    },
  ],
  divergence: {
    days: 7,
    copies: 2,
    missed: 1,
    differentResults: 1,
    stakeDiffCents: -500,
    avgDelayMs: 350,
  },
};

describe('copy statistics', () => {
  it("shows the trader each copied order's followers placed, failed and skipped by reason", async () => {
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/copystats/trader': { body: trader },
    });
    await renderApp('/copystats');
    const list = await screen.findByRole('list', { name: 'Como trader' });
    expect(list).toHaveTextContent('EURUSD Compra (CALL) · 10,00');
    expect(list).toHaveTextContent('Até o último seguidor: 420 ms');
    expect(within(list).getByText('Enviadas: 6')).toBeInTheDocument();
    expect(within(list).getByText('Falharam: 1')).toBeInTheDocument();
    expect(within(list).getByText('Puladas: 3')).toBeInTheDocument();
    expect(list).toHaveTextContent(
      'Motivos: cópia vencida (2) · outra corretora (1) · prazo de entrada passou (1)',
    );
  });

  it('shows the follower each copy beside the trader’s order and the divergence', async () => {
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/copystats/trader': { body: { fanouts: [] } },
      'GET /api/copystats/follower': { body: follower },
    });
    await renderApp('/copystats');
    await screen.findByText('Nenhuma ordem copiada no período.');
    await userEvent.click(screen.getByRole('tab', { name: 'Como seguidor' }));
    const list = await screen.findByRole('list', { name: 'Como seguidor' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Trader: 10,00 · win');
    expect(first).toHaveTextContent('Você: 5,00 · loss · resultado -5,00 · atraso 350 ms');
    expect(second).toHaveTextContent('Não copiada: limite de ordens do dia atingido');
    expect(screen.getByText('Cópias perdidas').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Diferença de entradas').nextSibling).toHaveTextContent('-5,00');
  });
});
