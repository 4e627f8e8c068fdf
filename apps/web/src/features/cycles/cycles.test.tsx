import { defaultCycles, defaultRecoveryParams, type Cycles } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { retype, stakesOf } from '../../test/form-helpers.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

async function openCycles(read: Cycles = defaultCycles(ana.userid, 1)) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/getcycles': { body: read },
    'POST /api/savecycles': { body: { ok: true } },
    'GET /api/recoveryparams': { body: defaultRecoveryParams(ana.userid, 1) },
    'POST /api/recoveryparams': { body: { ok: true } },
  });
  const view = await renderApp('/config-cycles');
  await screen.findByRole('heading', { name: 'Ciclos', level: 1 });
  await waitFor(() => expect(screen.getAllByLabelText('Nível de ciclos')).toHaveLength(2));
  return { server, ...view };
}

const forms = () => document.querySelectorAll('form');
const cyclesForm = () => within(forms()[0] as HTMLElement);
const recoveryForm = () => within(forms()[1] as HTMLElement);

describe('cycles', () => {
  it('reads the cycles of the stored bot and broker', async () => {
    localStorage.setItem('brokerID', '5');
    const { server } = await openCycles({ ...defaultCycles(ana.userid, 5), ciclos: 4 });
    expect(server.to('GET /api/getcycles')[0]?.query).toEqual({ userid: '5550001', brokerid: '5' });
    expect(server.to('GET /api/recoveryparams')[0]?.query).toEqual({
      userid: '5550001',
      brokerid: '5',
    });
    expect(cyclesForm().getByLabelText('Nível de ciclos')).toHaveValue('4');
  });

  it('previews the auto cycle entry of ROBOT.md §4: 2, 4, 8 then 18,10, 36,20, 72,40', async () => {
    await openCycles();
    const losing = cyclesForm().getByRole('table', { name: 'Sequência perdedora' });
    expect(stakesOf(losing).slice(0, 6)).toEqual([
      '2,00',
      '4,00',
      '8,00',
      '18,10',
      '36,20',
      '72,40',
    ]);
  });

  it('recomputes the preview from its own base entry and the multiplier', async () => {
    const { user } = await openCycles();
    await retype(user, cyclesForm().getByLabelText('Multiplicador de ciclo'), '3');
    const winning = cyclesForm().getByRole('table', { name: 'Sequência vencedora' });
    expect(stakesOf(winning)).toEqual(['2,00', '4,00', '8,00', '6,00', '2,00', '2,00']);
    await retype(user, cyclesForm().getByLabelText('Entrada base para a prévia'), '10');
    expect(stakesOf(cyclesForm().getByRole('table', { name: 'Sequência vencedora' }))[0]).toBe(
      '10,00',
    );
  });

  it("refuses a negative value with 'Parâmetros inválidos' and sends nothing", async () => {
    const { user, server } = await openCycles();
    await retype(user, cyclesForm().getByLabelText('Nível de gale'), '-1');
    await user.click(cyclesForm().getByRole('button', { name: 'Salvar' }));
    expect(await cyclesForm().findByRole('alert')).toHaveTextContent('Parâmetros inválidos');
    expect(server.to('POST /api/savecycles')).toHaveLength(0);
  });

  it('saves with the stored broker and the bot, then shows the notice', async () => {
    const { user, server } = await openCycles();
    await retype(user, cyclesForm().getByLabelText('Nível de ciclos'), '5');
    await user.click(cyclesForm().getByRole('button', { name: 'Salvar' }));
    expect(await cyclesForm().findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(server.to('POST /api/savecycles')[0]?.body).toEqual({
      ciclos: 5,
      ciclosFat: 0,
      ciclosGale: 2,
      ciclosGaleFat: 2,
      brokerID: 1,
      userid: '5550001',
    });
    // The recovery params hold the same cycles: they are read again.
    await waitFor(() => expect(server.to('GET /api/recoveryparams')).toHaveLength(2));
  });
});

describe('recovery params', () => {
  it("refuses a soros percentage above 100 with SPEC's message", async () => {
    const { user, server } = await openCycles();
    await retype(user, recoveryForm().getByLabelText('Soros percentual (%)'), '150');
    await user.click(recoveryForm().getByRole('button', { name: 'Salvar' }));
    expect(await recoveryForm().findByRole('alert')).toHaveTextContent(
      'Soros percentual apenas entre 1 e 100',
    );
    expect(server.to('POST /api/recoveryparams')).toHaveLength(0);
  });

  it("refuses a negative cycle level with 'Parâmetros inválidos'", async () => {
    const { user } = await openCycles();
    await retype(user, recoveryForm().getByLabelText('Nível de ciclos'), '-2');
    await user.click(recoveryForm().getByRole('button', { name: 'Salvar' }));
    expect(await recoveryForm().findByRole('alert')).toHaveTextContent('Parâmetros inválidos');
  });

  it('saves every field with the userid in the query and the broker in the body', async () => {
    const { user, server } = await openCycles();
    await retype(user, recoveryForm().getByLabelText('Nível de soros'), '3');
    await user.click(recoveryForm().getByRole('button', { name: 'Salvar' }));
    expect(await recoveryForm().findByRole('status')).toHaveTextContent('Parâmetros salvos');
    const request = server.to('POST /api/recoveryparams')[0];
    expect(request?.query).toEqual({ userid: '5550001' });
    expect(request?.body).toEqual({
      ciclos: 3,
      ciclosfat: 0,
      ciclosgale: 2,
      ciclosgalefat: 2,
      soros: 3,
      sorosgale: 0,
      sorosperc: 100,
      brokerID: 1,
      userid: '5550001',
    });
  });

  it('previews its soros chain: 2,00, 3,74, 6,99 …', async () => {
    await openCycles();
    const winning = recoveryForm().getByRole('table', { name: 'Soros: sequência vencedora' });
    expect(stakesOf(winning).slice(0, 3)).toEqual(['2,00', '3,74', '6,99']);
  });
});
