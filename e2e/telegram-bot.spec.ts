import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import type { FakeBotApi } from '../apps/server/src/test/fake-bot-api.ts';
import { botServerURL, startBotServer } from './bot-server.ts';
import { newTrader, nextMinute, registerAndLogIn, saveGlobalParams, shot } from './support.ts';

// The operator's Telegram bot from the browser: a new trader verifies the bot by the
// deep link — the fake Bot API delivers the `/start <token>` Telegram would send when the trader
// taps Start — the panel updates by itself, and the first order the robot sends reaches the
// trader's chat. This needs a server with TELEGRAM_BOT_TOKEN and TELEGRAM_BOT_API_URL (the fake):
// it starts its own, on a port and data directory of its own, so the shared server's outbox-file
// set-up stays as the other specs need it.

const baseURL = botServerURL(500);
let fake: FakeBotApi;
let dataDir: string;
let stop: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  ({ fake, dataDir, stop } = await startBotServer(baseURL, 'telegram-bot'));
});

test.afterAll(async () => {
  await stop?.();
});

/** An accepted signal for the trader's bot, written as the reader writes it (support.ts). */
function postSignal(userid: string, asset: string, atMs: number): void {
  const db = new Database(join(dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const bot = db.prepare('select id from bots where userid = ?').get(userid) as { id: number };
    const now = Date.now();
    db.prepare(
      `insert into signals (bot_id, channel_id, status, asset, direction, signal_at,
         timeframe_min, signal_type, delay_ms, dedupe_key, received_at, parsed_at)
       values (?, 'sala-vip', 'accepted', ?, 'CALL', ?, 1, 8, 0, ?, ?, ?)`,
    ).run(bot.id, asset, atMs, `${asset}-CALL-${atMs}`, now - 40, now - 35);
  } finally {
    db.close();
  }
}

test('a new bot is verified through the deep link and its first order reaches the chat', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const trader = newTrader('tgbot', 7);
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 1280, height: 860 },
  });
  const page = await context.newPage();
  await registerAndLogIn(page, trader);
  const chatId = Number(trader.userid);

  // Home, right after registering: the bot is pending and offers the deep link to the bot.
  const pending = page.getByRole('alert').filter({
    hasText: `O bot ${trader.userid} ainda não está verificado e não opera.`,
  });
  await expect(pending).toBeVisible();
  const button = pending.getByRole('link', { name: /Verificar no Telegram/ });
  await expect(button).toHaveAttribute(
    'href',
    new RegExp(`^https://t\\.me/${fake.username}\\?start=v[\\w-]{32}$`),
  );
  await shot(page, 'telegram-verify-pending');
  const token = new URL((await button.getAttribute('href')) ?? '').searchParams.get('start');

  // The trader taps Start in Telegram: the bot receives /start <token> from the bot's own id,
  // and asks first which panel account claims the id (masked e-mail) before verifying.
  const tapper = { id: chatId, language_code: 'pt-br' };
  fake.sendText(tapper, `/start ${token}`);
  await expect
    .poll(() => fake.textsTo(chatId).at(-1), { timeout: 30_000 })
    .toBe(
      `A conta ${trader.email[0]}***@${trader.email.split('@')[1]} do painel pediu o ID ${trader.userid}. Foi você? Confirme só se essa conta é sua: quem confirmar fica com o ID.`,
    );
  const question = fake.sent.filter((m) => m.chat_id === chatId).at(-1)!;
  // The second tap, "Sim, sou eu" (tapped again while the bot asks to wait: one update a second).
  await expect
    .poll(
      () => {
        if (question.text.startsWith('A conta')) fake.pressButton(tapper, question, `vy:${token}`);
        return question.text;
      },
      { timeout: 30_000, intervals: [1_100] },
    )
    .toBe(`✅ Bot ${trader.userid} verificado. Volte ao painel: ele já pode operar.`);
  // The panel sees it by itself: the pending notice goes away.
  await expect(pending).toHaveCount(0, { timeout: 15_000 });
  await shot(page, 'telegram-verify-done');

  // Settings saved, robot switched on from home; a signal for the next minute is traded.
  await saveGlobalParams(page, trader);
  await page.reload();
  const card = page.getByRole('region', { name: `Robô ${trader.userid}` });
  const toggle = card.getByRole('switch', { name: 'Robô ligado' });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toBeChecked({ timeout: 15_000 });
  const at = nextMinute(20_000);
  postSignal(trader.userid, 'EURUSD', at);

  // The order sent reaches the trader's chat, in the panel's language (pt-BR).
  await expect
    .poll(() => fake.textsTo(chatId).find((text) => text.startsWith('📈')), {
      timeout: at - Date.now() + 60_000,
    })
    .toBe(`📈 ${trader.userid} (Simulador): ordem enviada — EURUSD CALL, entrada 2,00, entrada.`);
});
