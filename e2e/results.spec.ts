import { expect, test } from '@playwright/test';
import {
  followLocalChannel,
  horizontalOverflow,
  newTrader,
  openPhone,
  registerAndLogIn,
  shot,
  type Trader,
  withServerDb,
} from './support.ts';

// Results as traders count them: a channel's settled signals (a win at entry, a win at G1, a loss
// after G1, a draw) are scored per signal on home, on `/orders` (each signal's orders under it)
// and on the channel's card, in pt-BR, en-US and es-ES, on a 375 px phone and a desktop. The
// history is written into the ledger as the robot writes it; the robot's own trading is the other
// specs' job, the arithmetic the server's and the robot package's tests'.

const DAY = 86_400_000;
const TRADER_OFFSET = -3 * 3_600_000; // the trader's default clock, UTC−3

/** 2,00 at 87 %: win +1,74; the G1 of 4,00 wins +3,48. Total −2,78 over four signals. */
const HISTORY = [
  { asset: 'EURUSD', orders: [{ stake: 200, state: 'won', pnl: 174 }] },
  {
    asset: 'GBPUSD',
    orders: [
      { stake: 200, state: 'lost', pnl: -200 },
      { stake: 400, state: 'won', pnl: 348 },
    ],
  },
  {
    asset: 'USDJPY',
    orders: [
      { stake: 200, state: 'lost', pnl: -200 },
      { stake: 400, state: 'lost', pnl: -400 },
    ],
  },
  { asset: 'AUDUSD', orders: [{ stake: 200, state: 'draw', pnl: 0 }] },
] as const;

/** Writes the history into the server's ledger, today on the trader's clock. */
function seedHistory(trader: Trader, channelId: string): void {
  const now = Date.now();
  const dayStart = Math.floor((now + TRADER_OFFSET) / DAY) * DAY - TRADER_OFFSET;
  let at = Math.max(now - 10 * 60_000, dayStart + 1_000);
  withServerDb((db) => {
    const bot = db.prepare('select id from bots where userid = ?').get(trader.userid) as {
      id: number;
    };
    const signal = db.prepare(
      `insert into signals (bot_id, channel_id, status, asset, direction, signal_at,
         timeframe_min, signal_type, delay_ms, dedupe_key, received_at, parsed_at, decided_at,
         decision)
       values (?, ?, 'accepted', ?, 'CALL', ?, 1, 8, 0, ?, ?, ?, ?, 'traded') returning id`,
    );
    const order = db.prepare(
      `insert into orders (bot_id, signal_id, channel_id, client_ref, session_ref, gale_level,
         broker_id, account_type, asset, direction, stake_cents, payout_pct, state, send_at,
         expires_at, attempted_at, confirmed_at, settled_at, pnl_cents, created_at, fanned_out_at)
       values (?, ?, ?, ?, ?, ?, 1, 1, ?, 'CALL', ?, 87, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const [i, s] of HISTORY.entries()) {
      const { id } = signal.get(
        bot.id,
        channelId,
        s.asset,
        at,
        `seed-${i}`,
        at - 60_000,
        at - 60_000,
        at - 30_000,
      ) as { id: number };
      for (const [gale, o] of s.orders.entries()) {
        const ref = `s${id}-g${gale}`;
        order.run(
          bot.id,
          id,
          channelId,
          ref,
          ref,
          gale,
          s.asset,
          o.stake,
          o.state,
          at,
          at + 5_000,
          at,
          at,
          at + 5_000,
          o.pnl,
          at,
          at,
        );
        at += 6_000;
      }
    }
  });
}

const LANGUAGES = [
  {
    button: 'Português (Brasil)',
    results: 'Resultados por canal',
    summary: [
      '2 × 1 · 66,7 % · empata em 78,8 %',
      '4 sinais · 1 na entrada · 1 no G1 · 1 empate · -2,78',
    ],
    orders: 'Histórico de ordens',
    groups: [
      'Sinal EURUSD · Win na entrada',
      'Sinal GBPUSD · Win no G1',
      'Sinal USDJPY · Loss',
      'Sinal AUDUSD · Empate',
    ],
    g1: '4,00',
    card: 'Resultado dos últimos 30 dias',
  },
  {
    button: 'English',
    results: 'Results by channel',
    summary: [
      '2 × 1 · 66.7 % · breaks even at 78.8 %',
      '4 signals · 1 at entry · 1 at G1 · 1 draw · -2.78',
    ],
    orders: 'Order history',
    groups: [
      'Signal EURUSD · Win at entry',
      'Signal GBPUSD · Win at G1',
      'Signal USDJPY · Loss',
      'Signal AUDUSD · Draw',
    ],
    g1: '4.00',
    card: 'Result of the last 30 days',
  },
  {
    button: 'Español',
    results: 'Resultados por canal',
    summary: [
      '2 × 1 · 66,7 % · equilibrio en 78,8 %',
      '4 señales · 1 en la entrada · 1 en G1 · 1 empate · -2,78',
    ],
    orders: 'Historial de órdenes',
    groups: [
      'Señal EURUSD · Ganancia en la entrada',
      'Señal GBPUSD · Ganancia en G1',
      'Señal USDJPY · Pérdida',
      'Señal AUDUSD · Empate',
    ],
    g1: '4,00',
    card: 'Resultado de los últimos 30 días',
  },
] as const;

test('results per signal and per channel on home, orders and the card, in three languages, phone and desktop', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const trader = newTrader('placar', 3);
  const page = await openPhone(browser, baseURL);
  await registerAndLogIn(page, trader);
  const idNum = await followLocalChannel(page, trader, 'Sala Placar');
  seedHistory(trader, idNum);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
    for (const lang of LANGUAGES) {
      await page.goto('/');
      await page.getByRole('button', { name: lang.button }).click();
      const channel = page
        .getByRole('region', { name: lang.results })
        .getByRole('listitem')
        .filter({ hasText: 'Sala Placar' });
      for (const line of lang.summary) await expect(channel).toContainText(line);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `results-home-${width}-${lang.button}`);

      // Each signal's orders under it, with the signal's result.
      await page.goto('/orders');
      const history = page.getByRole('list', { name: lang.orders });
      for (const group of lang.groups) {
        await expect(history.getByRole('listitem', { name: group, exact: true })).toBeVisible();
      }
      const gbp = history.getByRole('listitem', { name: lang.groups[1], exact: true });
      await expect(gbp).toContainText(lang.g1);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `results-orders-${width}-${lang.button}`);

      await page.goto('/configure-channels');
      const card = page
        .getByRole('region', { name: 'Sala Placar' })
        .getByRole('group', { name: lang.card });
      for (const line of lang.summary) await expect(card).toContainText(line);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await shot(page, `results-card-${width}-${lang.button}`);
    }
  }
  await page.context().close();
});
