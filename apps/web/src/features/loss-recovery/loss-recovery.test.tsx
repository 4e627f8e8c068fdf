import { defaultLossRecovery, type LossRecovery } from '@app/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { retype, stakesOf } from '../../test/form-helpers.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

async function openLossRecovery(read: LossRecovery = defaultLossRecovery(ana.userid, 1)) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/getlossrec': { body: read },
    'POST /api/savelossrec': { body: { ok: true } },
  });
  const view = await renderApp('/config-recovery');
  await screen.findByRole('heading', { name: 'Recuperação de loss' });
  await screen.findByLabelText('Fator de recuperação');
  return { server, ...view };
}

describe('loss recovery', () => {
  it('offers the factor codes and modes by label and reads the saved ones', async () => {
    await openLossRecovery({ ...defaultLossRecovery(ana.userid, 1), recoverPerc: 0, mode: 3 });
    const factor = screen.getByLabelText('Fator de recuperação');
    expect(factor).toHaveValue('0');
    expect(
      within(factor)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Desativado', '100%', '50%', '40%', '25%', '20%', '15%', '10%', '5%']);
    expect(screen.getByLabelText('Modo')).toHaveValue('3');
    expect(screen.getByRole('option', { name: 'Agressivo' })).toBeInTheDocument();
  });

  it('previews ROBOT.md §6 with a base of 5: 5, 10, then 8,63, 5,00, 5,00', async () => {
    const { user } = await openLossRecovery();
    await retype(user, 'Entrada base para a prévia', '5');
    expect(stakesOf('Sequência vencedora')).toEqual(['5,00', '10,00', '8,63', '5,00', '5,00']);
  });

  it("refuses a negative gale with 'Parâmetros inválidos'", async () => {
    const { user, server } = await openLossRecovery();
    await retype(user, 'Nível de gale', '-1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Parâmetros inválidos');
    expect(server.to('POST /api/savelossrec')).toHaveLength(0);
  });

  it('saves the chosen factor code and mode with the broker', async () => {
    const { user, server } = await openLossRecovery();
    await user.selectOptions(screen.getByLabelText('Fator de recuperação'), '25%');
    await user.selectOptions(screen.getByLabelText('Modo'), 'Moderado');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(server.to('POST /api/savelossrec')[0]?.body).toEqual({
      recoverPerc: 4,
      mode: 2,
      recoverGale: 1,
      recoverGaleFat: 2,
      recoverProfit: 0,
      brokerID: 1,
      userid: '5550001',
    });
  });
});
