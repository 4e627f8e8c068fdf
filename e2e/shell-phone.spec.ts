import { expect, test, type Locator, type Page } from '@playwright/test';
import { newTrader, openPage, registerAndLogIn, shot } from './support.ts';

// Issue 11 item 10: on a 375 px phone the drawer's first link sat under the top bar and could not
// be tapped, its labels were cut ("Configurações ge…") and the brand showed nowhere.

const trader = newTrader('gaveta', 3);
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
  await page.setViewportSize({ width: 375, height: 740 });
});

test.afterAll(async () => {
  await page.context().close();
});

/** Whether the element at the centre of `target` is `target` itself or inside it (not covered). */
function isOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && el.contains(top);
  });
}

/** Whether the text of every element matched by `texts` is shown whole (no ellipsis, no cut). */
function allShownWhole(texts: Locator): Promise<boolean> {
  return texts.evaluateAll((els) =>
    els.every((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
  );
}

for (const [language, flag, menu, home, longLabel] of [
  ['pt-BR', 'Português (Brasil)', 'Abrir menu', 'Início', 'Configurações gerais'],
  ['es-ES', 'Español', 'Abrir menú', 'Inicio', 'Configuración general'],
] as const) {
  test(`the phone drawer shows the brand, whole labels and a tappable first link (${language})`, async () => {
    await page.getByRole('button', { name: flag }).click();
    await page.getByRole('button', { name: menu }).click();
    const drawer = page.locator('.MuiDrawer-paper');
    await expect(drawer.getByText('CopyBot')).toBeVisible();
    const nav = drawer.getByRole('navigation');
    const first = nav.getByRole('link').first();
    await expect(first).toHaveAccessibleName(home);
    await expect(nav.getByRole('link', { name: longLabel })).toBeVisible();
    expect(await isOnTop(first)).toBe(true);
    expect(await allShownWhole(nav.locator('.MuiListItemText-primary'))).toBe(true);
    await shot(page, `shell-phone-drawer-${language}`);
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(drawer).toBeHidden();
  });
}
