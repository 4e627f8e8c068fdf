import { BOT_COMMAND_CODES, NOTICE_MS, type BotCommandEntry, AccountType } from '@app/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

const at = Date.UTC(2025, 4, 20, 13, 5, 9);

async function openBotCommands(list: BotCommandEntry[] = [], extra = {}) {
  let current = list;
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/botcommands': () => ({ body: current }),
    'POST /api/sendbotcmd': { body: { ok: true } },
    ...extra,
  });
  const view = await renderApp('/botcommands');
  await screen.findByRole('heading', { name: 'Comandos do robô' });
  return { server, setList: (next: BotCommandEntry[]) => (current = next), ...view };
}

const command = () => screen.getByRole('combobox', { name: 'Comando' });
const send = () => screen.getByRole('button', { name: 'Enviar' });

describe('bot commands', () => {
  it('offers the 16 commands by name, in code order', async () => {
    await openBotCommands();
    const options = within(command())
      .getAllByRole('option')
      .filter((option) => option.getAttribute('value') !== '');
    expect(options.map((o) => o.getAttribute('value'))).toEqual(BOT_COMMAND_CODES.map(String));
    expect(options.map((o) => o.textContent).slice(0, 3)).toEqual(['Ligar', 'Desligar', 'Status']);
    expect(options.at(-1)?.textContent).toBe('Liquidez');
  });

  it('refuses to send without a command: "Parâmetros inválidos"', async () => {
    const { user, server } = await openBotCommands();
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Parâmetros inválidos');
    expect(server.to('POST /api/sendbotcmd')).toHaveLength(0);
  });

  it('sends the numeric code, explains the command and hides the notice after 2 seconds', async () => {
    const { user, server, setList } = await openBotCommands();
    expect(await screen.findByText('Nenhum comando enviado ainda.')).toBeInTheDocument();
    await user.selectOptions(command(), 'Placar');
    expect(screen.getByText('Mostra o placar (wins × losses) e a taxa de acerto.')).toBeVisible();
    setList([{ id: 1, botCmd: 5, createdAt: at, status: 'queued', reply: null }]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(send());
    expect(await screen.findByRole('status')).toHaveTextContent('Comando enviado');
    expect(server.to('POST /api/sendbotcmd')[0]?.body).toEqual({ userid: '5550001', botCmd: 5 });
    const recent = await screen.findByRole('list', { name: 'Comandos recentes' });
    expect(within(recent).getByText('Placar')).toBeInTheDocument();
    expect(within(recent).getByText('Na fila')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(NOTICE_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('lists recent commands with their time in the locale and a status chip', async () => {
    await openBotCommands([
      { id: 2, botCmd: 2, createdAt: at, status: 'done', reply: { key: 'ok', params: {} } },
      { id: 1, botCmd: 16, createdAt: at - 60_000, status: 'failed', reply: null },
    ]);
    const recent = await screen.findByRole('list', { name: 'Comandos recentes' });
    const items = within(recent).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Desligar')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Executado')).toBeInTheDocument();
    const time = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });
    expect(within(items[0]!).getByText(time.format(at))).toBeInTheDocument();
    expect(within(items[1]!).getByText('Liquidez')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Falhou')).toBeInTheDocument();
  });

  it("shows the robot's translated reply under each settled command, none while queued", async () => {
    const reply = (key: string, params: Record<string, number | string | boolean | null>) => ({
      key,
      params,
    });
    await openBotCommands([
      {
        id: 4,
        botCmd: 5,
        createdAt: at,
        status: 'done',
        reply: reply('robot.reply.score', {
          sinceMs: null,
          since: '00:00',
          wins: 3,
          losses: 1,
          draws: 0,
          open: 0,
          winsAtEntry: 2,
          winsInGales: 1,
          hitRatePct: 75,
          scorePnlCents: -1030,
        }),
      },
      {
        id: 3,
        botCmd: 3,
        createdAt: at,
        status: 'done',
        reply: reply('robot.reply.status', {
          running: false,
          stopReason: 'command_off',
          strategy: 'martingale',
          accountType: AccountType.demo,
          ordersToday: 2,
          maxOrdersPerDay: 0,
          profitCents: -1250,
          balanceCents: 998_750,
          openOrder: null,
          galeLevel: null,
          since: '00:00',
          wins: 3,
          losses: 1,
          simulator: true,
        }),
      },
      {
        id: 2,
        botCmd: 11,
        createdAt: at,
        status: 'failed',
        reply: reply('robot.reply.zeroMasaniello', { ok: false, reason: 'not_active' }),
      },
      {
        id: 1,
        botCmd: 16,
        createdAt: at,
        status: 'failed',
        reply: reply('robot.reply.failed', {}),
      },
      { id: 0, botCmd: 2, createdAt: at, status: 'queued', reply: null },
    ]);
    const recent = await screen.findByRole('list', { name: 'Comandos recentes' });
    const items = within(recent).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'Placar por sinal desde as 00:00: 3 × 1 · wins: 2 na entrada, 1 no gale · 0 empate(s) · 0 em andamento · acerto: 75 % · resultado: -10,30',
    );
    expect(items[1]).toHaveTextContent(
      'Robô desligado · parada: desligado por comando · estratégia: Martingale · conta Demo (Simulador) · ' +
        'placar por sinal desde as 00:00: 3 × 1 · ' +
        'ordens hoje: 2 (limite: sem limite) · resultado: -12,50 · saldo: 9.987,50',
    );
    expect(items[2]).toHaveTextContent(
      'Masaniello não zerado: essa não é a estratégia selecionada.',
    );
    expect(items[3]).toHaveTextContent('O robô não conseguiu executar o comando. Tente de novo.');
    expect(items[4]).toHaveTextContent('Na fila');
    expect(items[4]).not.toHaveTextContent('robot.');
  });

  it('shows nothing for a reply that is not a robot reply', async () => {
    await openBotCommands([
      { id: 1, botCmd: 1, createdAt: at, status: 'done', reply: { key: 'ok', params: {} } },
    ]);
    const recent = await screen.findByRole('list', { name: 'Comandos recentes' });
    expect(within(recent).getByRole('listitem')).not.toHaveTextContent(/ok|robot\./);
  });

  it('offers a retry when the recent list cannot be read', async () => {
    let fail = true;
    fakeServer({
      'GET /api/session': { body: ana },
      'GET /api/botcommands': () => (fail ? errorReply(500, 'errors.internal') : { body: [] }),
    });
    const { user } = await renderApp('/botcommands');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    expect(screen.getByRole('combobox', { name: 'Comando' })).toBeInTheDocument();
    fail = false;
    await user.click(retry);
    await waitFor(() => expect(screen.getByText('Nenhum comando enviado ainda.')).toBeVisible());
  });
});

describe('bots page', () => {
  it("links SPEC's two screens: bot commands and bot manager", async () => {
    fakeServer({ 'GET /api/session': { body: ana } });
    const { user } = await renderApp('/botspage');
    const menu = await screen.findByRole('navigation', { name: 'Robôs' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/botcommands', '/botsmanager']);
    await user.click(within(menu).getByRole('link', { name: 'Comandos do robô' }));
    expect(await screen.findByRole('heading', { name: 'Comandos do robô' })).toBeInTheDocument();
  });
});
