import { defaultGlobalParams, NOTICE_MS, type GlobalParamsRead, AccountType } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer, type RecordedRequest } from '../../test/fake-server.ts';
import { i18n } from '../../i18n/index.ts';
import { retype } from '../../test/form-helpers.ts';
import { ana, renderApp } from '../../test/render-app.tsx';
import { dashboard } from '../../test/trading-fixtures.ts';

const saved: GlobalParamsRead = {
  accType: AccountType.real,
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
    expect(screen.getByLabelText('Valor da entrada')).toHaveValue('5');
    expect(screen.getByLabelText('Fator de gale')).toHaveValue('2,2');
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
    await waitFor(() => expect(screen.getByLabelText('Valor da entrada')).toHaveValue('12'));
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
    await user.type(screen.getByLabelText('Valor da entrada'), '7,5');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    const request = server.to('POST /api/globalparams')[0];
    expect(request?.query).toEqual({ userid: '5550001' });
    expect(request?.body).toEqual({
      accType: AccountType.real,
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
      { 1: { ...saved, accType: AccountType.demo } },
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
      accType: AccountType.real,
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
    await retype(user, 'Gales', '2,5');
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
    expect(await screen.findByLabelText('Valor da entrada')).toHaveValue('5');
  });
});

describe('numbers as the panel language writes them', () => {
  const sent = (server: ReturnType<typeof fakeServer>) =>
    server.to('POST /api/globalparams').map((request) => request.body as GlobalParamsRead);

  it('saves "2,2" and "2,50" typed in pt-BR as 2.2 and 2.5, and shows them back that way', async () => {
    const { user, server } = await openGlobalParams({ 1: { ...saved, galefat: 2, lote: 3 } });
    await retype(user, 'Fator de gale', '2,2');
    await retype(user, 'Valor da entrada', '2,50');
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(sent(server)[0]).toMatchObject({ galefat: 2.2, lote: 2.5 });
    expect(screen.getByLabelText('Valor da entrada')).toHaveValue('2,5');
    await user.click(screen.getByRole('button', { name: 'English (US)' }));
    expect(await screen.findByLabelText('Stake')).toHaveValue('2.5');
    expect(screen.getByLabelText('Martingale multiplier')).toHaveValue('2.2');
    await i18n.changeLanguage('pt-BR');
  });

  it('refuses "2.2.2" and "2.50" in pt-BR with the language rule, sending nothing', async () => {
    const { user, server } = await openGlobalParams();
    const rule =
      'Não é um número: use vírgula nos decimais e ponto nos milhares (ex.: 2,5 ou 1.250,50).';
    await retype(user, 'Fator de gale', '2.2.2');
    await user.tab();
    expect(screen.getByLabelText('Fator de gale')).toHaveAccessibleDescription(rule);
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Alguns campos são inválidos.');
    await retype(user, 'Fator de gale', '2.50');
    await user.click(save());
    expect(screen.getByLabelText('Fator de gale')).toHaveAccessibleDescription(rule);
    expect(screen.getByLabelText('Fator de gale')).toHaveValue('2.50');
    expect(server.to('POST /api/globalparams')).toHaveLength(0);

    await retype(user, 'Fator de gale', '2,5');
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(sent(server)[0]).toMatchObject({ galefat: 2.5 });
  });

  it('reads "2.2" in en-US and refuses "2,2" there', async () => {
    const { user, server } = await openGlobalParams();
    await user.click(screen.getByRole('button', { name: 'English (US)' }));
    await retype(user, await screen.findByLabelText('Martingale multiplier'), '2,2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Martingale multiplier')).toHaveAccessibleDescription(
      'Not a number: use a point for decimals and a comma for thousands (e.g. 2.5 or 1,250.50).',
    );
    await retype(user, 'Martingale multiplier', '2.2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(sent(server)[0]).toMatchObject({ galefat: 2.2 });
    await i18n.changeLanguage('pt-BR');
  });

  it('asks before saving a gale factor above 5 or a stake above 10 % of the balance', async () => {
    const { user, server } = await openGlobalParams(
      { 1: { ...saved, galefat: 2, lote: 3 } },
      { 'GET /api/trading/dashboard': { body: dashboard({ balanceCents: 10_000 }) } },
    );
    await retype(user, 'Fator de gale', '22');
    await retype(user, 'Valor da entrada', '20');
    await user.click(save());
    const dialog = await screen.findByRole('dialog', { name: 'Salvar estes valores?' });
    expect(dialog).toHaveTextContent(
      'Fator de gale 22: acima de 5, cada gale multiplica a entrada anterior por 22. ' +
        'Entrada de 20,00: mais de 10 % do saldo (100,00).',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Corrigir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('POST /api/globalparams')).toHaveLength(0);

    await user.click(save());
    await user.click(await screen.findByRole('button', { name: 'Salvar assim' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(sent(server)[0]).toMatchObject({ galefat: 22, lote: 20 });

    // A usual pair saves at once.
    await retype(user, 'Fator de gale', '2');
    await retype(user, 'Valor da entrada', '10');
    await user.click(save());
    await waitFor(() => expect(sent(server)).toHaveLength(2));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
