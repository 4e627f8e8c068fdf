import { expect, test, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import {
  horizontalOverflow,
  newTrader,
  registerAndLogIn,
  shot,
  verifyFromOutbox,
  type Trader,
} from './support.ts';

// Copy execution (issue 9): a trader's order is copied to its accepted follower on the paper
// broker; the follower's feed says whose order it copies, and both see /copystats — the trader
// in pt-BR, the follower in English, on a 375 px phone. The follow request and its acceptance
// are the copy-server branch's screens: here the accepted follow is written into the database.

const MINUTE = 60_000;

function withDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(join(process.env.E2E_DATA_DIR ?? '', 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

const botIdOf = (db: Database.Database, userid: string): number =>
  (db.prepare('select id from bots where userid = ?').get(userid) as { id: number }).id;

function acceptFollow(trader: Trader, follower: Trader): void {
  withDb((db) => {
    const now = Date.now();
    const traderBot = botIdOf(db, trader.userid);
    db.prepare(
      `insert into copy_trader_settings (bot_id, copy_trader_en, signal_type, delaysig, broker_id,
         candle_color, timeframe, pares_filter, stake_min, updated_at)
       values (?, 1, 7, '0', 0, 0, 0, '', 0, ?)`,
    ).run(traderBot, now);
    db.prepare(
      `insert into copy_follows (product, follower_bot_id, trader_bot_id, state, follower_name,
         exp_copy, requested_at, decided_at, trader_ena, acptdemo, lote, lote_type, updated_at)
       values ('copy', ?, ?, 'accepted', 'seguidor', 0, ?, ?, 1, 1, 3, 1, ?)`,
    ).run(botIdOf(db, follower.userid), traderBot, now, now, now);
  });
}

function postSignal(trader: Trader, asset: string, atMs: number): void {
  withDb((db) => {
    const now = Date.now();
    db.prepare(
      `insert into signals (bot_id, channel_id, status, asset, direction, signal_at,
         timeframe_min, signal_type, delay_ms, dedupe_key, received_at, parsed_at)
       values (?, 'sala-vip', 'accepted', ?, 'CALL', ?, 1, 8, 0, ?, ?, ?)`,
    ).run(botIdOf(db, trader.userid), asset, atMs, `${asset}-CALL-${atMs}`, now - 40, now - 35);
  });
}

async function phone(browser: Browser, baseURL: string | undefined, locale: string) {
  const context = await browser.newContext({
    baseURL,
    locale,
    viewport: { width: 375, height: 812 },
  });
  return context.newPage();
}

async function readyBot(page: Page, trader: Trader, on: boolean): Promise<void> {
  const origin = new URL(page.url()).origin;
  const saved = await page.request.post(`/api/globalparams?userid=${trader.userid}`, {
    headers: { origin },
    data: {
      accType: 1,
      optionType: 1,
      loteType: 1,
      stopType: 1,
      lote: 2,
      galenum: 0,
      galefat: 2,
      stopWin: 0,
      stopLoss: 0,
      payout: 0,
      brokerID: 1,
      traderMode: on ? 1 : 2,
      loginMethod: 1,
      strategySel: 1,
      typeOperation: 1,
      stopMovel: 0,
      userid: trader.userid,
    },
  });
  expect(saved.ok()).toBe(true);
  await verifyFromOutbox(page, trader);
  if (on) {
    const cmd = await page.request.post('/api/sendbotcmd', {
      headers: { origin },
      data: { userid: trader.userid, botCmd: 1 },
    });
    expect(cmd.ok()).toBe(true);
  }
}

test("a trader's order is copied to its follower, shown in the follower's feed and both copy statistics", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const trader = newTrader('ctrader', 6);
  const follower = newTrader('cfollow', 5);
  const traderPage = await phone(browser, baseURL, 'pt-BR');
  await registerAndLogIn(traderPage, trader);
  await readyBot(traderPage, trader, true);
  const followerPage = await phone(browser, baseURL, 'pt-BR');
  await registerAndLogIn(followerPage, follower);
  await readyBot(followerPage, follower, false);
  acceptFollow(trader, follower);

  const at = Math.ceil((Date.now() + 20_000) / MINUTE) * MINUTE;
  postSignal(trader, 'EURUSD', at);

  // The follower's feed: the copy is an order of its own bot, saying whose order it copies.
  await followerPage.goto('/activity?lng=en-US');
  const feed = followerPage.getByRole('list', { name: 'Robot activity' });
  await expect(feed).toContainText(`Copy of trader ${trader.userid} opened: EURUSD`, {
    timeout: at - Date.now() + 30_000,
  });

  // The follower's copy statistics, in English: the copy beside the leader's order.
  // Linked from the home dashboard's live-view menu.
  await followerPage.goto('/');
  await followerPage
    .getByRole('navigation', { name: 'Follow the robot' })
    .getByRole('link', { name: 'Copy statistics' })
    .click();
  await expect(followerPage.getByRole('heading', { name: 'Copy statistics' })).toBeVisible();
  await followerPage.getByRole('tab', { name: 'As follower' }).click();
  const copies = followerPage.getByRole('list', { name: 'As follower' });
  await expect(copies).toContainText(`Trader ${trader.userid} · EURUSD`);
  await expect(copies).toContainText('Leader: 2.00');
  await expect(copies).toContainText('You: 3.00');
  expect(await horizontalOverflow(followerPage)).toBeLessThanOrEqual(0);
  await shot(followerPage, 'copy-stats-follower-en-375');

  // The trader's view, in pt-BR: one follower placed, none skipped or failed.
  await traderPage.goto('/copystats');
  const orders = traderPage.getByRole('list', { name: 'Como trader' });
  await expect(orders).toContainText('Enviadas: 1');
  await expect(orders).toContainText('Falharam: 0');
  await expect(orders).toContainText('Até o último seguidor');
  expect(await horizontalOverflow(traderPage)).toBeLessThanOrEqual(0);
  await shot(traderPage, 'copy-stats-trader-pt-375');
});
