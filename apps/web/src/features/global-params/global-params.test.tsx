import { defaultGlobalParams, NOTICE_MS, type GlobalParamsRead } from '@app/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer, type RecordedRequest } from '../../test/fake-server.ts';
import { i18n } from '../../i18n/index.ts';
import { retype } from '../../test/form-helpers.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

const saved: GlobalParamsRead = {
  accType: 2,
  optionType: 2,
  loteType: 1,
  stopType: 1,
  lote: 5,
  galenum: 2,
  galefat: 2.2,
  stopWin: 50,
  stopLoss: 30,
  payout: 80,
  brokerID: 1,
  traderMode: 1,
  loginMethod: 1,
  strategySel: 1,
  typeOperation: 1,
  stopMovel: 1,
  userid: ana.userid,
  realCap: 0,
  saved: true,
};

type Reads = Record<number, GlobalParamsRead>;

async function openGlobalParams(reads: Reads = { 1: saved }, extra = {}) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/globalparams': (req: RecordedRequest) => {
      const broker = Number(req.query.brokerid);
      return { body: reads[broker] ?? defaultGlobalParams(req.query.userid ?? '', broker) };
    },
    'POST /api/globalparams': { body: { ok: true } },
    'POST /api/brokerid': { body: { ok: true } },
    ...extra,
  });
  const view = await renderApp('/geralconfig');
  await screen.findByRole('heading', { name: 'Configurações gerais' });
  await screen.findByLabelText('Valor da entrada');
  return { server, ...view };
}

const save = () => screen.getByRole('button', { name: 'Salvar' });

describe('global params', () => {
  it('loads the saved values of the stored bot and broker', async () => {
    const { server } = await openGlobalParams();
    expect(server.to('GET /api/globalparams')[0]?.query).toEqual({
      userid: '5550001',
      brokerid: '1',
    });
    expect(screen.getByLabelText('Tipo de conta')).toHaveValue('2');
    expect(screen.getByLabelText('Corretora')).toHaveValue('1');
    expect(screen.getByLabelText('Valor da entrada')).toHaveValue(5);
    expect(screen.getByLabelText('Fator de gale')).toHaveValue(2.2);
    expect(screen.getByRole('checkbox', { name: 'Stop móvel' })).toBeChecked();
  });

  it('checks SPEC rules in order and sends nothing until they pass', async () => {
    const { user, server } = await openGlobalParams({ 1: defaultGlobalParams(ana.userid, 1) });
    await user.clear(screen.getByLabelText('Valor da entrada'));
    await user.type(screen.getByLabelText('Valor da entrada'), '-1');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Parâmetros inválidos');
    expect(screen.getByLabelText('Valor da entrada')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Valor da entrada'));
    await user.type(screen.getByLabelText('Valor da entrada'), '2');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Tipo de opção indefinido');

    await user.selectOptions(screen.getByLabelText('Tipo de opção'), 'Digitais');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Tipo de entrada indefinido');

    await user.selectOptions(screen.getByLabelText('Tipo de entrada'), 'Porcentagem');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Tipo de stop indefinido');
    expect(server.to('POST /api/globalparams')).toHaveLength(0);
  });

  it('turns the trailing stop off and disables it when the Quant stop is chosen', async () => {
    const { user } = await openGlobalParams();
    const trailing = screen.getByRole('checkbox', { name: 'Stop móvel' });
    expect(trailing).toBeChecked();
    await user.selectOptions(screen.getByLabelText('Tipo de stop'), 'Quant');
    await waitFor(() => expect(trailing).not.toBeChecked());
    expect(trailing).toBeDisabled();
    expect(trailing).toHaveAccessibleDescription('Desativado com o stop Quant.');
  });

  it('stores a new broker, sends it to the server and loads its params', async () => {
    const { user, server } = await openGlobalParams({
      1: saved,
      5: { ...saved, brokerID: 5, lote: 12 },
    });
    await user.selectOptions(screen.getByLabelText('Corretora'), 'Quotex');
    await waitFor(() => expect(screen.getByLabelText('Valor da entrada')).toHaveValue(12));
    expect(localStorage.getItem('brokerID')).toBe('5');
    expect(server.to('POST /api/brokerid')[0]?.body).toEqual({
      userid: '5550001',
      curBrokerID: 5,
      brokersMask: 0,
      multiBroker: 0,
    });
    expect(server.to('GET /api/globalparams').at(-1)?.query).toEqual({
      userid: '5550001',
      brokerid: '5',
    });
  });

  it('sends every value as a number and shows the saved notice for 2 seconds', async () => {
    const { user, server } = await openGlobalParams();
    await user.clear(screen.getByLabelText('Valor da entrada'));
    await user.type(screen.getByLabelText('Valor da entrada'), '7.5');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    const request = server.to('POST /api/globalparams')[0];
    expect(request?.query).toEqual({ userid: '5550001' });
    expect(request?.body).toEqual({
      accType: 2,
      optionType: 2,
      loteType: 1,
      stopType: 1,
      lote: 7.5,
      galenum: 2,
      galefat: 2.2,
      stopWin: 50,
      stopLoss: 30,
      payout: 80,
      brokerID: 1,
      traderMode: 1,
      loginMethod: 1,
      strategySel: 1,
      typeOperation: 1,
      stopMovel: 1,
      userid: '5550001',
      realCap: 0,
    });
    act(() => vi.advanceTimersByTime(NOTICE_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Parâmetros salvos');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks for the account password when switching to Real and shows a refusal on that field', async () => {
    const { user, server } = await openGlobalParams(
      { 1: { ...saved, accType: 1 } },
      {
        'POST /api/globalparams': errorReply(403, 'realMoney.errors.passwordWrong', {
          realPassword: 'realMoney.errors.passwordWrong',
        }),
      },
    );
    expect(screen.queryByLabelText('Senha da sua conta (para mudar para Real)')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Tipo de conta'), '2');
    await user.type(screen.getByLabelText('Senha da sua conta (para mudar para Real)'), 'secret-1');
    await retype(user, 'Limite diário de dinheiro real', '150');
    await user.click(save());
    expect(
      await screen.findAllByText('Senha incorreta: a conta Real não foi ativada.'),
    ).not.toHaveLength(0);
    expect(server.to('POST /api/globalparams')[0]?.body).toMatchObject({
      accType: 2,
      realPassword: 'secret-1',
      realCap: 150,
    });
  });

  it('does not ask for the password when the saved account is already Real', async () => {
    await openGlobalParams();
    expect(screen.getByLabelText('Tipo de conta')).toHaveValue('2');
    expect(screen.queryByLabelText('Senha da sua conta (para mudar para Real)')).toBeNull();
  });

  it('shows a server refusal like a rule message', async () => {
    const { user } = await openGlobalParams(
      { 1: saved },
      { 'POST /api/globalparams': errorReply(400, 'globalParams.errors.brokerMissing') },
    );
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Corretora indefinida');
  });

  // Regression: payout 150 and gales 2.5 got only "Alguns campos são
  // inválidos." and the help text with the range disappeared.
  it('says under each out-of-range field what is wrong and the range it takes, sending nothing', async () => {
    const { user, server } = await openGlobalParams();
    await retype(user, 'Payout mínimo (%)', '150');
    await retype(user, 'Gales', '2.5');
    await user.click(save());
    expect(await screen.findByText('Acima do máximo. Aceita de 0 a 100.')).toBeInTheDocument();
    expect(screen.getByLabelText('Payout mínimo (%)')).toHaveAccessibleDescription(
      'Acima do máximo. Aceita de 0 a 100.',
    );
    expect(screen.getByLabelText('Gales')).toHaveAccessibleDescription(
      'Use um número inteiro. Aceita números inteiros de 0 a 10.',
    );
    expect(server.to('POST /api/globalparams')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'English (US)' }));
    expect(await screen.findByText('Above the maximum. Takes 0 to 100.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(
      await screen.findByText('Usa un número entero. Acepta números enteros de 0 a 10.'),
    ).toBeInTheDocument();
    await i18n.changeLanguage('pt-BR');
  });

  it('shows the range of a field the server refuses', async () => {
    const { user } = await openGlobalParams(
      { 1: saved },
      {
        'POST /api/globalparams': {
          status: 400,
          body: {
            error: {
              code: 'errors.invalidInput',
              message: 'x',
              fields: { stopWin: 'errors.field.tooSmall' },
              limits: { stopWin: { min: 0.5 } },
            },
          },
        },
      },
    );
    await user.click(save());
    await waitFor(() =>
      expect(screen.getByLabelText('Stop win')).toHaveAccessibleDescription(
        'Abaixo do mínimo. Aceita 0,5 ou mais.',
      ),
    );
  });

  it('offers a retry when the load fails', async () => {
    let fail = true;
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/globalparams': () => (fail ? errorReply(500, 'errors.internal') : { body: saved }),
    });
    const { user } = await renderApp('/geralconfig');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getByText(/Não foi possível carregar os dados/)).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    expect(await screen.findByLabelText('Valor da entrada')).toHaveValue(5);
  });
});
