import { DRAWER_WIDTH_PX } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { errorReply, fakeServer } from '../../test/fake-server.ts';
import { ana, currentPath, renderApp } from '../../test/render-app.tsx';
import { CONFIGURE_MENU } from '../../features/home/configure-menu.tsx';
import { builtPaths } from '../routes.tsx';
import { DRAWER_COLLAPSED_PX } from './nav-drawer.tsx';
import { NAV_LINKS } from './nav-links.ts';

const twoBots = {
  ...ana,
  botIDs: [
    { userid: '5550001', traderid: '5550001' },
    { userid: '6660002', traderid: '7770003' },
  ],
};

const SUPPORT_URL = 'https://t.me/copybot_support';

async function openShell(session = ana, supportUrl: string | null = SUPPORT_URL) {
  const server = fakeServer({
    'GET /api/session': { body: session },
    'GET /api/config': { body: { supportUrl, realTradingBrokers: [], telegramBot: null } },
    'POST /api/logout': { body: { ok: true } },
  });
  const view = await renderApp('/');
  await screen.findByRole('heading', { name: 'Configurar' });
  return { server, ...view };
}

describe('drawer', () => {
  it('collapses to the icon strip and expands back to 240 px', async () => {
    const { user } = await openShell();
    const drawer = screen.getByTestId('nav-drawer');
    const nav = screen.getByRole('navigation', { name: 'Navegação' });
    expect(drawer).toHaveStyle({ width: `${DRAWER_WIDTH_PX}px` });
    expect(within(nav).getByText('Configurações gerais')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Recolher menu' }));
    expect(drawer).toHaveStyle({ width: `${DRAWER_COLLAPSED_PX}px` });
    expect(within(nav).queryByText('Configurações gerais')).not.toBeInTheDocument();
    // The icons keep their names for screen readers.
    expect(within(nav).getByRole('link', { name: 'Configurações gerais' })).toHaveAttribute(
      'href',
      '/geralconfig',
    );

    await user.click(screen.getByRole('button', { name: 'Expandir menu' }));
    expect(drawer).toHaveStyle({ width: `${DRAWER_WIDTH_PX}px` });
    expect(within(nav).getByText('Configurações gerais')).toBeVisible();
  });

  it("holds the built links of SPEC's six in order, then the live-view screens and the account", async () => {
    await openShell();
    const nav = screen.getByRole('navigation', { name: 'Navegação' });
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(NAV_LINKS.map((link) => link.path).filter((p) => builtPaths.includes(p)));
    expect(hrefs).toEqual([
      '/',
      '/geralconfig',
      '/copytrader',
      '/copysignals',
      '/comprar',
      '/auth',
      '/activity',
      '/orders',
      '/results',
      '/latency',
      '/copystats',
      '/conta',
    ]);
  });

  // Regression: "Copy trader" and "Comprar" led to "Página não encontrada" before their screens
  // were built.
  it('hides links to screens not built yet', async () => {
    await openShell();
    const nav = screen.getByRole('navigation', { name: 'Navegação' });
    for (const link of within(nav).getAllByRole('link')) {
      expect(builtPaths).toContain(link.getAttribute('href'));
    }
    // Copy trading is built: its link shows and leads to a screen.
    expect(within(nav).getByRole('link', { name: 'Copy trade' })).toHaveAttribute(
      'href',
      '/copytrader',
    );
  });
});

describe('drawer on a phone', () => {
  it('is a temporary drawer opened by the menu button and closed by a link', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width'),
    }));
    const { user } = await openShell();
    expect(screen.queryByTestId('nav-drawer')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Navegação' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abrir menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Navegação' });
    await user.click(within(nav).getByRole('link', { name: 'Configurações gerais' }));
    expect(
      await screen.findByRole('heading', { name: 'Configurações gerais' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('navigation', { name: 'Navegação' })).not.toBeInTheDocument(),
    );
  });
});

describe('top bar', () => {
  it('shows "user id / trader id"', async () => {
    await openShell({
      ...ana,
      traderid: '9990009',
      botIDs: [{ userid: '5550001', traderid: '9990009' }],
    });
    expect(screen.getByText('5550001 / 9990009')).toBeInTheDocument();
  });
});

describe('language switcher', () => {
  it('changes the texts, marks the current flag and stores i18nextLng (and its cookie)', async () => {
    const { user } = await openShell();
    const english = screen.getByRole('button', { name: 'English (US)' });
    expect(screen.getByRole('button', { name: 'Português (Brasil)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(english);
    expect(await screen.findByRole('heading', { name: 'Configure' })).toBeInTheDocument();
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('i18nextLng')).toBe('en-US');
    // The server reads the cookie to send the login page it rendered in this language.
    expect(document.cookie).toContain('i18next=en-US');
    expect(document.documentElement.lang).toBe('en-US');
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('heading', { name: 'Configurar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    await i18n.changeLanguage('pt-BR');
  });
});

describe('bot selector', () => {
  it('is absent with a single bot', async () => {
    await openShell();
    expect(screen.queryByRole('combobox', { name: /Robô/ })).not.toBeInTheDocument();
  });

  it('stores the chosen bot ids and reloads the page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { user } = await openShell(twoBots);
    const selector = screen.getByRole('combobox', { name: /Robô/ });
    expect(selector).toBeRequired();
    await user.selectOptions(selector, '6660002');
    expect(localStorage.getItem('userId')).toBe('6660002');
    expect(localStorage.getItem('traderId')).toBe('7770003');
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('logout', () => {
  it('ends the session, clears both storages and shows the login at /', async () => {
    const { user, server } = await openShell();
    sessionStorage.setItem('anything', 'x');
    const nav = screen.getByRole('navigation', { name: 'Navegação' });
    await user.click(within(nav).getByRole('link', { name: 'Configurações gerais' }));
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(server.to('POST /api/logout')).toHaveLength(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});

describe('routes', () => {
  it('home shows only the built screens of the Configure menu, plus support', async () => {
    await openShell();
    const menu = screen.getByRole('navigation', { name: 'Configurar' });
    const built = CONFIGURE_MENU.map((link) => link.path).filter((path) =>
      builtPaths.includes(path),
    );
    expect(built).toEqual(expect.arrayContaining(['/geralconfig', '/brokerconfig', '/botspage']));
    await waitFor(() =>
      expect(
        within(menu)
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toEqual([...built, SUPPORT_URL]),
    );
    expect(within(menu).getAllByRole('link').at(-1)).toHaveAttribute('target', '_blank');
  });

  // Regression: the support card linked to a bare messaging URL.
  it('home shows no support card when the server has no support link configured', async () => {
    const { server } = await openShell(ana, null);
    await waitFor(() => expect(server.to('GET /api/config')).toHaveLength(1));
    const menu = screen.getByRole('navigation', { name: 'Configurar' });
    expect(within(menu).queryByRole('link', { name: /Suporte/ })).not.toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).not.toContain('https://t.me/');
  });

  it('an unbuilt screen is not-found when logged in', async () => {
    fakeServer({ 'GET /api/session': { body: ana } });
    await renderApp('/no-such-screen');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
  });

  it('a logged-in screen is not-found when logged out, with a login prompt', async () => {
    fakeServer({ 'GET /api/session': errorReply(401, 'errors.unauthenticated') });
    const { user } = await renderApp('/geralconfig');
    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Faça login para acessar o painel.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('/paymentok shows the real state of its purchase, logged out too', async () => {
    const id = 'AAAAAAAAAAAAAAAAAAAAAA';
    fakeServer({
      'GET /api/session': errorReply(401, 'errors.unauthenticated'),
      'GET /api/purchase': () => ({
        body: {
          id,
          state: 'failed',
          bots: 1,
          days: 30,
          amountCents: 8000,
          currency: 'brl',
          paymethod: 'regional',
          createdAt: 1,
          paidAt: null,
        },
      }),
    });
    await renderApp(`/paymentok?purchase=${id}`);
    expect(await screen.findByRole('heading', { name: 'Pagamento recusado' })).toBeInTheDocument();
    expect(screen.getByText(/1 bot\(s\), 30 dias: R\$\s80,00/)).toBeInTheDocument();
  });

  it('/paymentok without a purchase says it found none', async () => {
    fakeServer({ 'GET /api/session': errorReply(401, 'errors.unauthenticated') });
    await renderApp('/paymentok');
    expect(await screen.findByRole('heading', { name: 'Pagamento' })).toBeInTheDocument();
    expect(screen.getByText('Não encontramos este pagamento.')).toBeInTheDocument();
  });
});
