import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, currentPath, renderApp } from '../../test/render-app.tsx';

async function openCopyRooms(routes = {}) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'POST /api/copyid': { body: { ok: true } },
    ...routes,
  });
  const view = await renderApp('/copy-salas');
  await screen.findByRole('heading', { name: 'Copiar salas', level: 1 });
  return { server, ...view };
}

describe('copy rooms', () => {
  it('needs the trader id and sends nothing without it', async () => {
    const { user, server } = await openCopyRooms();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe o Trader ID');
    expect(server.to('POST /api/copyid')).toHaveLength(0);
  });

  it("saves the trader id, refreshes the session's bot list and returns to /copysignals", async () => {
    const { user, server } = await openCopyRooms();
    const sessionReads = server.to('GET /api/session').length;
    await user.type(screen.getByLabelText(/Trader ID/), ' 5550009 ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByRole('heading', { name: 'Copiar sinais', level: 1 });
    expect(currentPath()).toBe('/copysignals');
    expect(server.to('POST /api/copyid')[0]?.body).toEqual({
      userid: ana.userid,
      traderid: '5550009',
    });
    expect(server.to('GET /api/session').length).toBeGreaterThan(sessionReads);
  });

  it('says, the same way for an unknown id, that the trader has not accepted the robot', async () => {
    const { user } = await openCopyRooms({
      'POST /api/copyid': errorReply(404, 'copyRooms.errors.notAccepted'),
    });
    await user.type(screen.getByLabelText(/Trader ID/), '5550009');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nenhum trader com este ID aceitou este robô.',
    );
    expect(currentPath()).toBe('/copy-salas');
  });
});
