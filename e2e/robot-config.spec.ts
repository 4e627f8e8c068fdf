import { expect, test, type Page } from '@playwright/test';
import {
  alertWith as alertIn,
  horizontalOverflow,
  newTrader,
  notice,
  openPage,
  registerAndLogIn,
  shot as shotOf,
} from './support.ts';

// The robot-configuration screens against the real server, as a trader uses them: broker
// credentials, reader parameters, proxy, the bots page and bot commands. Each flow opens the
// screen, tries an invalid value, sees SPEC's message, saves a valid one, sees the notice and
// reloads to find it saved. One account for the whole file (registration is rate limited), logged
// in once through the UI; the tests run in order on the same page.

test.describe.configure({ mode: 'serial' });

const trader = newTrader('config', 6);
const brokerSecret = 'quotex-segredo-42';
const derivToken = 'deriv-demo-token-77';
const proxySecret = 'proxy-segredo-9';

let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
});

test.afterAll(async () => {
  await page.context().close();
});

const saved = () => notice(page, 'Parâmetros salvos');
const alertWith = (text: string) => alertIn(page, text);
const shot = (name: string) => shotOf(page, name);
const noHorizontalOverflow = async () =>
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

test('broker credentials are saved, shown as stored (never the secret) and removed', async () => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Corretoras', exact: true }).click();
  await expect(page).toHaveURL(/\/brokerconfig$/);
  await expect(page.getByRole('heading', { name: 'Corretoras', level: 1 })).toBeVisible();
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings.slice(0, 5)).toEqual(['IQ option', 'Quotex', 'Pocket Option', 'Exnova', 'Deriv']);
  expect(headings).toHaveLength(22);

  const quotex = page.getByRole('region', { name: 'Quotex' });
  await quotex.getByLabel('E-mail').fill(' trader@quotex.com ');
  await quotex.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    quotex.getByRole('alert').filter({ hasText: 'Nada salvo ainda: digite um valor.' }),
  ).toBeVisible();
  await quotex.getByLabel('Senha').fill(brokerSecret);
  await expect(quotex.getByLabel('Senha')).toHaveAttribute('type', 'password');
  await quotex.getByRole('button', { name: 'Salvar' }).click();
  await expect(quotex.getByRole('status')).toHaveText('Credenciais salvas');
  await expect(quotex.getByText('Conta: trader@quotex.com')).toBeVisible();
  await expect(quotex.getByLabel('Senha')).toHaveValue('');

  const deriv = page.getByRole('region', { name: 'Deriv' });
  await deriv.getByLabel('Token Demo', { exact: true }).fill(derivToken);
  await deriv.getByRole('button', { name: 'Salvar' }).click();
  await expect(deriv.getByRole('status')).toHaveText('Credenciais salvas');
  await shot('broker-config');

  await page.reload();
  await expect(quotex.getByText('Credenciais salvas')).toBeVisible();
  await expect(quotex.getByText('Conta: trader@quotex.com')).toBeVisible();
  await expect(quotex.getByLabel('Senha')).toHaveValue('');
  await expect(deriv.getByText('Token Demo salvo')).toBeVisible();
  await expect(deriv.getByLabel('Token Demo', { exact: true })).toHaveValue('');
  const html = await page.content();
  expect(html).not.toContain(brokerSecret);
  expect(html).not.toContain(derivToken);
  await shot('broker-config-stored');

  await quotex.getByRole('button', { name: 'Remover' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remover as credenciais de Quotex?' });
  await expect(dialog).toBeVisible();
  await shot('broker-config-remove');
  await dialog.getByRole('button', { name: 'Remover' }).click();
  await expect(quotex.getByText('Nenhuma credencial salva')).toBeVisible();
  await page.reload();
  await expect(quotex.getByText('Nenhuma credencial salva')).toBeVisible();
  await expect(deriv.getByText('Token Demo salvo')).toBeVisible();
});

test('reader parameters: order limit rule, time windows saved and read back', async () => {
  await page.goto('/reader-params');
  await expect(page.getByRole('heading', { name: 'Parâmetros do leitor' })).toBeVisible();
  await expect(page.getByLabel('Fuso horário (horas do UTC)')).toHaveValue('-3');
  await page.getByLabel('Limite de ordens').fill('-1');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alertWith('Limite de Ordens precisa ser 0 ou maior')).toBeVisible();

  await page.getByLabel('Limite de ordens').fill('8');
  await page.getByLabel('Início da janela 1').fill('09:30');
  await page.getByLabel('Fim da janela 1').fill('11:45');
  await page.getByLabel('Horário de reinício do robô').fill('00:10');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(saved()).toBeVisible();
  await shot('reader-params');

  await page.reload();
  await expect(page.getByLabel('Limite de ordens')).toHaveValue('8');
  await expect(page.getByLabel('Início da janela 1')).toHaveValue('09:30');
  await expect(page.getByLabel('Fim da janela 1')).toHaveValue('11:45');
  await expect(page.getByLabel('Início da janela 2')).toHaveValue('');
  await expect(page.getByLabel('Horário de reinício do robô')).toHaveValue('00:10');
});

test('proxy: port rule, trimmed values, password stored but never shown', async () => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Proxy' }).click();
  await expect(page).toHaveURL(/\/configproxy$/);
  await page.getByLabel('Porta').fill('70000');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alertWith('Parâmetros inválidos')).toBeVisible();

  await page.getByLabel('Endereço do proxy').fill('  10.1.2.3 ');
  await page.getByLabel('Porta').fill('3128');
  await page.getByLabel('Login').fill(' ana ');
  await page.getByLabel('Senha').fill(proxySecret);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(saved()).toBeVisible();
  await expect(page.getByLabel('Senha')).toHaveValue('');
  await shot('proxy');

  await page.reload();
  await expect(page.getByLabel('Endereço do proxy')).toHaveValue('10.1.2.3');
  await expect(page.getByLabel('Porta')).toHaveValue('3128');
  await expect(page.getByLabel('Login')).toHaveValue('ana');
  await expect(page.getByText('Senha salva', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Senha')).toHaveValue('');
  expect(await page.content()).not.toContain(proxySecret);
  await shot('proxy-stored');
});

test('bots page links its two screens; a command is refused, then sent and listed', async () => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Robôs' }).click();
  await expect(page).toHaveURL(/\/botspage$/);
  const menu = page.getByRole('navigation', { name: 'Robôs' });
  await expect(menu.getByRole('link', { name: 'Comandos do robô' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Gerenciar robôs' })).toBeVisible();
  await shot('bots-page');

  await menu.getByRole('link', { name: 'Comandos do robô' }).click();
  await expect(page).toHaveURL(/\/botcommands$/);
  await expect(page.getByText('Nenhum comando enviado ainda.')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(alertWith('Parâmetros inválidos')).toBeVisible();

  await page.getByRole('combobox', { name: 'Comando' }).selectOption({ label: 'Status' });
  await expect(page.getByText('Mostra se o robô está ligado')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Comando enviado' })).toBeVisible();
  const recent = page.getByRole('list', { name: 'Comandos recentes' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent.getByText('Status')).toBeVisible();
  // The server's robot runtime applies it within a second; the list re-reads a queued command.
  await expect(recent.getByText('Executado')).toBeVisible({ timeout: 10_000 });
  // A new bot starts off: nobody switched it on yet, and the reply says so.
  await expect(
    recent.getByText(/^Robô desligado · parada: — · estratégia: Martingale/),
  ).toBeVisible();
  await expect(recent.getByText('Na fila')).toHaveCount(0);
  await shot('bot-commands');

  await page.reload();
  await expect(recent.getByText('Status')).toBeVisible();
  await expect(recent.getByText(/^Robô desligado · /)).toBeVisible();
});

test('the screens read in English and Spanish, saved values intact', async () => {
  await page.goto('/brokerconfig');
  await page.getByRole('button', { name: 'English (US)' }).click();
  await expect(page.getByRole('heading', { name: 'Brokers', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Deriv' }).getByText('Demo token saved'),
  ).toBeVisible();
  await shot('broker-config-en');

  await page.goto('/reader-params');
  await expect(page.getByRole('heading', { name: 'Reader parameters' })).toBeVisible();
  await page.getByLabel('Order limit').fill('-2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(alertWith('Order limit must be 0 or greater')).toBeVisible();
  await page.getByLabel('Order limit').fill('8');
  await expect(page.getByLabel('Window 1 start')).toHaveValue('09:30');
  await shot('reader-params-en');

  await page.goto('/configproxy');
  await expect(page.getByText('Password saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved' })).toBeVisible();
  await page.reload();
  // Saved with a blank password field: the stored password is kept.
  await expect(page.getByText('Password saved', { exact: true })).toBeVisible();
  await shot('proxy-en');

  await page.goto('/botcommands');
  await page.getByRole('combobox', { name: 'Command' }).selectOption({ label: 'Score' });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Command sent' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Recent commands' }).getByRole('listitem'),
  ).toHaveCount(2);
  await shot('bot-commands-en');

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Comandos del robot' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Comandos recientes' })).toBeVisible();
  await shot('bot-commands-es');
  await page.getByRole('button', { name: 'Português (Brasil)' }).click();
  await expect(page.getByRole('heading', { name: 'Comandos do robô' })).toBeVisible();
});

test('broker config and bot commands fit a phone (375 px)', async () => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/brokerconfig');
  await expect(page.getByRole('region', { name: 'Optinary' })).toBeVisible();
  await noHorizontalOverflow();
  await shot('broker-config-mobile');

  await page.goto('/botcommands');
  await expect(page.getByRole('list', { name: 'Comandos recentes' })).toBeVisible();
  await noHorizontalOverflow();
  await shot('bot-commands-mobile');

  await page.goto('/reader-params');
  await expect(page.getByLabel('Limite de ordens')).toBeVisible();
  await noHorizontalOverflow();
  await shot('reader-params-mobile');
});
