import { defaultSoros, NOTICE_MS, type Soros } from '@app/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { retype, stakesOf } from '../../test/form-helpers.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

async function openSoros(read: Soros = defaultSoros(ana.userid, 1)) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/getsoros': { body: read },
    'POST /api/savesoros': { body: { ok: true } },
  });
  const view = await renderApp('/config-soros');
  await screen.findByRole('heading', { name: 'Soros' });
  await screen.findByLabelText('Nível de soros');
  return { server, ...view };
}

describe('soros', () => {
  it('reads the soros of the stored bot and broker', async () => {
    const { server } = await openSoros({ ...defaultSoros(ana.userid, 1), sorosperc: 50 });
    expect(server.to('GET /api/getsoros')[0]?.query).toEqual({ userid: '5550001', brokerid: '1' });
    expect(screen.getByLabelText('Soros percentual (%)')).toHaveValue('50');
  });

  it('previews the chain of ROBOT.md §2 with a base of 10: 10,00, 18,70, 34,97, 10,00', async () => {
    const { user } = await openSoros();
    await retype(user, 'Entrada base para a prévia', '10');
    expect(stakesOf('Sequência vencedora')).toEqual(['10,00', '18,70', '34,97', '10,00']);
    expect(stakesOf('Sequência perdedora')).toEqual(['10,00', '10,00']);
  });

  it('formats the preview in the current language', async () => {
    const { user } = await openSoros();
    await retype(user, 'Entrada base para a prévia', '1000');
    expect(stakesOf('Sequência vencedora')[1]).toBe('1.870,00');
  });

  it('checks SPEC §5: negative level, then the percentage between 1 and 100', async () => {
    const { user, server } = await openSoros();
    await retype(user, 'Nível de soros', '-1');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Parâmetros inválidos');
    await retype(user, 'Nível de soros', '2');
    await retype(user, 'Soros percentual (%)', '0');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Soros percentual apenas entre 1 e 100',
    );
    expect(server.to('POST /api/savesoros')).toHaveLength(0);
  });

  it('saves and shows the notice for 2 seconds', async () => {
    const { user, server } = await openSoros();
    await retype(user, 'Nível de gale', '1');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    expect(server.to('POST /api/savesoros')[0]?.body).toEqual({
      soros: 2,
      sorosgale: 1,
      sorosperc: 100,
      brokerID: 1,
      userid: '5550001',
    });
    act(() => vi.advanceTimersByTime(NOTICE_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('offers a retry when the read fails', async () => {
    let fail = true;
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/getsoros': () =>
        fail ? errorReply(500, 'errors.internal') : { body: defaultSoros(ana.userid, 1) },
    });
    const { user } = await renderApp('/config-soros');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByLabelText('Nível de soros')).toHaveValue('2');
  });
});
