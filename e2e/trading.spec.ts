import { expect, test } from '@playwright/test';
import {
  followLocalChannel,
  horizontalOverflow,
  newTrader,
  nextMinute,
  openPhone,
  postSignal,
  postToChannel,
  registerAndLogIn,
  saveGlobalParams,
  shot,
  signalDecided,
  type Trader,
  traderClock,
  verifyFromOutbox,
  withServerDb,
  expectedAfterDraws,
  ownOrdersOf,
} from './support.ts';

// The robot trades: a bot that is off says why it did not trade a signal; switched on
// from the home dashboard, it trades the next signal on the paper broker, and the order appears,
// settles at expiry and moves the score, the orders page and the chart — on a 375 px phone, in
// pt-BR and English.

const MINUTE = 60_000;

/** Sets the bot's expiry (Unix seconds) in the server's database, as a lapsed subscription does. */
function expireBot(trader: Trader, botexpSec: number): void {
  withServerDb((db) =>
    db.prepare('update bots set botexp = ? where userid = ?').run(botexpSec, trader.userid),
  );
}

test('a bot switched on trades a signal on the paper broker; an off bot says why it did not', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const trader = newTrader('trade', 8);
  const page = await openPhone(browser, baseURL);
  await registerAndLogIn(page, trader);
  const card = page.getByRole('region', { name: `Robô ${trader.userid}` });
  const toggle = card.getByRole('switch', { name: 'Robô ligado' });

  // A new bot starts off and, with nothing saved, cannot be switched on: it says what to save.
  await expect(card.getByRole('alert')).toContainText(
    'Configurações nunca salvas: salve as configurações gerais antes de ligar o robô.',
  );
  await expect(toggle).toBeDisabled();
  await expect(card.getByRole('link', { name: 'Configurar' })).toHaveAttribute(
    'href',
    '/geralconfig',
  );
  await shot(page, 'trading-home-unconfigured-375');

  // Saved settings, but the bot's id is not proven yet: it says so; the code the
  // local messenger wrote to the data directory's outbox verifies it.
  await saveGlobalParams(page, trader);
  await page.reload();
  await expect(card.getByRole('alert')).toContainText('Bot pendente');
  await verifyFromOutbox(page, trader);

  // Saved settings, verified, still off: a signal is refused, and the feed says why.
  await page.reload();
  await expect(card.getByRole('alert')).toContainText(
    'Robô desligado: ligue-o para operar os sinais.',
  );
  postSignal(trader, 'GBPUSD', Date.now() + 20_000); // decided when due (30 s ahead)
  await page.getByRole('link', { name: 'Atividade' }).first().click();
  const feed = page.getByRole('list', { name: 'Atividade do robô' });
  await expect(feed.getByRole('listitem').first()).toContainText(
    'Sinal GBPUSD Compra (CALL) não operado: Robô desligado: ligue-o para operar os sinais.',
    { timeout: 15_000 },
  );
  await shot(page, 'trading-feed-refused-375');

  // On from the dashboard's switch.
  await page.goto('/');
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(card.getByText('ligado', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(toggle).toBeChecked();
  await expect(card.getByRole('alert')).toHaveCount(0);

  // A signal for the next minute: traded, then sent, open with its countdown, then settled.
  // Posted to a followed channel as its post: the reader's feed line makes the dashboard re-read
  // at once, long before the entry is decided (30 s before it is sent).
  const at = nextMinute(50_000);
  const idNum = await followLocalChannel(page, trader, 'sala-vip');
  await postToChannel(page, trader, idNum, `EURUSD;${traderClock(at)};CALL;M1`);
  const next = card.getByRole('list', { name: 'Próximas entradas agendadas' });
  await expect(next).toContainText('EURUSD · Compra (CALL) · entrada', { timeout: 15_000 });
  await expect(next).toContainText('envia em');
  await shot(page, 'trading-home-next-entry-375');
  const open = card.getByRole('list', { name: 'Ordens abertas' });
  await expect(open).toContainText('EURUSD · Compra (CALL) · entrada', {
    timeout: at - Date.now() + 20_000,
  });
  await expect(open).toContainText(/expira em \d:\d\d/);
  await shot(page, 'trading-home-open-order-375');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // Settled at expiry: one decided signal on the score, no open order left. The paper price can
  // end where it started (a draw): then the same stake goes again at the next candle (ROBOT.md §1).
  const settled = () =>
    ownOrdersOf(trader).filter((o) => o.state !== 'placed' && o.state !== 'open');
  await expect
    .poll(() => settled().length === expectedAfterDraws(['EURUSD'], settled()).length, {
      timeout: at + 3 * MINUTE - Date.now() + 30_000,
      intervals: [2_000],
    })
    .toBe(true);
  await expect(card.getByText('Nenhuma ordem aberta.')).toBeVisible({ timeout: 15_000 });
  const placed = ownOrdersOf(trader).length;
  const orders = card.getByRole('group', { name: 'Ordens hoje' });
  await expect(orders).toHaveText(new RegExp(`Ordens hoje\\s*${placed}`));
  const score = await card.getByRole('group', { name: 'Placar por sinal (W × L)' }).innerText();
  const draws = await card.getByRole('group', { name: 'Empates (sinais)' }).innerText();
  expect([score.includes('1 × 0'), score.includes('0 × 1'), draws.includes('1')]).toContain(true);
  await shot(page, 'trading-home-settled-375');

  // The orders page lists it with its result; the CSV link exports the same list.
  await page.goto('/orders');
  const history = page.getByRole('list', { name: 'Histórico de ordens' });
  // One signal, its one order under it, with the signal's result.
  const signal = history.getByRole('listitem', { name: /^Sinal EURUSD · / });
  await expect(signal).toHaveCount(1);
  await expect(signal).toHaveAccessibleName(/^Sinal EURUSD · (Win na entrada|Loss|Empate)$/);
  await expect(signal).toContainText('sala-vip · 2,00');
  const csv = await page.request.get(
    (await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')) ?? '',
  );
  expect(csv.ok()).toBe(true);
  expect(await csv.text()).toContain('EURUSD');
  await shot(page, 'trading-orders-375');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // The chart draws the settlement; the latency waterfall shows the signal's steps.
  await page.goto('/results');
  const summary = placed === 1 ? '1 ordem liquidada' : `${placed} ordens liquidadas`;
  await expect(page.getByText(new RegExp(`^${summary} · saldo `))).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('figure', { name: 'Saldo' }).locator('svg').first()).toBeVisible();
  await shot(page, 'trading-chart-375');
  await page.goto('/latency');
  await expect(page.getByRole('list', { name: /^Sinal \d+$/ }).first()).toContainText('liquidado:');
  await shot(page, 'trading-latency-375');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // English: the same bot, the same figures.
  await page.goto('/');
  await page.getByRole('button', { name: /English/ }).click();
  const cardEn = page.getByRole('region', { name: `Robot ${trader.userid}` });
  await expect(cardEn.getByRole('switch', { name: 'Robot on' })).toBeChecked();
  await expect(cardEn.getByRole('group', { name: 'Orders today' })).toHaveText(
    new RegExp(`Orders today\\s*${placed}`),
  );
  await shot(page, 'trading-home-settled-375-en');
  await page.goto('/activity');
  await expect(page.getByRole('list', { name: 'Robot activity' })).toContainText(
    'Signal GBPUSD Call (up) not traded: The robot is off: switch it on to trade signals.',
  );
  await shot(page, 'trading-feed-375-en');
  await page.context().close();
});

test('an expired bot says why it did not trade, on the dashboard and in the feed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const trader = newTrader('expired', 8);
  const page = await openPhone(browser, baseURL);
  await registerAndLogIn(page, trader);
  await saveGlobalParams(page, trader);
  await verifyFromOutbox(page, trader);
  await page.reload();
  const card = page.getByRole('region', { name: `Robô ${trader.userid}` });
  const toggle = card.getByRole('switch', { name: 'Robô ligado' });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toBeChecked({ timeout: 15_000 });

  // The subscription lapsed a minute ago: the bot stays on but trades nothing, and says why.
  expireBot(trader, Math.floor(Date.now() / 1000) - 60);
  await page.reload();
  await expect(card.getByRole('alert')).toContainText(
    'Robô vencido: renove o robô para voltar a operar.',
  );
  await shot(page, 'trading-home-expired-375');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  // A slow network: the feed's first read is answered only after the signal came and was
  // refused, with what it read before. The screen must still show the refusal (the live stream's
  // opening or its event reads again), not stay on that answer while the stream keeps it from
  // polling.
  await page.route(
    (url) => url.pathname === '/api/trading/activity',
    async (route) => {
      const response = await route.fetch();
      postSignal(trader, 'USDJPY', Date.now() + 20_000);
      await expect.poll(() => signalDecided(trader, 'USDJPY'), { timeout: 15_000 }).toBe(true);
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  await page.getByRole('link', { name: 'Atividade' }).first().click();
  const feed = page.getByRole('list', { name: 'Atividade do robô' });
  await expect(feed.getByRole('listitem').first()).toContainText(
    'Sinal USDJPY Compra (CALL) não operado: Robô vencido: renove o robô para voltar a operar.',
    { timeout: 15_000 },
  );
  await shot(page, 'trading-feed-expired-375');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // Spanish: the same reason on the feed and the dashboard.
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('list', { name: 'Actividad del robot' })).toContainText(
    'El robot venció: renuévelo para volver a operar.',
  );
  await shot(page, 'trading-feed-expired-375-es');
  await page.goto('/');
  const cardEs = page.getByRole('region', { name: `Robot ${trader.userid}` });
  await expect(cardEs.getByRole('alert')).toContainText(
    'El robot venció: renuévelo para volver a operar.',
  );
  await shot(page, 'trading-home-expired-375-es');
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await page.context().close();
});
