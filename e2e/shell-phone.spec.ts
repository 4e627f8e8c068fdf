import { expect, test, type Locator, type Page } from '@playwright/test';
import { newTrader, openPage, registerAndLogIn, shot } from './support.ts';

// On a 375 px phone the drawer's first link sat under the top bar and could not
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
    // Visible while it still slides in: judge what is on top once it stands at the left edge.
    await expect
      .poll(() => drawer.evaluate((el) => Math.round(el.getBoundingClientRect().left)))
      .toBe(0);
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

// Lighthouse's blocking time on a phone: the other screens are downloaded only once the trader has
// touched the page or pressed a key, and a touch on a drawer link starts its own screen's download
// before the tap ends.
test('untouched, no other screen loads; a touch on a drawer link loads its screen', async ({
  browser,
  baseURL,
}) => {
  const fresh = await openPage(browser, baseURL);
  try {
    await registerAndLogIn(fresh, newTrader('toque', 4));
    await fresh.setViewportSize({ width: 375, height: 740 });
    // A new page load under the test's clock: the frame starts with no touch and no key yet.
    await fresh.clock.install();
    await fresh.reload();
    await expect(fresh.getByRole('heading', { name: 'Configurar' })).toBeVisible();
    const screens: string[] = [];
    fresh.on('request', (request) => {
      const file = new URL(request.url()).pathname.split('/').pop() ?? '';
      if (/-page-[\w-]{8}\.js$/.test(file)) screens.push(file);
    });
    // A minute of an untouched page: once it was quiet for a second, every screen used to load.
    await fresh.clock.runFor(60_000);
    // Opened by a click event alone (no pointer or key): the drawer, still untouched.
    await fresh.getByRole('button', { name: 'Abrir menu' }).dispatchEvent('click');
    const link = fresh
      .locator('.MuiDrawer-paper')
      .getByRole('link', { name: 'Estatísticas de cópia' });
    await expect(link).toBeVisible();
    expect(screens).toEqual([]);

    const copyStats = fresh.waitForRequest((request) =>
      /\/assets\/copy-stats-page-[\w-]{8}\.js$/.test(request.url()),
    );
    await link.dispatchEvent('touchstart');
    await copyStats;
    expect(screens).toHaveLength(1);
  } finally {
    await fresh.context().close();
  }
});
