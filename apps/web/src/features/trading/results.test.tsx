import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';
import { chart } from '../../test/trading-fixtures.ts';

async function openResults(points = chart().points, simulator = false) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/trading/chart': (request) => ({
      body: chart({ range: request.query.range === 'week' ? 'week' : 'day', points, simulator }),
    }),
  });
  const view = await renderApp('/results');
  await screen.findByRole('heading', { name: 'Gráfico de resultado' });
  return { server, ...view };
}

describe('result chart', () => {
  it("draws the day's balance and result, loading the chart only on this screen", async () => {
    const { server } = await openResults();
    expect(
      await screen.findByText('3 ordens liquidadas · saldo 10.012,50 · resultado +12,50'),
    ).toBeInTheDocument();
    // The lazily loaded module draws the balance and the result, each on its own scale.
    const balance = await screen.findByRole('figure', { name: 'Saldo' }, { timeout: 10_000 });
    expect(balance.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('figure', { name: 'Resultado' }).querySelector('svg')).not.toBeNull();
    expect(server.to('GET /api/trading/chart')[0]?.query).toEqual({
      userid: '5550001',
      range: 'day',
    });
  });

  it('says the balance is the simulator’s when its orders are on the paper broker', async () => {
    await openResults(chart().points, true);
    const summary = await screen.findByText(/3 ordens liquidadas/);
    expect(summary).toHaveTextContent('Simulador');
  });

  it('switches to the week', async () => {
    const { server, user } = await openResults();
    await user.click(await screen.findByRole('tab', { name: 'Semana' }));
    await waitFor(() =>
      expect(server.to('GET /api/trading/chart').at(-1)?.query.range).toBe('week'),
    );
    expect(screen.getByRole('tab', { name: 'Semana' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says so when nothing was settled in the period (only the starting balance)', async () => {
    await openResults(chart().points.slice(0, 1));
    expect(await screen.findByText('Nenhuma ordem liquidada neste período.')).toBeInTheDocument();
  });

  it('reads in English', async () => {
    await openResults();
    await act(async () => {
      await i18n.changeLanguage('en-US');
    });
    expect(
      await screen.findByText('3 settled orders · balance 10,012.50 · result +12.50'),
    ).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('pt-BR');
    });
  });
});
