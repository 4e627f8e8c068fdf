import type { MetaFollower, MetaFollowSetting, MetaTraderRecord } from '@app/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { retype } from '../../test/form-helpers.ts';
import { ana, currentPath, renderApp } from '../../test/render-app.tsx';

const record = (extra: Partial<MetaTraderRecord> = {}): MetaTraderRecord => ({
  traderid: ana.userid,
  traderEna: true,
  maxTrades: 5,
  signalType: 7,
  delaysig: 0,
  brokerID: 0,
  anticipation: 0,
  userid: ana.userid,
  ...extra,
});

const setting = (extra: Partial<MetaFollowSetting> = {}): MetaFollowSetting => ({
  traderEna: true,
  traderid: '5550009',
  maxTrades: 3,
  signalType: 7,
  delaysig: 0,
  brokerID: 0,
  anticipation: 0,
  lote: 2,
  userid: ana.userid,
  ...extra,
});

const metaFollowers: MetaFollower[] = [{ id: '5550002', name: 'Bia', expCopy: 0 }];

async function open(path: string, heading: string, routes = {}) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/getmetadata': { body: [record()] },
    'POST /api/savemetadata': { body: { ok: true } },
    'POST /api/removemetadata': { body: { ok: true } },
    'GET /api/getmetafollow': { body: metaFollowers },
    'GET /api/followrequests': {
      body: [{ id: '5550004', name: 'Duda', product: 'meta', requestedAt: Date.now() }],
    },
    'POST /api/followrequestanswer': { body: { ok: true } },
    'POST /api/removemetafol': { body: { ok: true } },
    'POST /api/updateexpcopy': { body: { ok: true } },
    'GET /api/gettraderdata': { body: [setting()] },
    'POST /api/savetraderdata': { body: { ok: true } },
    'GET /api/myfollows': { body: [] },
    'POST /api/metaidreq': { body: { ok: true } },
    ...routes,
  });
  const view = await renderApp(path);
  await screen.findByRole('heading', { name: heading, level: 1 });
  return { server, ...view };
}

describe('MetaCopy menu', () => {
  it('links the four MetaCopy screens and the copy statistics', async () => {
    await open('/configmetatrader', 'MetaCopy');
    const menu = screen.getByRole('navigation', { name: 'MetaCopy' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/tradermetaconfig',
      '/followerslist',
      '/configmetafollower',
      '/followermetareq',
      '/copystats',
    ]);
    expect(await screen.findByText('Nenhum pedido ainda.')).toBeInTheDocument();
  });
});

describe('MetaCopy trader records', () => {
  it("shows a card per record with 'Limite de Ordens'; saving shows a closable notice", async () => {
    const { user, server } = await open('/tradermetaconfig', 'Configuração Trader MetaCopy');
    const card = await screen.findByRole('region', { name: `Trader ${ana.userid}` });
    await retype(user, within(card).getByLabelText('Limite de Ordens'), '8');
    await retype(user, within(card).getByLabelText('Antecipação (segundos)'), '2');
    await user.selectOptions(within(card).getByLabelText('Tipo de sinal'), '4');
    const brokers = within(within(card).getByLabelText('Corretora')).getAllByRole('option');
    expect(brokers).toHaveLength(15);
    await user.click(within(card).getByRole('button', { name: 'Salvar' }));
    const notice = await within(card).findByRole('status');
    expect(notice).toHaveTextContent('Parâmetros salvos');
    expect(server.to('POST /api/savemetadata')[0]?.body).toEqual(
      record({ maxTrades: 8, anticipation: 2, signalType: 4 }),
    );
    await user.click(within(notice).getByRole('button', { name: /close|fechar/i }));
    await waitFor(() => expect(within(card).queryByRole('status')).toBeNull());
  });

  it("adds a record with SPEC's defaults and reads the list again", async () => {
    const { user, server } = await open('/tradermetaconfig', 'Configuração Trader MetaCopy');
    expect(screen.queryByRole('button', { name: 'Remover' })).toBeNull();
    const reads = server.to('GET /api/getmetadata').length;
    await retype(user, screen.getByLabelText(/Trader ID/), '5550077');
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(server.to('GET /api/getmetadata').length).toBeGreaterThan(reads));
    expect(server.to('POST /api/savemetadata')[0]?.body).toEqual(
      record({ traderid: '5550077', maxTrades: 0 }),
    );
  });

  it('shows a failed save instead of losing it silently', async () => {
    const { user } = await open('/tradermetaconfig', 'Configuração Trader MetaCopy', {
      'POST /api/savemetadata': errorReply(500, 'errors.internal'),
    });
    const card = await screen.findByRole('region', { name: `Trader ${ana.userid}` });
    await user.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Algo deu errado do nosso lado.',
    );
  });
});

describe('MetaCopy followers list', () => {
  it('answers MetaCopy requests and edits the expiry of the MetaCopy follow', async () => {
    const { user, server } = await open('/followerslist', 'Lista de seguidores');
    const duda = await screen.findByRole('listitem', { name: 'Duda' });
    await user.click(within(duda).getByRole('button', { name: 'Aceitar' }));
    await waitFor(() => expect(server.to('POST /api/followrequestanswer')).toHaveLength(1));
    expect(server.to('POST /api/followrequestanswer')[0]?.body).toMatchObject({
      product: 'meta',
      accept: true,
    });
    const bia = screen.getByRole('region', { name: 'Bia' });
    expect(bia).toHaveTextContent('Indefinido');
    await user.click(within(bia).getByRole('button', { name: 'Exp' }));
    const exp = await screen.findByRole('dialog', { name: 'Vencimento' });
    fireEvent.change(within(exp).getByLabelText('Vencimento'), {
      target: { value: '2027-03-01' },
    });
    await user.click(within(exp).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(server.to('POST /api/updateexpcopy')).toHaveLength(1));
    expect(server.to('POST /api/updateexpcopy')[0]?.body).toMatchObject({
      traderid: '5550002',
      product: 'meta',
    });
  });

  it('removes a MetaCopy follower with its name after confirming', async () => {
    const { user, server } = await open('/followerslist', 'Lista de seguidores');
    const bia = await screen.findByRole('region', { name: 'Bia' });
    await user.click(within(bia).getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover Bia?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(server.to('POST /api/removemetafol')).toHaveLength(1));
    expect(server.to('POST /api/removemetafol')[0]?.body).toEqual({
      userid: ana.userid,
      traderid: '5550002',
      userName: 'Bia',
    });
  });
});

describe('MetaCopy follower settings', () => {
  it('Advanced reveals delay, anticipation and the 13-broker select; Save sends the card', async () => {
    const { user, server } = await open('/configmetafollower', 'Configurar seguidor MetaCopy');
    const card = await screen.findByRole('region', { name: 'ID 5550009' });
    for (const label of ['Ativar', 'Valor da entrada', 'Limite de Ordens', 'Tipo de sinal']) {
      expect(within(card).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(card).queryByLabelText('Delay (segundos)')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Avançado' }));
    const brokers = within(within(card).getByLabelText('Corretora')).getAllByRole('option');
    expect(brokers).toHaveLength(13);
    await retype(user, within(card).getByLabelText('Delay (segundos)'), '3');
    await retype(user, within(card).getByLabelText('Valor da entrada'), '4');
    await user.click(within(card).getByRole('button', { name: 'Salvar' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(server.to('POST /api/savetraderdata')[0]?.body).toEqual(
      setting({ delaysig: 3, lote: 4 }),
    );
  });

  it('stops following a MetaCopy trader after confirming', async () => {
    const { user, server } = await open('/configmetafollower', 'Configurar seguidor MetaCopy');
    const card = await screen.findByRole('region', { name: 'ID 5550009' });
    await user.click(within(card).getByRole('button', { name: 'Remover' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(server.to('POST /api/removemetadata')).toHaveLength(1));
    expect(server.to('POST /api/removemetadata')[0]?.body).toEqual({
      userid: ana.userid,
      traderid: '5550009',
    });
  });

  it('/followermetaconfig goes to /configmetafollower', async () => {
    await open('/followermetaconfig', 'Configurar seguidor MetaCopy');
    expect(currentPath()).toBe('/configmetafollower');
  });
});

describe('MetaCopy request', () => {
  it('sends the trimmed name as typed and goes to /configmetatrader', async () => {
    const { user, server } = await open('/followermetareq', 'Seguir um trader no MetaCopy');
    await user.type(screen.getByLabelText(/Trader ID/), '5550009');
    await user.type(screen.getByLabelText(/Seu nome/), ' Ana Maria ');
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    await screen.findByRole('heading', { name: 'MetaCopy', level: 1 });
    expect(currentPath()).toBe('/configmetatrader');
    expect(server.to('POST /api/metaidreq')[0]?.body).toEqual({
      userid: ana.userid,
      traderid: '5550009',
      userName: 'Ana Maria',
    });
  });

  it("needs both fields: 'Preencha Trader ID e Nome'", async () => {
    const { user, server } = await open('/followermetareq', 'Seguir um trader no MetaCopy');
    await user.click(screen.getByRole('button', { name: 'Enviar pedido' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Preencha Trader ID e Nome');
    expect(server.to('POST /api/metaidreq')).toHaveLength(0);
  });
});
