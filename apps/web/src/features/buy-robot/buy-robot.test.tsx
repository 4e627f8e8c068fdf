import { BUY_TOAST_MS, CRYPTO_NETWORKS, PAYMENT_METHODS } from '@app/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server.ts';
import { ana, renderApp } from '../../test/render-app.tsx';

const PURCHASE = 'AAAAAAAAAAAAAAAAAAAAAA';
const LINK = `http://localhost/pay/local/${PURCHASE}`;

function openBuy(
  path = '/comprar',
  state: 'waiting' | 'paid' = 'paid',
  available: readonly string[] = ['regional', 'card'],
  sales: readonly object[] = [],
) {
  const server = fakeServer({
    'GET /api/session': { body: ana },
    'GET /api/paymethods': {
      body: PAYMENT_METHODS.map((method) => ({
        method,
        available: available.includes(method),
        currencies: method === 'card' ? ['brl', 'usd'] : method === 'crypto' ? ['usd'] : ['brl'],
      })),
    },
    'GET /api/getbots': {
      body: [{ email: ana.email, userid: ana.userid, botexp: 0, virtual: false, verified: true }],
    },
    'POST /api/buybot': { body: { link: LINK, purchase: PURCHASE } },
    'GET /api/sellersales': { body: sales },
    'GET /api/purchase': {
      body: {
        id: PURCHASE,
        state,
        bots: 1,
        days: 30,
        amountCents: 8000,
        currency: 'brl',
        paymethod: 'regional',
        createdAt: 1,
        paidAt: state === 'paid' ? 2 : null,
      },
    },
  });
  return { server, view: renderApp(path) };
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('buy robot (/comprar)', () => {
  it('keeps the button disabled until a plan is chosen; lists unconfigured methods as not available', async () => {
    const { view } = openBuy();
    await view;
    const button = await screen.findByRole('button', { name: 'Gerar link' });
    expect(button).toBeDisabled();
    await waitFor(() =>
      expect(
        screen.getByRole('option', { name: 'Carteira online (não disponível)' }),
      ).toBeDisabled(),
    );
    expect(screen.getByLabelText('ID do Telegram')).toHaveValue(ana.userid);
  });

  it('shows the CPF rule as a toast that hides after BUY_TOAST_MS', async () => {
    const { view } = openBuy();
    const { user } = await view;
    await user.selectOptions(await screen.findByLabelText('Plano', { exact: true }), 'brl-1-30');
    vi.spyOn(window, 'open').mockReturnValue(null);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await user.click(screen.getByRole('button', { name: 'Gerar link' }));
    expect(screen.getByText('Informe um CPF válido')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(BUY_TOAST_MS - 1));
    expect(screen.getByText('Informe um CPF válido')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    await waitFor(() =>
      expect(screen.queryByText('Informe um CPF válido')).not.toBeInTheDocument(),
    );
    expect(window.open).not.toHaveBeenCalled();
  });

  it('sends no price, keeps a referral seller, shows the link and the state without reload', async () => {
    const { view, server } = openBuy('/comprar?sellerid=777');
    const { user } = await view;
    await user.selectOptions(await screen.findByLabelText('Plano', { exact: true }), 'brl-1-30');
    await user.type(screen.getByLabelText('CPF', { exact: true }), '529.982.247-25');
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await user.click(screen.getByRole('button', { name: 'Gerar link' }));
    expect(await screen.findByRole('link', { name: LINK })).toHaveAttribute('target', '_blank');
    expect(tab.location.href).toBe(LINK);
    expect(tab.opener).toBeNull();
    expect(server.to('POST /api/buybot')[0]?.body).toEqual({
      userid: ana.userid,
      subid: 'brl-1-30',
      coin: 'brl',
      quantity: 0,
      paymethod: 'regional',
      sellerid: '777',
      cpf: '529.982.247-25',
    });
    expect(localStorage.getItem('sellerID')).toBe('777');
    expect(await screen.findByText('Estado do pagamento: pago')).toBeInTheDocument();
  });

  it('offers exactly the contract’s crypto networks (the ones the crypto provider accepts)', async () => {
    const { view } = openBuy('/comprar', 'paid', ['regional', 'card', 'crypto']);
    const { user } = await view;
    await waitFor(() => expect(screen.getByRole('option', { name: /Cripto/ })).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Método de pagamento'), 'crypto');
    const select = screen.getByLabelText('Rede', { exact: true });
    const values = [...select.querySelectorAll('option')].map((o) => o.value).filter(Boolean);
    expect(values).toEqual([...CRYPTO_NETWORKS]);
  });

  it('shows the seller’s paid sales, their total and the referral link', async () => {
    const paidAt = new Date(2026, 10, 20, 14, 30).getTime();
    const { view, server } = openBuy(
      '/comprar',
      'paid',
      ['regional', 'card'],
      [
        { paidAt, subid: 'brl-1-30', bots: 1, days: 30, amountCents: 8000, currency: 'brl' },
        { paidAt, subid: 'brl-2-30', bots: 2, days: 30, amountCents: 10000, currency: 'brl' },
        { paidAt, subid: 'usd-1-30', bots: 1, days: 30, amountCents: 1200, currency: 'usd' },
      ],
    );
    await view;
    const section = await screen.findByRole('region', { name: 'Minhas vendas (vendedor)' });
    expect(section).toHaveTextContent(
      `Compras pagas feitas pelo seu link de indicação: http://localhost:3000/comprar?sellerid=${ana.userid}`,
    );
    const list = await screen.findByRole('list', { name: 'Vendas pagas pelo seu link' });
    expect(list.querySelectorAll('li')).toHaveLength(3);
    expect(list).toHaveTextContent(/1 bot\(s\), 30 dias: R\$\s80,00/);
    expect(list).toHaveTextContent('20/11/2026');
    expect(section).toHaveTextContent(/Total vendido: R\$\s180,00 \+ US\$\s12,00/);
    expect(server.to('GET /api/sellersales')[0]?.query).toEqual({ userid: ana.userid });
  });

  it('a seller with no sale yet sees the empty text', async () => {
    const { view } = openBuy();
    await view;
    expect(await screen.findByText('Nenhuma venda paga pelo seu link ainda.')).toBeInTheDocument();
  });

  it('does not store a seller id equal to the buyer’s own', async () => {
    const { view } = openBuy(`/comprar?sellerid=${ana.userid}`);
    await view;
    await screen.findByRole('button', { name: 'Gerar link' });
    expect(localStorage.getItem('sellerID')).toBeNull();
  });

  it('forces the currency with the method and clears the plan (SPEC §4)', async () => {
    const { view } = openBuy();
    const { user } = await view;
    const plan = await screen.findByLabelText('Plano', { exact: true });
    await user.selectOptions(plan, 'brl-1-30');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /Cartão de crédito/ })).toBeEnabled(),
    );
    await user.selectOptions(screen.getByLabelText('Método de pagamento'), 'card');
    expect(screen.getByLabelText('Moeda')).toHaveValue('usd');
    expect(screen.getByLabelText('Plano', { exact: true })).toHaveValue('');
    expect(screen.queryByLabelText('CPF', { exact: true })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Moeda'), 'brl');
    expect(screen.getAllByRole('option', { name: /dias: R\$/ })).toHaveLength(11);
  });
});
