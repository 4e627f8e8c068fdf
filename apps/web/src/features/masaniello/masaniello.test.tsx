import {
  checkMasanielloSave,
  defaultMasanielloParams,
  NOTICE_MS,
  type MasanielloParams,
} from '@app/contract';
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { retype } from '../../test/form-helpers.ts';
import { ana, renderApp } from '../../test/render-app.tsx';
import { i18n } from '../../i18n/index.ts';
import { toMasanielloForm } from './masaniello-form.ts';

const planA = defaultMasanielloParams(ana.userid);

async function openMasaniello(
  read: MasanielloParams = defaultMasanielloParams(ana.userid),
  extra = {},
) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/masaparams': { body: read },
    'POST /api/masaparams': { body: { ok: true } },
    ...extra,
  });
  const view = await renderApp('/config-masaniello');
  await screen.findByRole('heading', { name: 'Masaniello' });
  await screen.findByLabelText('Capital');
  return { server, ...view };
}

const save = () => screen.getByRole('button', { name: 'Salvar' });
const summary = () => screen.getByRole('table', { name: 'Resumo do plano' });

describe('masaniello', () => {
  it('reads the saved params of the stored bot', async () => {
    const { server } = await openMasaniello({
      ...defaultMasanielloParams(ana.userid),
      capital: 250,
      typeMas: 2,
      restart: 1,
    });
    expect(server.to('GET /api/masaparams')[0]?.query).toEqual({ userid: '5550001' });
    expect(screen.getByLabelText('Capital')).toHaveValue('250');
    expect(screen.getByLabelText('Tipo')).toHaveValue('2');
    expect(screen.getByRole('checkbox', { name: 'Reiniciar se perder o capital' })).toBeChecked();
  });

  it('shows the new values when the read changes while the form is open', async () => {
    let read: MasanielloParams = { ...planA, capital: 250 };
    const { queryClient } = await openMasaniello(planA, {
      'GET /api/masaparams': () => ({ body: read }),
    });
    expect(screen.getByLabelText('Capital')).toHaveValue('250');
    read = { ...planA, capital: 300, restart: 1 };
    await act(() => queryClient.invalidateQueries());
    await vi.waitFor(() => expect(screen.getByLabelText('Capital')).toHaveValue('300'), {
      timeout: 5_000,
    });
    expect(screen.getByRole('checkbox', { name: 'Reiniciar se perder o capital' })).toBeChecked();
  });

  it('previews plan A: target 110,58, first stake 6,82 and the all-loss stakes', async () => {
    await openMasaniello();
    expect(within(summary()).getByRole('row', { name: /Capital alvo/ })).toHaveTextContent(
      '110,58',
    );
    expect(within(summary()).getByRole('row', { name: /Primeira entrada/ })).toHaveTextContent(
      '6,82',
    );
    expect(within(summary()).getByRole('row', { name: /Multiplicador/ })).toHaveTextContent(
      '1,1058',
    );
    const allLoss = screen.getByRole('table', { name: 'Todos os eventos perdidos' });
    const rows = within(allLoss).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.children[2]?.textContent)).toEqual([
      '6,82',
      '10,23',
      '14,39',
      '18,49',
      '20,81',
      '18,73',
      '10,53',
    ]);
    expect(rows.at(-1)?.children[4]).toHaveTextContent('0,00');
  });

  it('updates the preview as the fields change and warns when K ≥ N', async () => {
    const { user } = await openMasaniello();
    await retype(user, 'Capital', '200');
    expect(within(summary()).getByRole('row', { name: /Capital alvo/ })).toHaveTextContent(
      '221,16',
    );
    await retype(user, 'Número de wins', '10');
    expect(
      screen.getByText(/o número de wins precisa ser pelo menos 1 e menor/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Resumo do plano' })).not.toBeInTheDocument();
  });

  it('warns that a plan with M ≤ 1 cannot profit', async () => {
    const { user } = await openMasaniello();
    await retype(user, 'Capital', '1');
    await retype(user, 'Total de operações', '2');
    await retype(user, 'Número de wins', '1');
    await retype(user, 'Payout (%)', '1');
    expect(screen.getByText(/Este plano não dá lucro/)).toBeInTheDocument();
  });

  it('checks SPEC §5 in order and sends nothing until the values pass', async () => {
    const { user, server } = await openMasaniello();
    // Each field is named by its label and described by its help, then by its error.
    expect(screen.getByLabelText('Capital')).toHaveAccessibleDescription(
      'Valor que o plano pode arriscar.',
    );
    expect(screen.getByLabelText('Capital')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Tipo')).toHaveAccessibleDescription(
      'Normal: um plano e o robô para. Progressivo: novo plano com o capital final.',
    );
    // A checkbox too, by the help under it.
    expect(
      screen.getByRole('checkbox', { name: 'Reiniciar se perder o capital' }),
    ).toHaveAccessibleDescription(
      'Após zerar o capital, começa um novo plano com o capital inicial.',
    );
    await retype(user, 'Capital', '0');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Parâmetros principais não podem ser 0',
    );
    expect(screen.getByLabelText('Capital')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Capital')).toHaveAccessibleDescription(
      'Parâmetros principais não podem ser 0',
    );

    await retype(user, 'Capital', '100');
    await retype(user, 'Payout (%)', '120');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payout inválido. Use valores entre 1 e 99',
    );

    await retype(user, 'Payout (%)', '80');
    await retype(user, 'Número de wins', '10');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Parâmetros inválidos');
    expect(server.to('POST /api/masaparams')).toHaveLength(0);
  });

  it("refuses a plan without a type with 'Tipo indefinido.' (a read always has one)", () => {
    const failure = checkMasanielloSave({ ...toMasanielloForm(planA), typeMas: '' });
    expect(failure).toEqual({ key: 'masaniello.errors.typeMissing', field: 'typeMas' });
    expect(i18n.t('masaniello.errors.typeMissing', { lng: 'pt-BR' })).toBe('Tipo indefinido.');
  });

  it('sends every field, restart as 0/1, and shows the notice for 2 seconds', async () => {
    const { user, server } = await openMasaniello();
    await retype(user, 'Gales', '1');
    await user.click(screen.getByRole('checkbox', { name: 'Reiniciar se perder o capital' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(server.to('POST /api/masaparams')[0]?.body).toEqual({
      capital: 100,
      totalOper: 10,
      totalWin: 4,
      payout: 80,
      gale: 1,
      typeMas: 1,
      restart: 1,
      target: 0,
      modoMasa: 1,
      hitsRestart: 0,
      userid: '5550001',
    });
    act(() => vi.advanceTimersByTime(NOTICE_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the server's refusal as 'Parâmetros inválidos'", async () => {
    const { user } = await openMasaniello(undefined, {
      'POST /api/masaparams': errorReply(400, 'errors.invalidParams'),
    });
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Parâmetros inválidos');
  });

  it('offers a retry when the read fails', async () => {
    let fail = true;
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/masaparams': () =>
        fail ? errorReply(500, 'errors.internal') : { body: defaultMasanielloParams(ana.userid) },
    });
    const { user } = await renderApp('/config-masaniello');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByLabelText('Capital')).toHaveValue('100');
  });
});
