import { expect, test, type Page } from '@playwright/test';
import { horizontalOverflow, newTrader, openPage, registerAndLogIn, shot } from './support.ts';

// Buying the robot with the local provider: a plan for the trader's one bot, the
// checkout page in a new tab, Pay → /paymentok shows paid, the bot manager and the home show the
// new expiry; Decline → failed; the rules' toast; English; Spanish (renewal); a phone's width.

const trader = newTrader('compra', 6);
const CPF = '529.982.247-25';
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
});

test.afterAll(async () => {
  await page.context().close();
});

/** Clicks "Gerar link" and returns the checkout tab it opens. */
async function generate(name = 'Gerar link'): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name }).click();
  const tab = await popup;
  await tab.waitForURL(/\/pay\/local\//);
  return tab;
}

test('the drawer leads to the buy screen; a bad CPF gives the toast', async () => {
  await page.getByRole('link', { name: 'Comprar ou renovar robô' }).first().click();
  await expect(page).toHaveURL(/\/comprar$/);
  await expect(
    page.getByRole('heading', { name: 'Comprar ou renovar robô', level: 1 }),
  ).toBeVisible();
  await expect(page.getByLabel('ID do Telegram')).toHaveValue(trader.userid);
  // No plan yet: the button is disabled (SPEC §5).
  await expect(page.getByRole('button', { name: 'Gerar link' })).toBeDisabled();
  await page.getByLabel('Plano', { exact: true }).selectOption('brl-1-30');
  await expect(page.getByLabel('Plano', { exact: true }).locator('option:checked')).toHaveText(
    /1 bot\(s\), 30 dias: R\$\s80,00/,
  );
  await page.getByLabel('CPF', { exact: true }).fill('111.111.111-11');
  await page.getByRole('button', { name: 'Gerar link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Informe um CPF válido' })).toBeVisible();
  // Methods without a provider are listed, not available.
  await expect(page.locator('#buy-paymethod option[value="wallet"]')).toBeDisabled();
});

test('Pay on the local checkout lands on /paymentok showing paid; the expiry shows', async () => {
  await page.getByLabel('CPF', { exact: true }).fill(CPF);
  await page.setViewportSize({ width: 375, height: 900 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'buy-robot-mobile');
  await page.setViewportSize({ width: 1280, height: 860 });
  const tab = await generate();
  await expect(tab.getByText('R$ 80,00')).toBeVisible();
  await tab.setViewportSize({ width: 375, height: 700 });
  await shot(tab, 'buy-robot-local-checkout-mobile');
  await tab.getByRole('button', { name: 'Pagar' }).click();
  await tab.waitForURL(/\/paymentok\?purchase=/);
  await expect(tab.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
  await shot(tab, 'buy-robot-payment-ok-mobile');
  await tab.close();

  // The buy screen follows the purchase without a reload.
  await expect(page.getByText('Estado do pagamento: pago')).toBeVisible();
  await expect(page.getByRole('link', { name: /^http.*\/pay\/local\// })).toBeVisible();

  // Bought during the new account's 7-day free trial: the 30 days follow the trial's end.
  const expected = await page.evaluate(() => {
    const d = new Date(Date.now() + 37 * 86_400_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)}`;
  });
  await page.getByRole('link', { name: 'Abrir o gerenciador de bots' }).click();
  await expect(page).toHaveURL(/\/botsmanager$/);
  const row = page.getByRole('table', { name: 'Robôs da conta' }).getByRole('row').nth(1);
  await expect(row).toContainText(expected);
  await expect(row).not.toContainText('teste grátis');
  await expect(row.getByRole('link', { name: `Renovar o bot ${trader.userid}` })).toBeVisible();

  await page.goto('/');
  await expect(
    page.getByText(`O plano do bot ${trader.userid} está pago até ${expected}`),
  ).toBeVisible();
});

test('Decline shows failed, on /paymentok and on the buy screen', async () => {
  await page.goto('/comprar');
  await page.getByLabel('Plano', { exact: true }).selectOption('brl-1-7');
  await page.getByLabel('CPF', { exact: true }).fill(CPF);
  const tab = await generate();
  await tab.getByRole('button', { name: 'Recusar' }).click();
  await tab.waitForURL(/\/paymentok\?purchase=/);
  await expect(tab.getByRole('heading', { name: 'Pagamento recusado' })).toBeVisible();
  await tab.close();
  await expect(page.getByText('Estado do pagamento: recusado')).toBeVisible();
});

test('in English: the custom plan needs 5 bots, and the screen fits a phone', async () => {
  await page.getByRole('button', { name: 'English (US)' }).click();
  await expect(page.getByRole('heading', { name: 'Buy or renew robot', level: 1 })).toBeVisible();
  await page.getByLabel('Payment method').selectOption('card');
  await expect(page.getByLabel('Currency')).toHaveValue('usd');
  await page.getByLabel('Custom plan (5 bots or more)').check();
  await page.getByLabel('Number of bots').fill('4');
  await page.getByRole('button', { name: 'Generate link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Minimum quantity is 5' })).toBeVisible();
  await page.getByLabel('Number of bots').fill('5');
  await page.getByLabel('Number of days').selectOption('60');
  await expect(page.getByText('Custom plan total: $60.00')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 1000 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'buy-robot-custom-en-mobile');
});

test('en español, a 375 px phone: renewing adds to the paid period, the checkout and /paymentok too', async ({
  browser,
  baseURL,
}) => {
  // The same trader on a phone whose browser is in Spanish: the local checkout page follows the
  // browser's Accept-Language, the panel the language chosen in its bar.
  const context = await browser.newContext({
    baseURL,
    locale: 'es-ES',
    viewport: { width: 375, height: 1000 },
  });
  await context.addCookies(await page.context().cookies());
  const phone = await context.newPage();
  await phone.goto('/comprar');
  await phone.getByRole('button', { name: 'Español' }).click();
  await expect(
    phone.getByRole('heading', { name: 'Comprar o renovar robot', level: 1 }),
  ).toBeVisible();
  await expect(phone.getByLabel('Método de pago')).toHaveValue('regional');
  await expect(phone.getByRole('button', { name: 'Generar enlace' })).toBeDisabled();
  await phone.getByLabel('Plan', { exact: true }).selectOption('brl-1-15');
  await expect(phone.getByLabel('Plan', { exact: true }).locator('option:checked')).toHaveText(
    // Spanish number format, the currency by its code (Intl's es-ES symbol for BRL).
    /1 bot\(s\), 15 días: 60,00\sBRL/,
  );
  await phone.getByRole('button', { name: 'Generar enlace' }).click();
  await expect(
    phone.getByRole('alert').filter({ hasText: 'Introduce un CPF válido' }),
  ).toBeVisible();
  await phone.getByLabel('CPF', { exact: true }).fill(CPF);
  expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
  await shot(phone, 'buy-robot-es-mobile');

  const popup = phone.waitForEvent('popup');
  await phone.getByRole('button', { name: 'Generar enlace' }).click();
  const tab = await popup;
  await tab.waitForURL(/\/pay\/local\//);
  await tab.setViewportSize({ width: 375, height: 700 });
  await expect(tab.getByRole('heading', { name: 'Pago local' })).toBeVisible();
  await expect(tab.getByText(/60,00/)).toBeVisible();
  await expect(tab.getByRole('button', { name: 'Rechazar' })).toBeVisible();
  await shot(tab, 'buy-robot-local-checkout-es-mobile');
  await tab.getByRole('button', { name: 'Pagar' }).click();
  await tab.waitForURL(/\/paymentok\?purchase=/);
  await expect(tab.getByRole('heading', { name: 'Pago confirmado' })).toBeVisible();
  await expect(tab.getByText(/^1 bot\(s\), 15 días: 60,00\sBRL$/)).toBeVisible();
  expect(await horizontalOverflow(tab)).toBeLessThanOrEqual(0);
  await shot(tab, 'buy-robot-payment-ok-es-mobile');
  await tab.close();
  await expect(phone.getByText('Estado del pago: pagado')).toBeVisible();

  // The 7-day trial, paid 30 days on top before, now 15 more: 52 days from (about) now.
  const expected = await phone.evaluate(() => {
    const d = new Date(Date.now() + 52 * 86_400_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)}`;
  });
  await phone.getByRole('link', { name: 'Abrir el gestor de bots' }).click();
  await expect(phone).toHaveURL(/\/botsmanager$/);
  const bots = phone.getByRole('list', { name: 'Bots de la cuenta' });
  await expect(bots).toContainText(`Vencimiento: ${expected}`);
  expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
  await shot(phone, 'buy-robot-botsmanager-es-mobile');
  await context.close();
});

test('a buyer through the referral link shows up in the seller’s sales', async ({
  browser,
  baseURL,
}) => {
  const buyer = newTrader('indicado', 6);
  const other = await openPage(browser, baseURL);
  await registerAndLogIn(other, buyer);
  await other.goto(`/comprar?sellerid=${trader.userid}`);
  await expect(other.getByLabel('ID do vendedor')).toHaveValue(trader.userid);
  await other.getByLabel('Plano', { exact: true }).selectOption('brl-1-7');
  await other.getByLabel('CPF', { exact: true }).fill(CPF);
  const popup = other.waitForEvent('popup');
  await other.getByRole('button', { name: 'Gerar link' }).click();
  const tab = await popup;
  await tab.waitForURL(/\/pay\/local\//);
  await tab.getByRole('button', { name: 'Pagar' }).click();
  await tab.waitForURL(/\/paymentok\?purchase=/);
  await expect(tab.getByRole('heading', { name: 'Pagamento confirmado' })).toBeVisible();
  await other.context().close();

  // The seller (in English since the earlier test) sees the sale and the total on /comprar.
  await page.goto('/comprar');
  const sales = page.getByRole('region', { name: 'My sales (seller)' });
  await expect(sales.getByRole('list', { name: 'Paid sales through your link' })).toContainText(
    /1 bot\(s\), 7 days: R\$\s?40\.00/,
  );
  await expect(sales).toContainText(/Total sold: R\$\s?40\.00/);
  await expect(sales).toContainText(`/comprar?sellerid=${trader.userid}`);
  await page.setViewportSize({ width: 375, height: 1000 });
  await sales.scrollIntoViewIfNeeded();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'e2e/artifacts/screens/buy-robot-seller-sales-mobile.png' });
});
