import { expect, test, type Page } from '@playwright/test';
import {
  apiPost,
  followLocalChannel,
  horizontalOverflow,
  newTrader,
  openPage,
  postToChannel,
  registerAndLogIn,
  saveGlobalParams,
  traderClock,
  verifyFromOutbox,
} from './support.ts';

// The smaller things a Brazilian trader met around the numbers, each on a 375 px phone and on a
// desktop: the empty channel list links to a channel, the tester shows entries to the second and
// the right reason, the cancel dialog's buttons say what they do, /latency fits with its units,
// the top bar holds two bots, the CSV opens in Excel.

test.describe.configure({ mode: 'serial' });

const MINUTE = 60_000;
const trader = newTrader('tnum', 6);
let page: Page;

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 860 },
] as const;

async function both(name: string, check: () => Promise<void>): Promise<void> {
  for (const v of VIEWPORTS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await check();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `e2e/artifacts/screens/${name}-${v.name}.png`, fullPage: true });
  }
}

test.beforeAll(async ({ browser, baseURL }) => {
  page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
  await saveGlobalParams(page, trader);
  await verifyFromOutbox(page, trader);
});

test.afterAll(async () => {
  await page.context().close();
});

test('the empty channel list links to connecting Telegram and creating a local channel', async () => {
  await page.goto('/channels-list');
  await both('tnum-channels-empty', async () => {
    await expect(page.getByRole('link', { name: 'Conectar o Telegram' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Criar um canal local' })).toBeVisible();
  });
  await page.getByRole('link', { name: 'Criar um canal local' }).click();
  await expect(page).toHaveURL(/\/signal-tester$/);
  // No developer command in the trader's help.
  await expect(page.getByText(/npm run/)).toHaveCount(0);
});

test('the tester shows the entry to the second, the reason of a word/colour clash, no stake under a result post', async () => {
  const idNum = await followLocalChannel(page, trader, 'Sala Numbers');
  await page.goto(`/signal-tester?channel=${idNum}`);
  const at = Math.ceil((Date.now() + 30 * MINUTE) / MINUTE) * MINUTE;
  const message = page.getByLabel(/Mensagem/);
  const test = page.getByRole('button', { name: 'Testar' });
  const result = page.getByRole('list', { name: 'Resultado' });

  await message.fill(`EURUSD;${traderClock(at)};CALL;M1`);
  await test.click();
  // End of candle: sent 2 s before the minute, plus the card's delay; never shown as 21:15.
  await expect(result).toContainText(/entrada \d\d:\d\d:\d\d · expira \d\d:\d\d/);
  await expect(page.getByText(/^Entrada agora:/)).toBeVisible();

  await message.fill(`EURUSD ${traderClock(at)} CALL 🔴`);
  await test.click();
  await expect(result).toContainText('Direções opostas: a palavra e a cor');

  await message.fill('WIN ✅ EURUSD');
  await test.click();
  await expect(result).toBeVisible();
  await both('tnum-tester-result-post', async () => {
    await expect(page.getByText(/^Entrada agora:/)).toHaveCount(0);
  });
});

test('the cancel dialog keeps the entry with "Manter" or cancels it with "Cancelar entrada"', async () => {
  const idNum = await followLocalChannel(page, trader, 'Sala Cancel');
  const at = Math.ceil((Date.now() + 20 * MINUTE) / MINUTE) * MINUTE;
  await postToChannel(page, trader, idNum, `GBPUSD;${traderClock(at)};PUT;M1`);
  await page.goto('/');
  const next = page.getByRole('list', { name: 'Próximas entradas agendadas' });
  await expect(next).toContainText('GBPUSD', { timeout: 15_000 });
  await next
    .getByRole('button', { name: /Cancelar/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar esta entrada?' });
  await both('tnum-cancel-dialog', async () => {
    await expect(dialog.getByRole('button', { name: 'Manter' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancelar entrada' })).toBeVisible();
  });
  await dialog.getByRole('button', { name: 'Manter' }).click();
  await expect(dialog).toBeHidden();
  await expect(next).toContainText('GBPUSD');
});

test('/latency keeps p50 and p95 on a phone and says its units', async () => {
  await page.goto('/latency');
  await both('tnum-latency', async () => {
    await expect(page.getByRole('columnheader', { name: 'p50' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'p95' })).toBeVisible();
  });
  await expect(page.getByText(/\d ms\b|\d s\b|\d min\b/).first()).toBeVisible();
});

test('the CSV starts with the UTF-8 mark and names the broker and the scheduled instant', async () => {
  const res = await page.request.get(`/api/trading/orders.csv?userid=${trader.userid}`);
  expect(res.ok()).toBe(true);
  const body = (await res.body()).toString('utf8');
  expect(body.charCodeAt(0)).toBe(0xfeff);
  expect(body).toContain('Agendada para;Confirmada na corretora');
  expect(body).toContain(';Corretora;');
});

test('the top bar holds the bot selector with two bots on a phone', async () => {
  await apiPost(page, '/addnewbot', {
    userid: trader.userid,
    // A virtual id lies above every messaging-app id (docs/decisions/2026-11-26-bot-claims.md).
    botid: `1${trader.userid.padStart(16, '0')}`,
    virtual: true,
  });
  await page.goto('/');
  await page.reload();
  const selector = page.getByRole('combobox', { name: /Robô/ });
  await both('tnum-topbar-two-bots', async () => {
    await expect(selector).toBeVisible();
    const box = await selector.boundingBox();
    expect(box).not.toBeNull();
    // The whole select is on screen, wide enough for a 17-digit virtual id.
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(150);
  });
});
