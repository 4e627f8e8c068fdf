import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import type { FakeBotApi } from '../apps/server/src/test/fake-bot-api.ts';
import { botServerURL, startBotServer } from './bot-server.ts';
import {
  followLocalChannel,
  newTrader,
  nextMinute,
  postToChannel,
  registerAndLogIn,
  saveGlobalParams,
  shot,
  traderClock as clock,
} from './support.ts';

// A channel writes in a format the robot cannot read ("EURUSD 14:30 ALTA"): the trader gets the
// doubt in the feed and in the bot's chat (the fake Bot API) with a link to the tester holding the
// message, teaches the word there, and the channel's next message in that format is traded at its
// time; a message with an unexplained expiry number ("USDJPY 14:31 CALL 5") is never traded with
// the card's default expiry. Like telegram-bot.spec, the chat needs a server with the Telegram bot
// configured (the fake), so this spec starts its own, with PUBLIC_URL for the tester link.

const baseURL = botServerURL(600);
let fake: FakeBotApi;
let dataDir: string;
let stop: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  ({ fake, dataDir, stop } = await startBotServer(baseURL, 'reading', { PUBLIC_URL: baseURL }));
});

test.afterAll(async () => {
  await stop?.();
});

/** The trader's own orders on this server, with when each was to be sent. */
function ordersOf(userid: string): { asset: string; direction: string; sendAt: number }[] {
  const db = new Database(join(dataDir, 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    return db
      .prepare(
        `select o.asset, o.direction, o.send_at as sendAt from orders o
         join bots b on b.id = o.bot_id where b.userid = ? and o.copy_of is null order by o.id`,
      )
      .all(userid) as { asset: string; direction: string; sendAt: number }[];
  } finally {
    db.close();
  }
}

/** Verifies the bot by the deep link, as the trader taps Start and confirms in Telegram. */
async function verifyInTelegram(page: Page, userid: string, chatId: number): Promise<void> {
  const pending = page.getByRole('alert').filter({ hasText: `O bot ${userid} ainda não` });
  const button = pending.getByRole('link', { name: /Verificar no Telegram/ });
  const token = new URL((await button.getAttribute('href')) ?? '').searchParams.get('start');
  const tapper = { id: chatId, language_code: 'pt-br' };
  fake.sendText(tapper, `/start ${token}`);
  await expect
    .poll(() => fake.textsTo(chatId).at(-1), { timeout: 30_000 })
    .toMatch(/^A conta .* pediu o ID/);
  const question = fake.sent.filter((m) => m.chat_id === chatId).at(-1)!;
  await expect
    .poll(
      () => {
        if (question.text.startsWith('A conta')) fake.pressButton(tapper, question, `vy:${token}`);
        return question.text;
      },
      { timeout: 30_000, intervals: [1_100] },
    )
    .toBe(`✅ Bot ${userid} verificado. Volte ao painel: ele já pode operar.`);
  await expect(pending).toHaveCount(0, { timeout: 15_000 });
}

test('a doubt reaches the feed and the chat, one word taught in the tester, the next message traded at its time', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const trader = newTrader('leitura', 8);
  const chatId = Number(trader.userid);
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 1280, height: 860 },
  });
  const page = await context.newPage();
  await registerAndLogIn(page, trader);
  await verifyInTelegram(page, trader.userid, chatId);
  await saveGlobalParams(page, trader);
  await page.reload();
  const card = page.getByRole('region', { name: `Robô ${trader.userid}` });
  const toggle = card.getByRole('switch', { name: 'Robô ligado' });
  await expect(toggle).toBeEnabled({ timeout: 20_000 });
  await toggle.click();
  await expect(toggle).toBeChecked({ timeout: 15_000 });
  const idNum = await followLocalChannel(page, trader, 'Sala Alta');

  // The channel's format: a side word the generic lexicon does not know.
  await postToChannel(page, trader, idNum, `EURUSD ${clock(nextMinute(120_000))} ALTA`);
  await expect
    .poll(() => fake.textsTo(chatId).find((text) => text.startsWith('❓')), { timeout: 30_000 })
    .toMatch(
      new RegExp(
        `^❓ ${trader.userid} \\(Simulador\\): Não entendi esta mensagem do canal Sala Alta: “EURUSD \\d\\d:\\d\\d ALTA” — toque para ensinar: ${baseURL}/signal-tester\\?channel=${idNum}&message=\\d+$`,
      ),
    );
  const doubt = fake.textsTo(chatId).find((text) => text.startsWith('❓')) ?? '';
  const link = doubt.slice(doubt.indexOf(baseURL));

  await page.getByRole('link', { name: 'Atividade' }).first().click();
  const feed = page.getByRole('list', { name: 'Atividade do robô' });
  await expect(feed).toContainText('Não entendi esta mensagem do canal Sala Alta');
  await expect(feed).toContainText('Não entendi: ALTA');
  await shot(page, 'reading-doubt-feed');

  // The chat's link opens the tester on that message, the word not understood highlighted.
  await page.goto(link);
  const highlighted = page.getByLabel(/com o que não foi entendido destacado/);
  // The tester reads the stored message first: on a busy host that takes a moment.
  await expect(highlighted.locator('mark', { hasText: 'ALTA' })).toBeVisible({ timeout: 20_000 });
  await shot(page, 'reading-doubt-tester');
  await page.getByRole('button', { name: 'Ensinar "ALTA"' }).click();
  await page.getByLabel('O que significa').selectOption({ label: 'Direção CALL (compra)' });
  await expect(page.getByLabel('Palavra ou símbolo')).toHaveValue('ALTA');
  await page.getByRole('button', { name: 'Ensinar', exact: true }).click();
  // Tested again at once: the same message is now read as a signal.
  const result = page.getByRole('list', { name: 'Resultado' });
  await expect(result).toContainText(/EURUSD CALL ▲ · entrada \d\d:\d\d/);
  await expect(result).toContainText('Sinal lido');
  await shot(page, 'reading-taught');

  // The next message in that format is traded at its time; the one whose number could be the
  // expiry (or the gales) is not traded with the card's default expiry of 1 minute.
  const at = nextMinute(40_000);
  await postToChannel(page, trader, idNum, `GBPUSD ${clock(at)} ALTA`);
  await postToChannel(page, trader, idNum, `USDJPY ${clock(at)} CALL 5`);
  await expect
    .poll(() => fake.textsTo(chatId).find((text) => text.startsWith('📈')), {
      timeout: at - Date.now() + 60_000,
    })
    .toBe(`📈 ${trader.userid} (Simulador): ordem enviada — GBPUSD CALL, entrada 2,00, entrada.`);
  const orders = ordersOf(trader.userid);
  expect(orders.map((o) => [o.asset, o.direction])).toEqual([['GBPUSD', 'CALL']]);
  // At its time: signal type 1 (end of candle) sends 2 s before the channel's minute, plus the
  // card's default delay of 1 s.
  expect(orders[0]?.sendAt).toBe(at - 2_000 + 1_000);

  await page.goto('/');
  await page.getByRole('link', { name: 'Atividade' }).first().click();
  await expect(feed).toContainText(
    /Não entendi esta mensagem do canal Sala Alta: “USDJPY .* CALL 5”/,
  );
  await expect(feed).toContainText('Não entendi: 5');
  await shot(page, 'reading-traded-and-doubt');
  // Both were due at the same minute, so the batch that sent GBPUSD would have sent USDJPY too.
  expect(ordersOf(trader.userid).map((o) => o.asset)).toEqual(['GBPUSD']);
  await context.close();
});
