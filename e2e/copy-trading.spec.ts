import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  openFromHome,
  newTrader,
  notice,
  registerAndLogIn,
  shot,
  verifyFromOutbox,
  type Trader,
} from './support.ts';

// Copy trading and MetaCopy relationships: a trader and a follower, each in their own browser, on
// 375 px phones. The follower asks to follow, the trader accepts and sets an expiry, the follower
// configures the copy — for copy trading in pt-BR and for MetaCopy in es-ES, every screen reached
// from the menus.

const leader = newTrader('lider', 7);
const follower = newTrader('seguidor', 9);
let leaderPage: Page;
let followerPage: Page;

test.describe.configure({ mode: 'serial' });

async function phone(browser: Browser, baseURL: string | undefined, who: Trader): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await registerAndLogIn(page, who);
  await verifyFromOutbox(page, who);
  return page;
}

/** The day after tomorrow as the date picker takes it, and as the cards write it. */
function inTwoDays(): { input: string; shown: string } {
  const d = new Date(Date.now() + 2 * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    input: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`,
    shown: `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}`,
  };
}

test.beforeAll(async ({ browser, baseURL }) => {
  leaderPage = await phone(browser, baseURL, leader);
  followerPage = await phone(browser, baseURL, follower);
});

test.afterAll(async () => {
  await leaderPage.context().close();
  await followerPage.context().close();
});

test('copy trading in pt-BR: request, accept, expiry, configure', async () => {
  test.setTimeout(180_000);
  const due = inTwoDays();

  // The follower asks: the name keeps letters and digits only; the request waits, and says so.
  await openFromHome(followerPage, 'Copy trade', 'Seguir um trader');
  await followerPage.getByLabel('Trader ID').fill(leader.userid);
  await followerPage.getByLabel('Seu nome').fill('Bia Seguidora!');
  await followerPage.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(followerPage).toHaveURL(/\/copytrader$/);
  const request = followerPage.getByRole('listitem', { name: `Trader ${leader.userid}` });
  await expect(request).toContainText('Pendente');
  await shot(followerPage, 'copy-follower-requested-375');

  // The trader sees the request where its followers are, and accepts it.
  await openFromHome(leaderPage, 'Copy trade', 'Seguidores');
  const pending = leaderPage.getByRole('listitem', { name: 'BiaSeguidora' });
  await expect(pending).toBeVisible();
  await shot(leaderPage, 'copy-trader-request-375');
  await pending.getByRole('button', { name: 'Aceitar' }).click();
  const card = leaderPage.getByRole('region', { name: 'BiaSeguidora' });
  await expect(card).toContainText(`ID: ${follower.userid}`);
  await expect(card).toContainText('Indefinido');
  await expect(leaderPage.getByText('Nenhum pedido aguardando resposta.')).toBeVisible();

  // Expiry: a picked day, shown as dd/mm/yyyy; Info reads it back with the time.
  await card.getByRole('button', { name: 'Exp' }).click();
  const exp = leaderPage.getByRole('dialog', { name: 'Vencimento' });
  await exp.getByLabel('Vencimento').fill(due.input);
  await shot(leaderPage, 'copy-trader-expiry-375');
  await exp.getByRole('button', { name: 'Salvar' }).click();
  await expect(card).toContainText(`Expira: ${due.shown}`);
  await card.getByRole('button', { name: 'Info' }).click();
  const info = leaderPage.getByRole('dialog', { name: 'Info' });
  await expect(info).toContainText(`UserID: ${follower.userid}`);
  await expect(info).toContainText(`${due.shown} 23:59`);
  await leaderPage.keyboard.press('Escape');
  await shot(leaderPage, 'copy-trader-followers-375');

  // The trader side of copy trading saves; SPEC §5's first rule is checked first.
  await openFromHome(leaderPage, 'Copy trade', 'Configuração Trader');
  await leaderPage.getByLabel('Ativar copy trade').check();
  await leaderPage.getByLabel('Tipo de sinal').selectOption('9');
  await leaderPage.getByLabel('Delay', { exact: true }).fill('2');
  await leaderPage.getByRole('button', { name: 'Salvar' }).click();
  await expect(leaderPage.getByRole('alert')).toContainText('Parâmetro inválido em Delay');
  await leaderPage.getByLabel('Delay', { exact: true }).fill('1,5');
  await leaderPage.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(leaderPage, 'Parâmetros salvos')).toBeVisible();
  await shot(leaderPage, 'copy-trader-config-375');

  // The follower sees the answer and the expiry, and configures how it copies this trader.
  await followerPage.reload();
  await expect(request).toContainText('Aceito');
  await expect(request).toContainText(`Expira: ${due.shown}`);
  await openFromHome(followerPage, 'Copy trade', 'Configurar traders seguidos');
  const followed = followerPage.getByRole('region', { name: `Trader ${leader.userid}` });
  await followerPage.getByLabel('Opções avançadas').check();
  await followed.getByLabel('Valor da entrada').fill('3');
  await followed.getByLabel('Valor máximo').fill('10');
  await followed.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(followed, 'Parâmetros salvos')).toBeVisible();
  await shot(followerPage, 'copy-follower-config-375');
  await followerPage.reload();
  await expect(followed.getByLabel('Valor da entrada')).toHaveValue('3');

  // The trader clears the expiry: the card says 'Indefinido' again.
  await openFromHome(leaderPage, 'Copy trade', 'Seguidores');
  await card.getByRole('button', { name: 'Exp' }).click();
  await exp.getByRole('button', { name: 'Sem vencimento' }).click();
  await expect(card).toContainText('Indefinido');
});

test('MetaCopy in es-ES: request, accept, expiry, configure', async () => {
  test.setTimeout(180_000);
  const due = inTwoDays();
  for (const page of [leaderPage, followerPage]) {
    await page.goto('/');
    await page.getByRole('button', { name: 'Español' }).click();
  }

  await openFromHome(followerPage, 'MetaCopy', 'Seguir a un trader en MetaCopy');
  await followerPage.getByLabel('Trader ID').fill(leader.userid);
  await followerPage.getByLabel('Tu nombre').fill(' Bia Meta ');
  await followerPage.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(followerPage).toHaveURL(/\/configmetatrader$/);
  const request = followerPage.getByRole('listitem', { name: `Trader ${leader.userid}` });
  await expect(request).toContainText('Pendiente');
  await shot(followerPage, 'meta-follower-requested-375');

  await openFromHome(leaderPage, 'MetaCopy', 'Lista de seguidores');
  const pending = leaderPage.getByRole('listitem', { name: 'Bia Meta' });
  await pending.getByRole('button', { name: 'Aceptar' }).click();
  const card = leaderPage.getByRole('region', { name: 'Bia Meta' });
  await expect(card).toContainText('Indefinido');
  await card.getByRole('button', { name: 'Venc.' }).click();
  const exp = leaderPage.getByRole('dialog', { name: 'Vencimiento' });
  await exp.getByLabel('Vencimiento').fill(due.input);
  await exp.getByRole('button', { name: 'Guardar' }).click();
  await expect(card).toContainText(`Vence: ${due.shown}`);
  await shot(leaderPage, 'meta-trader-followers-375');

  // The trader's own MetaCopy record: 'Limite de Ordens', closable notice.
  await openFromHome(leaderPage, 'MetaCopy', 'Configuración de trader MetaCopy');
  const record = leaderPage.getByRole('region', { name: `Trader ${leader.userid}` });
  await record.getByLabel('Límite de órdenes').fill('5');
  await record.getByRole('button', { name: 'Guardar' }).click();
  await expect(notice(record, 'Parámetros guardados')).toBeVisible();
  await shot(leaderPage, 'meta-trader-config-375');

  await openFromHome(followerPage, 'MetaCopy', 'Configuración de seguidor MetaCopy');
  const setting = followerPage.getByRole('region', { name: `ID ${leader.userid}` });
  await setting.getByLabel('Monto de la entrada').fill('2');
  await followerPage.getByLabel('Avanzado').check();
  await expect(setting.getByLabel('Bróker').locator('option')).toHaveCount(13);
  await setting.getByRole('button', { name: 'Guardar' }).click();
  await expect(notice(setting, 'Parámetros guardados')).toBeVisible();
  await shot(followerPage, 'meta-follower-config-375');
  await followerPage.goto('/configmetatrader');
  await expect(request).toContainText('Aceptada');
  await expect(request).toContainText(`Vence: ${due.shown}`);
});

test('the legacy paths land on their screens', async () => {
  await leaderPage.goto('/traderconfig');
  await expect(leaderPage).toHaveURL(/\/configtradercopy$/);
  await leaderPage.goto('/followconfig');
  await expect(leaderPage).toHaveURL(/\/configfollow$/);
  await leaderPage.goto('/followermetaconfig');
  await expect(leaderPage).toHaveURL(/\/configmetafollower$/);
});
