import { expect, test, type Page } from '@playwright/test';
import { alertWith, horizontalOverflow, notice, shot } from './support.ts';

// The foundation flow of a new trader, in pt-BR (the panel's first language): sign up → log in →
// save global params → reload shows them → switch language → log out. Screens are photographed
// into e2e/artifacts/screens/ so a person can look at every one.

test.use({ locale: 'pt-BR', viewport: { width: 1280, height: 860 } });

const unique = Date.now().toString().slice(-9);
const email = `trader${unique}@example.com`;
const password = 'senha-forte-123';
const userid = `7${unique}`;

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).selectOption({ label: option });
}

async function storageText(page: Page) {
  return page.evaluate(() => {
    const dump = (s: Storage) =>
      Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`).join(
        '\n',
      );
    return `${dump(localStorage)}\n${dump(sessionStorage)}\n${document.cookie}`;
  });
}

test('a new trader signs up, logs in, saves global params, switches language and logs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await shot(page, 'login');

  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Favor insira os dados corretamente!!')).toBeVisible();

  await page
    .getByRole('link', { name: 'Criar conta' })
    .or(page.getByRole('button', { name: 'Criar conta' }))
    .click();
  await expect(page).toHaveURL(/\/cadastrar$/);
  await expect(page.getByRole('link', { name: /Obtenha aqui/ })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirme a senha').fill('outra-senha');
  await page.getByLabel('ID do Telegram').fill(userid);
  await page.getByLabel('E-mail').focus();
  await expect(
    page.getByText('A confirmação de senha é diferente da senha digitada.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cadastrar' })).toBeDisabled();
  await expect(page.getByRole('link', { name: /Obtenha aqui/ })).toBeHidden();
  await shot(page, 'register-errors');
  await page.getByLabel('Confirme a senha').fill(password);
  await page.getByLabel('ID do Telegram').focus();
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText(/^Cadastro ok!/)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);

  await page.getByLabel('E-mail').fill(` ${email} `);
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('E-mail ou senha incorretos.')).toBeVisible();
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Configurar' })).toBeVisible();
  await expect(page.getByText(`${userid} / ${userid}`)).toBeVisible();
  await shot(page, 'home');

  // Nothing secret is readable by the page: no password in storage, the session cookie is httpOnly.
  const stored = await storageText(page);
  expect(stored).not.toContain(password);
  expect(stored).not.toContain('sid=');

  await page.getByRole('link', { name: 'Configurações gerais' }).first().click();
  await expect(page).toHaveURL(/\/geralconfig$/);
  await expect(page.getByRole('heading', { name: 'Configurações gerais' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alertWith(page, 'Tipo de opção indefinido')).toBeVisible();

  await choose(page, 'Tipo de opção', 'Digitais');
  await choose(page, 'Tipo de entrada', 'Porcentagem');
  await choose(page, 'Tipo de stop', 'Valor fixo');
  await page.getByLabel('Valor da entrada').fill('-1');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alertWith(page, 'Parâmetros inválidos')).toBeVisible();
  await page.getByLabel('Valor da entrada').fill('5');
  await page.getByLabel('Gales', { exact: true }).fill('2');
  await page.getByLabel('Stop win').fill('50');
  await page.getByLabel('Stop loss').fill('30');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Parâmetros salvos')).toBeVisible();
  await shot(page, 'global-params');

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Tipo de opção' })).toHaveValue('2');
  await expect(page.getByRole('combobox', { name: 'Tipo de entrada' })).toHaveValue('2');
  await expect(page.getByLabel('Valor da entrada')).toHaveValue('5');
  await expect(page.getByLabel('Gales', { exact: true })).toHaveValue('2');
  await expect(page.getByLabel('Stop win')).toHaveValue('50');

  await page.getByRole('button', { name: 'English (US)' }).click();
  await expect(page.getByRole('heading', { name: 'General settings' })).toBeVisible();
  await expect(page.getByLabel('Stop win')).toHaveValue('50');
  await shot(page, 'global-params-en');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);

  // The session is gone on the server too: a logged-in route is not reachable after a reload.
  await page.goto('/geralconfig');
  await expect(page.getByRole('heading', { name: 'Configurações gerais' })).toBeHidden();
});

test('unknown paths and the payment page render for a visitor', async ({ page }) => {
  await page.goto('/nao-existe');
  await expect(page.getByRole('link', { name: 'Ir para o início' })).toBeVisible();
  await shot(page, 'not-found');
  await page.goto('/paymentok');
  await expect(page.getByText('Não encontramos este pagamento.')).toBeVisible();
  await shot(page, 'payment-ok');
});

test('the login and registration screens fit a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/cadastrar');
  await expect(page.getByRole('button', { name: 'Cadastrar' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'register-mobile');
});

test('the page asks for the session once, from its head, before its JavaScript has run', async ({
  page,
}) => {
  // `/auth`: the server answers `/` without a session with the login page already rendered,
  // which has no session to ask for (next test).
  const sessionReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/session') sessionReads.push(request.method());
  });
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // The `<link rel="preload">` in index.html sends it while the scripts download; the panel's own
  // read of the session takes that answer instead of asking again.
  const initiators = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === '/api/session')
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
  );
  expect(initiators).toEqual(['link']);
  expect(sessionReads).toEqual(['GET']);
});

test('a visitor gets the login page rendered by the server, which the scripts take over', async ({
  browser,
  baseURL,
}) => {
  for (const [locale, label, button] of [
    ['pt-BR', 'Senha', 'Login'],
    ['en-US', 'Password', 'Login'],
    ['es-ES', 'Contraseña', 'Entrar'],
  ] as const) {
    const context = await browser.newContext({ baseURL, locale });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const sessionReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/session') sessionReads.push(request.url());
    });
    // The form as the HTML drew it, before any script ran.
    await page.addInitScript(
      "document.addEventListener('DOMContentLoaded', () => { window.__form = document.querySelector('form'); })",
    );
    const response = await page.goto('/');
    const html = (await response?.text()) ?? '';
    expect(html, locale).toContain(`<html lang="${locale}">`);
    expect(html, locale).toContain('<form');
    expect(html, locale).toContain(`>${label}</label>`);
    await expect(page.getByLabel(label)).toBeEnabled();
    // Hydrated: the same element, now taking input; no mismatch reported, no session asked for.
    expect(
      await page.evaluate(
        () => (window as { __form?: Element }).__form === document.querySelector('form'),
      ),
    ).toBe(true);
    expect(problems, locale).toEqual([]);
    expect(sessionReads, locale).toEqual([]);
    await expect(page.getByRole('button', { name: button })).toBeEnabled();
    await context.close();
  }
});
