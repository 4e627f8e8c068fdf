import { virtualBotIdCandidates, type Bot, type SessionInfo } from '@app/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { i18n } from '../../i18n/index.ts';
import { readBotIds } from '../../lib/storage.ts';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';
import { formatBotExpiry } from '../../lib/bot-expiry.ts';
import { BotsTable } from './components/bots-table.tsx';

const nowSec = Math.floor(Date.now() / 1000);
const YEAR = 365 * 86_400;
const virtualOf = (source: string, n = 0) => virtualBotIdCandidates(source)[n] ?? '';
const own = (userid: string, extra: Partial<Bot> = {}): Bot => ({
  email: ana.email,
  userid,
  botexp: 0,
  virtual: false,
  verified: true,
  ...extra,
});

/** The panel against a small stateful server: bots are created and removed for real. */
async function openManager(initial: Bot[] = [own(ana.userid)], extra = {}) {
  let bots = [...initial];
  const session = (): SessionInfo => ({
    ...ana,
    botIDs: bots.map((bot) => ({ userid: bot.userid, traderid: bot.userid })),
  });
  const server = fakeServer({
    'GET /api/session': () => ({ body: session() }),
    'GET /api/getbots': () => ({ body: bots }),
    'POST /api/addnewbot': (req) => {
      const body = req.body as { botid: string; virtual: boolean };
      bots = [...bots, own(body.botid, { virtual: body.virtual, verified: body.virtual })];
      return { body: { ok: true } };
    },
    'GET /api/botremove': (req) => {
      bots = bots.filter((bot) => bot.userid !== req.query.userid);
      return { body: { ok: true } };
    },
    ...extra,
  });
  const view = await renderApp('/botsmanager');
  await screen.findByRole('heading', { name: 'Gerenciamento de Copytrader/bots' });
  return { server, ...view };
}

const table = () => screen.findByRole('table', { name: 'Robôs da conta' });
const rowOf = (userid: string) =>
  screen.getByRole('cell', { name: userid }).closest('tr') as HTMLElement;
const cellsOf = (userid: string) =>
  within(rowOf(userid))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('formatBotExpiry', () => {
  it('writes dd/mm/yy hh:mm in local time, and null for 0 or less', () => {
    const at = new Date(2025, 4, 7, 9, 5).getTime() / 1000;
    expect(formatBotExpiry(at)).toBe('07/05/25 09:05');
    expect(formatBotExpiry(0)).toBeNull();
    expect(formatBotExpiry(-1)).toBeNull();
  });
});

describe('bot manager', () => {
  it('lists the bots with e-mail, id, expiry (or "Indefinido") and type', async () => {
    const at = new Date(2031, 11, 24, 18, 30).getTime() / 1000;
    await openManager([own(ana.userid, { botexp: at }), own('15550001', { virtual: true })]);
    await table();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Email', 'User ID', 'Vencimento', 'Tipo', 'Ações']);
    expect(cellsOf(ana.userid).slice(0, 4)).toEqual([
      ana.email,
      ana.userid,
      '24/12/31 18:30',
      'Telegram',
    ]);
    expect(cellsOf('15550001').slice(0, 4)).toEqual([
      ana.email,
      '15550001',
      'Indefinido',
      'Virtual',
    ]);
  });

  it('shows a renew link to the buy page, now that it is built', async () => {
    await openManager();
    await table();
    expect(screen.getByRole('link', { name: `Renovar o bot ${ana.userid}` })).toHaveAttribute(
      'href',
      '/comprar',
    );
  });

  it('links every bot to the buy page once it is built', async () => {
    await i18n.changeLanguage('pt-BR');
    render(
      <Providers queryClient={new QueryClient()}>
        <MemoryRouter>
          <BotsTable bots={[own(ana.userid)]} nowSec={nowSec} canRenew onRemove={() => {}} />
        </MemoryRouter>
      </Providers>,
    );
    expect(screen.getByRole('link', { name: `Renovar o bot ${ana.userid}` })).toHaveAttribute(
      'href',
      '/comprar',
    );
  });

  it('disables delete for a messaging-app bot with a paid expiry ahead, with the reason', async () => {
    const { user } = await openManager([
      own(ana.userid, { botexp: nowSec + YEAR }),
      own('6660002', { botexp: nowSec - 60 }),
      own('15550001', { virtual: true, botexp: nowSec + YEAR }),
    ]);
    await table();
    const remove = (userid: string) =>
      screen.getByRole('button', { name: `Remover o bot ${userid}` });
    expect(remove(ana.userid)).toBeDisabled();
    expect(remove('6660002')).toBeEnabled();
    expect(remove('15550001')).toBeEnabled();
    await user.hover(remove(ana.userid).parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Não pode ser removido: o plano pago deste bot ainda está em vigor.',
    );
  });

  it('marks a free trial on its expiry, and lets a trial bot be removed (not paid)', async () => {
    const at = new Date(2031, 11, 24, 18, 30).getTime() / 1000;
    await openManager([
      own(ana.userid, { botexp: at, trial: true }),
      own('6660003', { botexp: at }),
    ]);
    await table();
    expect(cellsOf(ana.userid)[2]).toBe('24/12/31 18:30 (teste grátis)');
    expect(cellsOf('6660003')[2]).toBe('24/12/31 18:30');
    expect(screen.getByRole('button', { name: `Remover o bot ${ana.userid}` })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remover o bot 6660003' })).toBeDisabled();
  });

  it('disables delete of the only bot', async () => {
    const { user } = await openManager();
    await table();
    const button = screen.getByRole('button', { name: `Remover o bot ${ana.userid}` });
    expect(button).toBeDisabled();
    await user.hover(button.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('é o único bot da conta');
  });

  it('removes a virtual bot behind the confirm dialog, then refreshes list and session', async () => {
    const { user, server } = await openManager([
      own(ana.userid),
      own('15550001', { virtual: true }),
    ]);
    await table();
    expect(screen.getByRole('combobox', { name: /Robô/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remover o bot 15550001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover bot?' });
    expect(server.to('GET /api/botremove')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: '15550001' })).toBeNull());
    expect(server.to('GET /api/botremove')[0]?.query).toEqual({ userid: '15550001' });
    expect(readBotIds()).toEqual([{ userid: ana.userid, traderid: ana.userid }]);
    expect(screen.queryByRole('combobox', { name: /Robô/ })).not.toBeInTheDocument();
  });

  it("shows the server's refusal translated", async () => {
    const { user } = await openManager([own(ana.userid), own('6660002')], {
      'GET /api/botremove': errorReply(409, 'bots.errors.cannotRemove'),
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Remover o bot 6660002' }));
    await user.click(await screen.findByRole('button', { name: 'Remover' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este bot não pode ser removido: ele tem um plano pago em vigor ou é o único bot da conta.',
    );
  });

  it('creates a messaging-app bot, closes the modal and shows the bot selector', async () => {
    const { user, server } = await openManager();
    await table();
    expect(screen.queryByRole('combobox', { name: /Robô/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar Bot' });
    const id = within(dialog).getByRole('textbox', { name: /User ID do Telegram/ });
    await user.type(id, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(
      within(dialog).getByText('O ID do usuário precisa ter mais de 1 caractere.'),
    ).toBeVisible();
    expect(server.to('POST /api/addnewbot')).toHaveLength(0);

    await user.type(id, '77001');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('POST /api/addnewbot')[0]?.body).toEqual({
      userid: ana.userid,
      botid: '777001',
      virtual: false,
      email: ana.email,
    });
    expect(await screen.findByRole('cell', { name: '777001' })).toBeInTheDocument();
    expect(readBotIds().map((bot) => bot.userid)).toEqual([ana.userid, '777001']);
    expect(await screen.findByRole('combobox', { name: /Robô/ })).toBeInTheDocument();
  });

  it('creates a virtual bot with the derived id shown before confirming', async () => {
    const { user, server } = await openManager([own(ana.userid), own('6660002')]);
    await table();
    await user.click(screen.getByRole('button', { name: 'Criar Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar Bot' });
    await user.click(within(dialog).getByRole('radio', { name: 'Virtual' }));
    expect(
      within(dialog).getByText(`ID do novo bot virtual: ${virtualOf(ana.userid)}`),
    ).toBeVisible();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Bot Telegram de origem' }),
      '6660002',
    );
    expect(within(dialog).getByText('ID do novo bot virtual: 10000000006660002')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('POST /api/addnewbot')[0]?.body).toEqual({
      userid: ana.userid,
      botid: '10000000006660002',
      virtual: true,
      email: ana.email,
    });
    expect(cellsOf('10000000006660002')[3]).toBe('Virtual');
  });

  it('derives a virtual bot only from a verified Telegram bot', async () => {
    const { user } = await openManager([
      own(ana.userid, { verified: false }),
      own('6660002', { verified: false }),
    ]);
    await table();
    await user.click(screen.getByRole('button', { name: 'Criar Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar Bot' });
    await user.click(within(dialog).getByRole('radio', { name: 'Virtual' }));
    expect(
      within(dialog).getByText(
        'Verifique um bot Telegram desta conta antes de derivar um bot virtual dele.',
      ),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Criar' })).toBeDisabled();
  });

  it("shows 'ID já cadastrado' for a taken id, and proposes the next virtual id", async () => {
    const { user } = await openManager(undefined, {
      'POST /api/addnewbot': errorReply(409, 'register.errors.botExist'),
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Criar Bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar Bot' });
    await user.type(within(dialog).getByRole('textbox', { name: /User ID/ }), '6660002');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('ID já cadastrado');

    await user.click(within(dialog).getByRole('radio', { name: 'Virtual' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(
      await within(dialog).findByText(`ID do novo bot virtual: ${virtualOf(ana.userid, 1)}`),
    ).toBeVisible();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('ID já cadastrado');
  });

  it('verifies a pending Telegram bot with the code sent to it; a wrong code is explained', async () => {
    const pending = own('5550009', { verified: false });
    const { user, server } = await openManager([own(ana.userid), pending], {
      'POST /api/verifybot': (req: { body: unknown }) => {
        const { code } = req.body as { code: string };
        if (code !== '123456') return errorReply(400, 'bots.errors.badCode');
        pending.verified = true;
        return { body: { ok: true } };
      },
      'POST /api/resendbotcode': () => ({ body: { ok: true } }),
    });
    await table();
    expect(within(rowOf('5550009')).getByText('Pendente')).toBeInTheDocument();
    expect(within(rowOf(ana.userid)).queryByText('Pendente')).toBeNull();
    const field = screen.getByLabelText('Código de verificação de 5550009');

    await user.click(screen.getByRole('button', { name: 'Reenviar código' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Novo código pedido: ele chega pelo Telegram',
    );
    await user.click(field);
    await user.paste('000000');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este não é o código que enviamos.');
    await user.clear(field);
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(within(rowOf('5550009')).queryByText('Pendente')).toBeNull());
    // The code form is gone with the pending state: the page says the bot was verified.
    expect(screen.getByRole('status')).toHaveTextContent(
      'Bot 5550009 verificado: ele já pode operar.',
    );
    expect(server.to('POST /api/verifybot').at(-1)?.body).toEqual({
      userid: '5550009',
      code: '123456',
    });
  });

  it("says why a bot is pending again when the id's own Telegram chat took it back", async () => {
    const at = Date.UTC(2026, 11, 3, 9, 30);
    await openManager([own(ana.userid), own('5550010', { verified: false, takenBackAt: at })]);
    await table();
    const when = new Intl.DateTimeFormat('pt-BR', {
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(at);
    expect(within(rowOf('5550010')).getByText('Pendente')).toBeInTheDocument();
    expect(
      within(rowOf('5550010')).getByText(
        `O dono do ID 5550010 o retomou pelo Telegram em ${when}: o chat desse ID não reconheceu o toque que o verificou para esta conta. O bot não opera até ser verificado de novo.`,
      ),
    ).toBeInTheDocument();
    expect(within(rowOf(ana.userid)).queryByText(/retomou/)).toBeNull();
  });

  it('says a virtual bot is suspended while its source id is taken back, with no code to type', async () => {
    const at = Date.UTC(2026, 11, 3, 9, 30);
    const source = own('5550010', { verified: false, takenBackAt: at });
    const virtual = own(virtualOf('5550010'), { virtual: true, verified: false, takenBackAt: at });
    await openManager([own(ana.userid), source, virtual]);
    await table();
    const when = new Intl.DateTimeFormat('pt-BR', {
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(at);
    const row = rowOf(virtual.userid);
    expect(within(row).getByText('Suspenso')).toBeInTheDocument();
    expect(
      within(row).getByText(
        `O ID de que este bot virtual deriva foi retomado pelo dono no Telegram em ${when}. Ele não opera até esta conta verificar aquele ID de novo; se outra conta o verificar, este bot virtual é retirado.`,
      ),
    ).toBeInTheDocument();
    expect(within(row).queryByRole('textbox')).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Reenviar código' })).toBeNull();
    // The source id itself still offers its code.
    expect(within(rowOf('5550010')).getByRole('button', { name: 'Reenviar código' })).toBeVisible();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    const { user } = await openManager(undefined, {
      'GET /api/getbots': () =>
        fail ? errorReply(500, 'errors.internal') : { body: [own(ana.userid)] },
    });
    expect(await screen.findByText(/Não foi possível carregar os dados/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await table()).toBeInTheDocument();
  });

  it('is linked from the Bots page', async () => {
    fakeServer({ 'GET /api/session': { body: ana } });
    await renderApp('/botspage');
    expect(await screen.findByRole('link', { name: 'Gerenciar robôs' })).toHaveAttribute(
      'href',
      '/botsmanager',
    );
  });
});
