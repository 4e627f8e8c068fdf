import { expect, test } from '@playwright/test';
import {
  followLocalChannel,
  newTrader,
  openPhone,
  postToChannel,
  registerAndLogIn,
  saveGlobalParams,
  shot,
  expectedAfterDraws,
  ownOrdersOf as ordersOf,
  traderClock as clock,
  verifyFromOutbox,
} from './support.ts';

// A list posted to a local channel is traded line by line, each entry decided when it
// is due (real minutes on the paper broker); a later cancel post cancels its entry, which is
// never sent, and the feed says why.
const MINUTE = 60_000;

test('a 4-line list is placed entry by entry; a cancelled entry is never sent', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(10 * MINUTE);
  const trader = newTrader('lista', 1);
  const page = await openPhone(browser, baseURL);
  await registerAndLogIn(page, trader);
  await saveGlobalParams(page, trader);
  await page.reload();
  await verifyFromOutbox(page, trader);
  await page.goto('/');
  const card = page.getByRole('region', { name: `Robô ${trader.userid}` });
  const toggle = card.getByRole('switch', { name: 'Robô ligado' });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(card.getByText('ligado', { exact: true })).toBeVisible({ timeout: 15_000 });

  const idNum = await followLocalChannel(page, trader, 'Lista VIP');

  // Four entries a minute apart, then a list of two whose second is cancelled by a later post.
  const first = Math.ceil((Date.now() + 50_000) / MINUTE) * MINUTE;
  const assets = ['EURUSD', 'GBPUSD', 'USDJPY', 'AUDUSD'];
  const list = assets.map((a, i) => `${a};${clock(first + i * MINUTE)};CALL;M1`).join('\n');
  await postToChannel(page, trader, idNum, `LISTA M1\n${list}`);
  const second = `EURJPY;${clock(first + 4 * MINUTE)};PUT;M1\nEURGBP;${clock(first + 5 * MINUTE)};PUT;M1`;
  await postToChannel(page, trader, idNum, second);
  const cancel = `CANCELADO o sinal de EUR/GBP ${clock(first + 5 * MINUTE)}. Não entrem!`;
  await postToChannel(page, trader, idNum, cancel);

  // The dashboard lists the pending entries (the cancelled one is gone).
  await page.reload();
  const next = card.getByRole('list', { name: 'Próximas entradas agendadas' });
  await expect(next).toContainText('AUDUSD', { timeout: 15_000 });
  await expect(next).not.toContainText('EURGBP');
  await shot(page, 'entries-home-pending-375');

  // One entry a minute: the four of the list, then EURJPY (EURGBP's minute is cancelled, unless
  // EURJPY drew and is sent again then).
  const minutes = [...assets, 'EURJPY'];
  const settled = () => ordersOf(trader).filter((o) => o.state !== 'placed' && o.state !== 'open');
  await expect
    .poll(() => settled().length === expectedAfterDraws(minutes, settled()).length, {
      timeout: first + 7 * MINUTE + 30_000 - Date.now(),
      intervals: [5_000],
    })
    .toBe(true);
  const orders = ordersOf(trader);
  expect(orders.map((o) => o.asset)).toEqual(expectedAfterDraws(minutes, orders));
  expect(orders.every((o) => o.state !== 'failed')).toBe(true);

  await page.getByRole('link', { name: 'Atividade' }).first().click();
  const feed = page.getByRole('list', { name: 'Atividade do robô' });
  await expect(feed).toContainText('Entrada EURGBP');
  await expect(feed).toContainText('cancelada pelo canal, nunca enviada');
  await shot(page, 'entries-feed-cancelled-375');
  await page.context().close();
});
