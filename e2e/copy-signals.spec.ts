import { expect, test, type Page } from '@playwright/test';
import {
  horizontalOverflow,
  newTrader,
  notice,
  openPage,
  registerAndLogIn,
  shot,
} from './support.ts';

// The Copy signals menu: reached from the drawer, links to the reader settings, and the two reader
// commands with their 'Comando enviado' notice; delete asks first.

const trader = newTrader('sinais', 5);
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
});

test.afterAll(async () => {
  await page.context().close();
});

test('the menu is reached from the drawer and leads to the reader settings', async () => {
  await page
    .getByRole('navigation', { name: 'Navegação' })
    .getByRole('link', { name: 'Copiar sinais' })
    .click();
  await expect(page).toHaveURL(/\/copysignals$/);
  await expect(page.getByRole('heading', { name: 'Copiar sinais', level: 1 })).toBeVisible();
  await shot(page, 'copy-signals');
  await page.getByRole('link', { name: 'Parâmetros do leitor' }).click();
  await expect(page).toHaveURL(/\/reader-params$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/copysignals$/);
});

test('reset and delete reader each send a command; delete asks first', async () => {
  await page.getByRole('button', { name: 'Reiniciar leitor' }).click();
  await expect(notice(page, 'Comando enviado')).toBeVisible();

  await page.getByRole('button', { name: 'Apagar leitor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apagar o leitor de sinais?' });
  await expect(dialog).toBeVisible();
  await shot(page, 'copy-signals-delete-confirm');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Apagar leitor' }).click();
  await dialog.getByRole('button', { name: 'Apagar leitor' }).click();
  await expect(dialog).toBeHidden();
  await expect(notice(page, 'Comando enviado')).toBeVisible();
});

test('the menu speaks Spanish and fits a phone', async () => {
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Copiar señales', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reiniciar lector' })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'copy-signals-mobile-es');
  await page.getByRole('button', { name: 'Português (Brasil)' }).click();
});
