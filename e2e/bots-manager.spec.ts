import { expect, test, type Page } from '@playwright/test';
import {
  horizontalOverflow,
  newTrader,
  openPage,
  registerAndLogIn,
  shot,
  verifyFromOutbox,
} from './support.ts';

// The bot manager: reached from the Bots page, a virtual bot derived from the trader's own bot is
// created (the top bar's bot selector appears) and removed again behind the confirmation.

const trader = newTrader('robos', 4);
// A virtual id lies above every messaging-app id (docs/decisions/2026-11-26-bot-claims.md).
const virtualId = `1${trader.userid.padStart(16, '0')}`;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
  // Only a verified bot is a virtual bot's source.
  await verifyFromOutbox(page, trader);
});

test.afterAll(async () => {
  await page.context().close();
});

const table = () => page.getByRole('table', { name: 'Robôs da conta' });
const botSelector = () => page.getByRole('combobox', { name: /Robô/ });

test('the manager is reached from the Bots page and lists the one bot', async () => {
  await page.getByRole('link', { name: 'Robôs' }).first().click();
  await expect(page).toHaveURL(/\/botspage$/);
  await page.getByRole('link', { name: 'Gerenciar robôs' }).click();
  await expect(page).toHaveURL(/\/botsmanager$/);
  await expect(
    page.getByRole('heading', { name: 'Gerenciamento de Copytrader/bots', level: 1 }),
  ).toBeVisible();
  await expect(table().getByRole('row')).toHaveCount(2);
  // A new account's bot is on its free trial (TRIAL_DAYS, 7 by default).
  await expect(table().getByRole('cell', { name: /\(teste grátis\)$/ })).toBeVisible();
  // The only bot cannot go.
  await expect(page.getByRole('button', { name: `Remover o bot ${trader.userid}` })).toBeDisabled();
  await expect(botSelector()).toHaveCount(0);
});

test('a virtual bot is created with its derived id; the bot selector appears', async () => {
  await page.getByRole('button', { name: 'Criar Bot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar Bot' });
  await dialog.getByRole('radio', { name: 'Virtual' }).check();
  await expect(dialog.getByText(`ID do novo bot virtual: ${virtualId}`)).toBeVisible();
  await shot(page, 'bots-manager-create-virtual');
  await dialog.getByRole('button', { name: 'Criar' }).click();
  await expect(dialog).toBeHidden();
  await expect(table().getByRole('row')).toHaveCount(3);
  await expect(table().getByRole('row').filter({ hasText: virtualId })).toContainText('Virtual');
  await expect(botSelector()).toBeVisible();
  await shot(page, 'bots-manager-two-bots');
});

test('the manager speaks English and fits a phone', async () => {
  await page.getByRole('button', { name: 'English (US)' }).click();
  await expect(
    page.getByRole('heading', { name: 'Copytrader/bot management', level: 1 }),
  ).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Expiry' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  // On a phone each bot is a card instead of a table row.
  const cards = page.getByRole('list', { name: 'Bots of the account' }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  // A new virtual bot has its free trial too.
  await expect(cards.filter({ hasText: virtualId })).toContainText('(free trial)');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'bots-manager-mobile-en');
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByRole('button', { name: 'Português (Brasil)' }).click();
});

test('the virtual bot is removed behind the confirmation; the list is back to one', async () => {
  await page.getByRole('button', { name: `Remover o bot ${virtualId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remover bot?' });
  await expect(dialog).toContainText(virtualId);
  await shot(page, 'bots-manager-remove-confirm');
  await dialog.getByRole('button', { name: 'Remover' }).click();
  await expect(dialog).toBeHidden();
  await expect(table().getByRole('row')).toHaveCount(2);
  await expect(table()).not.toContainText(virtualId);
  await expect(botSelector()).toHaveCount(0);
});
