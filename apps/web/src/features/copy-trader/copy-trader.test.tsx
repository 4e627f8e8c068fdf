import {
  defaultGlobalParams,
  defaultTraderInfo,
  type Follower,
  type IncomingRequest,
  type OwnFollow,
  type TraderFollow,
  type TraderInfo,
} from '@app/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { retype } from '../../test/form-helpers.ts';
import { ana, currentPath, renderApp } from '../../test/render-app.tsx';

const traderInfo = (extra: Partial<TraderInfo> = {}): TraderInfo => ({
  ...defaultTraderInfo(ana.userid),
  copyTraderEn: true,
  ...extra,
});

const globalParams = defaultGlobalParams(ana.userid, 1);

const expiresSec = new Date(2026, 11, 31, 23, 59, 59).getTime() / 1000;
const followers: Follower[] = [
  { name: 'Bia', id: '5550002', expCopy: expiresSec },
  { name: 'Caio', id: '5550003', expCopy: 0 },
];
const requests: IncomingRequest[] = [
  { id: '5550004', name: 'Duda', product: 'copy', requestedAt: Date.now() },
  { id: '5550005', name: 'Meta only', product: 'meta', requestedAt: Date.now() },
];

const followed = (extra: Partial<TraderFollow> = {}): TraderFollow => ({
  traderEna: true,
  acptdemo: false,
  traderID: '5550009',
  maxTrades: 10,
  signalType: 7,
  delaysig: 0,
  brokerID: 0,
  minStake: 0,
  maxStake: 0,
  lote: 5,
  loteType: 1,
  userid: ana.userid,
  ...extra,
});

function openAt(path: string, routes = {}) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/gettraderinfo': { body: traderInfo() },
    'POST /api/savetraderinfo': { body: { ok: true } },
    'GET /api/getfollowers': { body: followers },
    'GET /api/followrequests': { body: requests },
    'POST /api/followrequestanswer': { body: { ok: true } },
    'POST /api/followremove': { body: { ok: true } },
    'POST /api/updateexpcopy': { body: { ok: true } },
    'GET /api/getmetainfo': { body: { userid: '5550002', expCopy: expiresSec } },
    'GET /api/gettraders': { body: [followed()] },
    'POST /api/tradersave': { body: { ok: true } },
    'POST /api/traderemove': { body: { ok: true } },
    'GET /api/myfollows': { body: [] },
    'POST /api/copytradereq': { body: { ok: true } },
    ...routes,
  });
  return { server, view: renderApp(path) };
}

async function open(path: string, heading: string, routes = {}) {
  const { server, view } = openAt(path, routes);
  const rendered = await view;
  await screen.findByRole('heading', { name: heading, level: 1 });
  return { server, ...rendered };
}

describe('copy trader menu', () => {
  it("links SPEC's four screens and the copy statistics, and lists the bot's own requests with their state", async () => {
    const own: OwnFollow[] = [
      {
        traderid: '5550009',
        product: 'copy',
        state: 'pending',
        expCopy: 0,
        expired: false,
        requestedAt: 1,
        decidedAt: null,
      },
      {
        traderid: '5550010',
        product: 'copy',
        state: 'accepted',
        expCopy: 1,
        expired: true,
        requestedAt: 1,
        decidedAt: 2,
      },
      {
        traderid: '5550011',
        product: 'meta',
        state: 'refused',
        expCopy: 0,
        expired: false,
        requestedAt: 1,
        decidedAt: 2,
      },
    ];
    await open('/copytrader', 'Copy trade', { 'GET /api/myfollows': { body: own } });
    const menu = screen.getByRole('navigation', { name: 'Copy trade' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/configtradercopy',
      '/followerscopy',
      '/configfollow',
      '/copyrequest',
      '/copystats',
    ]);
    const pending = await screen.findByRole('listitem', { name: 'Trader 5550009' });
    expect(pending).toHaveTextContent('Pendente');
    expect(screen.getByRole('listitem', { name: 'Trader 5550010' })).toHaveTextContent(
      'você não recebe mais as ordens deste trader',
    );
    // A MetaCopy request belongs to the MetaCopy menu.
    expect(screen.queryByRole('listitem', { name: 'Trader 5550011' })).toBeNull();
  });
});

describe('trader configuration', () => {
  it.each([
    [{ signalType: 9, delaysig: '15' }, 'Parâmetro inválido em Delay'],
    [{ paresFilter: 'EURUSD; GBPUSD' }, 'Não use espaços em Ativos'],
    [{ candleColor: 1, paresFilter: '' }, 'Ativos não definidos'],
  ] as const)('refuses %o with SPEC’s message and sends nothing', async (values, message) => {
    const { user, server } = await open('/configtradercopy', 'Configuração Trader', {
      'GET /api/gettraderinfo': { body: traderInfo(values) },
    });
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(server.to('POST /api/savetraderinfo')).toHaveLength(0);
  });

  it.each([
    [1, true, 'Suas ordens são copiadas para seus seguidores.'],
    [1, false, 'Copy trade desligado: seus seguidores não recebem suas ordens.'],
    [2, true, 'Este robô está no modo Seguidor: suas ordens não vão para seus seguidores'],
  ] as const)(
    'says whether the orders go to followers (mode %i, copy switch %s)',
    async (traderMode, copyTraderEn, text) => {
      await open('/configtradercopy', 'Configuração Trader', {
        'GET /api/gettraderinfo': { body: traderInfo({ copyTraderEn }) },
        'GET /api/globalparams': { body: { ...globalParams, traderMode } },
      });
      expect(await screen.findByText(new RegExp(`^${text}`))).toBeInTheDocument();
    },
  );

  it('checks the delay comma before the assets (SPEC §5 order)', async () => {
    const { user } = await open('/configtradercopy', 'Configuração Trader', {
      'GET /api/gettraderinfo': {
        body: traderInfo({ signalType: 9, delaysig: '1', paresFilter: 'A B' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Parâmetro inválido em Delay');
  });

  it('saves every field of the trader side, signal type 9 with its decimal comma', async () => {
    const { user, server } = await open('/configtradercopy', 'Configuração Trader');
    await user.selectOptions(await screen.findByLabelText('Tipo de sinal'), '9');
    await retype(user, 'Delay', '1,5');
    await retype(user, 'Entrada mínima', '2');
    await user.selectOptions(screen.getByLabelText('Corretora'), '5');
    await user.selectOptions(screen.getByLabelText('Filtro de cor da vela'), '2');
    await retype(user, 'Timeframe (minutos)', '5');
    await retype(user, 'Ativos', 'EURUSD;GBPUSD');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(server.to('POST /api/savetraderinfo')[0]?.body).toEqual({
      copyTraderEn: true,
      signalType: 9,
      delaysig: '1,5',
      brokerID: 5,
      candleColor: 2,
      timeframe: 5,
      paresFilter: 'EURUSD;GBPUSD',
      stakeMin: 2,
      userid: ana.userid,
    });
  });
});

describe('copy followers', () => {
  it('shows each follower with its expiry, or Indefinido', async () => {
    await open('/followerscopy', 'Seguidores');
    const bia = await screen.findByRole('region', { name: 'Bia' });
    expect(bia).toHaveTextContent('ID: 5550002');
    expect(bia).toHaveTextContent('Expira: 31/12/2026');
    expect(screen.getByRole('region', { name: 'Caio' })).toHaveTextContent('Indefinido');
  });

  it('accepts a pending copy request and reads the followers again', async () => {
    const { user, server } = await open('/followerscopy', 'Seguidores');
    const duda = await screen.findByRole('listitem', { name: 'Duda' });
    expect(screen.queryByRole('listitem', { name: 'Meta only' })).toBeNull();
    const reads = server.to('GET /api/getfollowers').length;
    await user.click(within(duda).getByRole('button', { name: 'Aceitar' }));
    await waitFor(() => expect(server.to('GET /api/getfollowers').length).toBeGreaterThan(reads));
    expect(server.to('POST /api/followrequestanswer')[0]?.body).toEqual({
      userid: ana.userid,
      followerid: '5550004',
      product: 'copy',
      accept: true,
    });
  });

  it('refuses a request', async () => {
    const { user, server } = await open('/followerscopy', 'Seguidores');
    const duda = await screen.findByRole('listitem', { name: 'Duda' });
    await user.click(within(duda).getByRole('button', { name: 'Recusar' }));
    await waitFor(() => expect(server.to('POST /api/followrequestanswer')).toHaveLength(1));
    expect(server.to('POST /api/followrequestanswer')[0]?.body).toMatchObject({ accept: false });
  });

  it('removes a follower only after confirming', async () => {
    const { user, server } = await open('/followerscopy', 'Seguidores');
    const bia = await screen.findByRole('region', { name: 'Bia' });
    await user.click(within(bia).getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover Bia?' });
    expect(server.to('POST /api/followremove')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(server.to('POST /api/followremove')).toHaveLength(1));
    expect(server.to('POST /api/followremove')[0]?.body).toEqual({
      userid: ana.userid,
      traderid: '5550002',
    });
  });

  it('Info shows Carregando... then the UserID and expiry date and time', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { user, server } = await open('/followerscopy', 'Seguidores', {
      'GET /api/getmetainfo': () => new Promise((resolve) => (answer = resolve)),
    });
    const bia = await screen.findByRole('region', { name: 'Bia' });
    await user.click(within(bia).getByRole('button', { name: 'Info' }));
    const info = await screen.findByRole('dialog', { name: 'Info' });
    expect(info).toHaveTextContent('Carregando...');
    answer({ body: { userid: '5550002', expCopy: expiresSec } });
    expect(await within(info).findByText('UserID: 5550002')).toBeInTheDocument();
    expect(info).toHaveTextContent('31/12/2026 23:59');
    expect(server.to('GET /api/getmetainfo')[0]?.query).toEqual({
      userid: ana.userid,
      traderid: '5550002',
      product: 'copy',
    });
  });

  it('Info says when no expiry is set', async () => {
    const { user } = await open('/followerscopy', 'Seguidores', {
      'GET /api/getmetainfo': { body: { userid: '5550003', expCopy: 0 } },
    });
    const caio = await screen.findByRole('region', { name: 'Caio' });
    await user.click(within(caio).getByRole('button', { name: 'Info' }));
    const info = await screen.findByRole('dialog', { name: 'Info' });
    expect(await within(info).findByText('Sem expiração definida')).toBeInTheDocument();
  });

  it('Exp saves only a picked date, as the last second of that day', async () => {
    const { user, server } = await open('/followerscopy', 'Seguidores');
    const caio = await screen.findByRole('region', { name: 'Caio' });
    await user.click(within(caio).getByRole('button', { name: 'Exp' }));
    const exp = await screen.findByRole('dialog', { name: 'Vencimento' });
    const save = within(exp).getByRole('button', { name: 'Salvar' });
    expect(save).toBeDisabled();
    fireEvent.change(within(exp).getByLabelText('Vencimento'), { target: { value: '2027-01-15' } });
    await user.click(save);
    await waitFor(() => expect(server.to('POST /api/updateexpcopy')).toHaveLength(1));
    expect(server.to('POST /api/updateexpcopy')[0]?.body).toEqual({
      userid: ana.userid,
      traderid: '5550003',
      expCopy: new Date(2027, 0, 15, 23, 59, 59).getTime() / 1000,
      product: 'copy',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Vencimento' })).toBeNull());
  });

  it('Exp clears an expiry (0 = none), and Cancelar sends nothing', async () => {
    const { user, server } = await open('/followerscopy', 'Seguidores');
    const bia = await screen.findByRole('region', { name: 'Bia' });
    await user.click(within(bia).getByRole('button', { name: 'Exp' }));
    let exp = await screen.findByRole('dialog', { name: 'Vencimento' });
    expect(within(exp).getByLabelText('Vencimento')).toHaveValue('2026-12-31');
    await user.click(within(exp).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Vencimento' })).toBeNull());
    expect(server.to('POST /api/updateexpcopy')).toHaveLength(0);
    await user.click(within(bia).getByRole('button', { name: 'Exp' }));
    exp = await screen.findByRole('dialog', { name: 'Vencimento' });
    await user.click(within(exp).getByRole('button', { name: 'Sem vencimento' }));
    await waitFor(() => expect(server.to('POST /api/updateexpcopy')).toHaveLength(1));
    expect(server.to('POST /api/updateexpcopy')[0]?.body).toMatchObject({ expCopy: 0 });
  });

  it('says so when there are no followers and no requests', async () => {
    await open('/followerscopy', 'Seguidores', {
      'GET /api/getfollowers': { body: [] },
      'GET /api/followrequests': { body: [] },
    });
    expect(await screen.findByText(/Nenhum seguidor ainda/)).toBeInTheDocument();
    expect(screen.getByText('Nenhum pedido aguardando resposta.')).toBeInTheDocument();
  });

  it('shows a failed read with a retry', async () => {
    await open('/followerscopy', 'Seguidores', {
      'GET /api/getfollowers': errorReply(500, 'errors.internal'),
    });
    expect(await screen.findByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('followed traders', () => {
  it('shows every Trader save field; Advanced reveals min, max, delay and broker', async () => {
    const { user } = await open('/configfollow', 'Configurar traders seguidos');
    const card = await screen.findByRole('region', { name: 'Trader 5550009' });
    for (const label of [
      'Copiar este trader',
      'Aceitar ordens de conta demo',
      'Limite de ordens por dia',
      'Tipo de sinal',
      'Tipo de entrada',
      'Valor da entrada',
    ]) {
      expect(within(card).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(card).queryByLabelText('Valor mínimo')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Opções avançadas' }));
    for (const label of ['Valor mínimo', 'Valor máximo', 'Delay (segundos)', 'Corretora']) {
      expect(within(card).getByLabelText(label)).toBeInTheDocument();
    }
    const brokers = within(within(card).getByLabelText('Corretora')).getAllByRole('option');
    expect(brokers.map((o) => o.getAttribute('value'))).toContain('18');
    const types = within(within(card).getByLabelText('Tipo de sinal')).getAllByRole('option');
    expect(types.map((o) => o.getAttribute('value'))).toEqual(['7', '8']);
  });

  it('saves the card for this trader', async () => {
    const { user, server } = await open('/configfollow', 'Configurar traders seguidos');
    const card = await screen.findByRole('region', { name: 'Trader 5550009' });
    await user.click(within(card).getByLabelText('Aceitar ordens de conta demo'));
    await user.selectOptions(within(card).getByLabelText('Tipo de entrada'), '2');
    await retype(user, within(card).getByLabelText('Valor da entrada'), '1,5');
    await user.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(server.to('POST /api/tradersave')[0]?.body).toEqual(
      followed({ acptdemo: true, loteType: 2, lote: 1.5 }),
    );
  });

  it('an enabled card needs a stake: 0 would skip every copy', async () => {
    const { user, server } = await open('/configfollow', 'Configurar traders seguidos');
    const card = await screen.findByRole('region', { name: 'Trader 5550009' });
    await retype(user, within(card).getByLabelText('Valor da entrada'), '0');
    await user.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Informe o valor da entrada para copiar este trader',
    );
    expect(within(card).getByLabelText('Valor da entrada')).toHaveAttribute('aria-invalid', 'true');
    expect(server.to('POST /api/tradersave')).toHaveLength(0);
    // Switched off, a stake of 0 saves.
    await user.click(within(card).getByLabelText('Copiar este trader'));
    await user.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(server.to('POST /api/tradersave')[0]?.body).toEqual(
      followed({ traderEna: false, lote: 0 }),
    );
  });

  it('stops following after confirming', async () => {
    const { user, server } = await open('/configfollow', 'Configurar traders seguidos');
    const card = await screen.findByRole('region', { name: 'Trader 5550009' });
    await user.click(within(card).getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Deixar de seguir o trader 5550009?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(server.to('POST /api/traderemove')).toHaveLength(1));
    expect(server.to('POST /api/traderemove')[0]?.body).toEqual({
      userid: ana.userid,
      traderid: '5550009',
    });
  });

  it('says so when the bot follows nobody', async () => {
    await open('/configfollow', 'Configurar traders seguidos', {
      'GET /api/gettraders': { body: [] },
    });
    expect(await screen.findByText(/Você não segue nenhum trader ainda/)).toBeInTheDocument();
  });
});

describe('copy request', () => {
  it("needs both fields: 'Preencha Trader ID e Nome'", async () => {
    const { user, server } = await open('/copyrequest', 'Seguir um trader');
    await user.type(screen.getByLabelText(/Trader ID/), '5550009');
    await user.type(screen.getByLabelText(/Seu nome/), ' !! ');
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Preencha Trader ID e Nome');
    expect(server.to('POST /api/copytradereq')).toHaveLength(0);
  });

  it('keeps only letters and digits of the name and returns to /copytrader', async () => {
    const { user, server } = await open('/copyrequest', 'Seguir um trader');
    await user.type(screen.getByLabelText(/Trader ID/), ' 5550009 ');
    await user.type(screen.getByLabelText(/Seu nome/), ' João Silva-2! ');
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    await screen.findByRole('heading', { name: 'Copy trade', level: 1 });
    expect(currentPath()).toBe('/copytrader');
    expect(server.to('POST /api/copytradereq')[0]?.body).toEqual({
      userid: ana.userid,
      traderid: '5550009',
      userName: 'JoãoSilva2',
    });
  });

  it("says 'Erro ao enviar requisição. Tente novamente.' when the request fails", async () => {
    const { user } = await open('/copyrequest', 'Seguir um trader', {
      'POST /api/copytradereq': errorReply(500, 'errors.internal'),
    });
    await user.type(screen.getByLabelText(/Trader ID/), '5550009');
    await user.type(screen.getByLabelText(/Seu nome/), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Erro ao enviar requisição. Tente novamente.',
    );
    expect(currentPath()).toBe('/copyrequest');
  });
});

describe('legacy copy paths', () => {
  it.each([
    ['/traderconfig', '/configtradercopy', 'Configuração Trader'],
    ['/followconfig', '/configfollow', 'Configurar traders seguidos'],
  ])('%s goes to %s', async (from, to, heading) => {
    await open(from, heading);
    expect(currentPath()).toBe(to);
  });
});
