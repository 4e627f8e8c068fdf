import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';
import { latency, NOW } from '../../test/trading-fixtures.ts';
import { waterfallSteps } from './waterfall.ts';

async function openLatency(report = latency()) {
  fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/trading/latency': { body: report },
  });
  await renderApp('/latency');
  await screen.findByRole('heading', { name: 'Latência por sinal' });
}

describe('latency waterfall', () => {
  it('shows each step of a traded signal from received to settled, and the total', async () => {
    await openLatency();
    const steps = await screen.findByRole('list', { name: 'Sinal 12' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'lido: 4 ms',
      'decidido: 12 ms',
      'enviado: 1,2 s',
      'confirmado: 250 ms',
      'liquidado: 1 min',
    ]);
    expect(screen.getByText(/Sinal 12 · EURUSD · Compra \(CALL\) · operado/)).toHaveTextContent(
      'total 1 min 01 s',
    );
  });

  it('marks the steps a refused signal never reached', async () => {
    await openLatency();
    const steps = await screen.findByRole('list', { name: 'Sinal 11' });
    expect(steps).toHaveTextContent('enviado: não chegou');
    expect(steps).toHaveTextContent('liquidado: não chegou');
    expect(screen.getByText(/Sinal 11 · GBPJPY · Venda \(PUT\) · recusado/)).toBeInTheDocument();
  });

  it("lists the day's p50 and p95 of each step", async () => {
    await openLatency();
    const table = await screen.findByRole('table', { name: 'Hoje, por etapa' });
    const rows = within(table).getAllByRole('row');
    // Each figure in the unit that reads best ("691.673 ms" is 11 min 32 s).
    expect(rows[0]).toHaveTextContent('EtapaSinaisp50p95');
    expect(rows[3]).toHaveTextContent('enviado11,2 s1,2 s');
    // The send step split: the wait for the entry time, then the robot's lag after it.
    expect(rows[6]).toHaveTextContent('Espera até o horário de entrada11,2 s1,2 s');
    expect(rows[7]).toHaveTextContent('Atraso do envio após o horário14 ms4 ms');
  });

  it('says so when there are no signals yet', async () => {
    await openLatency(latency({ signals: [], day: [] }));
    expect(await screen.findByText('Nenhum sinal ainda.')).toBeInTheDocument();
  });
});

describe('waterfallSteps', () => {
  it('places each step after the previous one as fractions of the whole', () => {
    const { steps, totalMs } = waterfallSteps({
      received: NOW,
      parsed: NOW + 10,
      decided: NOW + 30,
      sent: NOW + 50,
      confirmed: NOW + 90,
      settled: NOW + 100,
    });
    expect(totalMs).toBe(100);
    expect(steps.map((s) => [s.stage, s.ms, s.offset, s.width])).toEqual([
      ['parsed', 10, 0, 0.1],
      ['decided', 20, 0.1, 0.2],
      ['sent', 20, 0.3, 0.2],
      ['confirmed', 40, 0.5, 0.4],
      ['settled', 10, 0.9, 0.1],
    ]);
  });

  it('measures a stage after a gap from the last stage reached', () => {
    const { steps } = waterfallSteps({
      received: NOW,
      parsed: NOW + 5,
      decided: NOW + 9,
      sent: null,
      confirmed: NOW + 20,
      settled: null,
    });
    expect(steps.map((s) => s.ms)).toEqual([5, 4, null, 11, null]);
  });
});
