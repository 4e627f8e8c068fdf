import { expect, test, type Page } from '@playwright/test';
import {
  horizontalOverflow,
  newTrader,
  notice,
  openPage,
  registerAndLogIn,
  shot,
} from './support.ts';

// The account screen changes the password (the current one required, the other
// devices logged out) and logs out of every device.

const trader = newTrader('conta', 1);
const newPassword = 'outra-senha-456';

async function logIn(page: Page, password: string): Promise<void> {
  await page.goto('/');
  await page.getByLabel('E-mail').fill(trader.email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('changing the password logs out the other device; the new one logs in, the old does not', async ({
  browser,
  baseURL,
}) => {
  const page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
  // A second device, logged in to the same account.
  const other = await openPage(browser, baseURL);
  await logIn(other, trader.password);
  await expect(other.getByRole('heading', { name: 'Configurar' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Navegação' })
    .getByRole('link', { name: 'Minha conta' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await page.getByLabel('Senha atual').fill(trader.password);
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirme a nova senha').fill(newPassword);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(
    notice(page, 'Senha alterada. Os outros dispositivos foram desconectados.'),
  ).toBeVisible();
  await shot(page, 'account-desktop');

  // The other device's session ended: a reload shows the login.
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  // The old password no longer opens the account; the new one does.
  await logIn(other, trader.password);
  await expect(other.getByRole('alert')).toHaveText(/E-mail ou senha incorretos/);
  await logIn(other, newPassword);
  await expect(other.getByRole('heading', { name: 'Configurar' })).toBeVisible();

  // This device stayed logged in; on a phone the screen fits.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await shot(page, 'account-phone');

  // Log out of all devices: asks first, then both devices show the login.
  await page.getByRole('button', { name: 'Sair de todos os dispositivos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sair de todos os dispositivos?' });
  await expect(dialog).toBeVisible();
  await shot(page, 'account-phone-logout-all');
  await dialog.getByRole('button', { name: 'Sair de todos' }).click();
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible();
  await other.reload();
  await expect(other.getByRole('heading', { name: 'Entrar' })).toBeVisible();

  await other.context().close();
  await page.context().close();
});
