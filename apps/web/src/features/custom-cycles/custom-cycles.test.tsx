import { NOTICE_MS, type CustomCycleRow } from '@app/contract';
import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, type RecordedRequest } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

const empty = { mg1: null, mg2: null, mg3: null, mg4: null, mg5: null, mg6: null, mg7: null };

async function openCustomCycles(
  read: CustomCycleRow[] = [],
  save?: (r: RecordedRequest) => unknown,
) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/getcustcycle': { body: read },
    'POST /api/savecustcycle': save
      ? async (request) => {
          await save(request);
          return { body: { ok: true } };
        }
      : { body: { ok: true } },
  });
  const view = await renderApp('/config-customcycles');
  await screen.findByRole('heading', { name: 'Ciclos personalizados' });
  await screen.findByLabelText('Linha 1, Entrada');
  return { server, ...view };
}

async function type(user: UserEvent, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (text !== '') await user.type(input, text);
}

const save = () => screen.getByRole('button', { name: /Salvar/ });

describe('custom cycles', () => {
  it('shows 10 rows of entry and MG 1 to MG 7 with the saved values in place', async () => {
    const { server } = await openCustomCycles([
      {
        cycle: 2,
        entrada: 5,
        mg1: 10,
        mg2: 20,
        mg3: null,
        mg4: null,
        mg5: null,
        mg6: null,
        mg7: null,
      },
    ]);
    expect(server.to('GET /api/getcustcycle')[0]?.query).toEqual({ userid: '5550001' });
    expect(screen.getByLabelText('Linha 10, MG 7')).toHaveValue('');
    expect(screen.getByLabelText('Linha 2, Ciclo')).toHaveValue('2');
    expect(screen.getByLabelText('Linha 2, Entrada')).toHaveValue('5');
    expect(screen.getByLabelText('Linha 2, MG 2')).toHaveValue('20');
    expect(screen.getByLabelText('Linha 1, Entrada')).toHaveValue('');
  });

  it('sends nothing and says why when no row is filled', async () => {
    const { user, server } = await openCustomCycles();
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nada foi enviado: preencha pelo menos um ciclo.',
    );
    expect(server.to('POST /api/savecustcycle')).toHaveLength(0);
  });

  it('refuses a cell that is not a non-negative number and marks it', async () => {
    const { user, server } = await openCustomCycles();
    await type(user, 'Linha 1, Entrada', '2');
    await type(user, 'Linha 1, MG 1', '-4');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Use apenas números positivos (ou 0) nas células, ou deixe vazio.',
    );
    expect(screen.getByLabelText('Linha 1, MG 1')).toHaveAttribute('aria-invalid', 'true');
    await type(user, 'Linha 1, MG 1', 'abc');
    await user.click(save());
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(server.to('POST /api/savecustcycle')).toHaveLength(0);
  });

  it('drops a repeated cycle number before sending, warning first, empty cells as null', async () => {
    const { user, server } = await openCustomCycles();
    await type(user, 'Linha 1, Entrada', '2');
    await type(user, 'Linha 1, MG 1', '4');
    await type(user, 'Linha 1, MG 2', '8');
    await type(user, 'Linha 2, Entrada', '5,5');
    await type(user, 'Linha 3, Ciclo', '1');
    await type(user, 'Linha 3, Entrada', '99');
    expect(screen.getByText(/Ciclo repetido: 1\./)).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    const request = server.to('POST /api/savecustcycle')[0];
    expect(request?.query).toEqual({ userid: '5550001' });
    expect(request?.body).toEqual([
      { cycle: 1, entrada: 2, ...empty, mg1: 4, mg2: 8 },
      { cycle: 2, entrada: 5.5, ...empty },
    ]);
  });

  it("reads 'Salvando os dados...' while saving, then shows the notice for 2 seconds", async () => {
    let release = () => {};
    const { user } = await openCustomCycles([], () => new Promise<void>((r) => (release = r)));
    await type(user, 'Linha 1, Entrada', '2');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(save());
    const button = await screen.findByRole('button', { name: 'Salvando os dados...' });
    expect(button).toBeDisabled();
    act(() => release());
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
    act(() => vi.advanceTimersByTime(NOTICE_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
