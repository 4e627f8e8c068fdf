import { defaultReaderParams, NOTICE_MS, type ReaderParams } from '@app/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

const saved: ReaderParams = {
  timerzone: -3,
  maxtrades: 10,
  hourStart: '09:00',
  hourEnd: '12:00',
  hourStart2: '',
  hourEnd2: '',
  hourStart3: '',
  hourEnd3: '',
  hourReset: '00:05',
  hourClearScore: '',
};

async function openReaderParams(read: ReaderParams = saved, extra = {}) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/readerparams': { body: read },
    'POST /api/readerparams': { body: { ok: true } },
    ...extra,
  });
  const view = await renderApp('/reader-params');
  await screen.findByRole('heading', { name: 'Parâmetros do leitor' });
  await screen.findByLabelText('Limite de ordens');
  return { server, ...view };
}

const save = () => screen.getByRole('button', { name: 'Salvar' });

describe('reader params', () => {
  it('loads the saved values of the stored bot', async () => {
    const { server } = await openReaderParams();
    expect(server.to('GET /api/readerparams')[0]?.query).toEqual({ userid: '5550001' });
    expect(screen.getByLabelText('Fuso horário (horas do UTC)')).toHaveValue('-3');
    expect(screen.getByLabelText('Limite de ordens')).toHaveValue('10');
    expect(screen.getByLabelText('Início da janela 1')).toHaveValue('09:00');
    expect(screen.getByLabelText('Início da janela 1')).toHaveAttribute('type', 'time');
    expect(screen.getByLabelText('Fim da janela 1')).toHaveValue('12:00');
    expect(screen.getByLabelText('Início da janela 2')).toHaveValue('');
    expect(screen.getByLabelText('Horário de reinício do robô')).toHaveValue('00:05');
  });

  it('refuses a negative order limit with SPEC message and sends nothing', async () => {
    const { user, server } = await openReaderParams(defaultReaderParams());
    await user.clear(screen.getByLabelText('Limite de ordens'));
    await user.type(screen.getByLabelText('Limite de ordens'), '-1');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Limite de Ordens precisa ser 0 ou maior',
    );
    expect(screen.getByLabelText('Limite de ordens')).toHaveAttribute('aria-invalid', 'true');
    expect(server.to('POST /api/readerparams')).toHaveLength(0);
  });

  it('saves numbers and HH:MM times, empty windows allowed, with a 2-second notice', async () => {
    const { user, server } = await openReaderParams();
    await user.clear(screen.getByLabelText('Fuso horário (horas do UTC)'));
    await user.type(screen.getByLabelText('Fuso horário (horas do UTC)'), '1');
    fireEvent.change(screen.getByLabelText('Início da janela 3'), { target: { value: '20:30' } });
    fireEvent.change(screen.getByLabelText('Fim da janela 3'), { target: { value: '23:15' } });
    fireEvent.change(screen.getByLabelText('Horário de reinício do robô'), {
      target: { value: '' },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(save());
    expect(await screen.findByRole('status')).toHaveTextContent('Parâmetros salvos');
    const request = server.to('POST /api/readerparams')[0];
    expect(request?.query).toEqual({ userid: '5550001' });
    expect(request?.body).toEqual({
      ...saved,
      timerzone: 1,
      hourStart3: '20:30',
      hourEnd3: '23:15',
      hourReset: '',
    });
    act(() => vi.advanceTimersByTime(NOTICE_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('refuses an empty time zone before sending', async () => {
    const { user, server } = await openReaderParams();
    await user.clear(screen.getByLabelText('Fuso horário (horas do UTC)'));
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent('Alguns campos são inválidos.');
    expect(server.to('POST /api/readerparams')).toHaveLength(0);
  });

  // Regression: a window with a start and no end, or a start after its end,
  // was sent and saved.
  it('says under the window end what is missing or out of order, and sends nothing', async () => {
    const { server } = await openReaderParams();
    fireEvent.change(screen.getByLabelText('Fim da janela 1'), { target: { value: '' } });
    fireEvent.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Informe o fim desta janela (ou apague o início).',
    );
    expect(screen.getByLabelText('Fim da janela 1')).toHaveAccessibleDescription(
      'Informe o fim desta janela (ou apague o início).',
    );

    fireEvent.change(screen.getByLabelText('Fim da janela 1'), { target: { value: '08:00' } });
    fireEvent.click(save());
    expect(
      await screen.findByText(/O fim precisa ser depois do início/, { selector: 'p' }),
    ).toBeInTheDocument();
    expect(server.to('POST /api/readerparams')).toHaveLength(0);
  });

  it('shows a server refusal as an error notice', async () => {
    const { user } = await openReaderParams(saved, {
      'POST /api/readerparams': errorReply(400, 'readerParams.errors.maxTradesMin'),
    });
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Limite de Ordens precisa ser 0 ou maior',
    );
  });

  it('offers a retry when the load fails', async () => {
    let fail = true;
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/readerparams': () => (fail ? errorReply(500, 'errors.internal') : { body: saved }),
    });
    const { user } = await renderApp('/reader-params');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByLabelText('Limite de ordens')).toHaveValue('10');
  });
});
