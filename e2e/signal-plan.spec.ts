import { expect, test } from '@playwright/test';
import {
  apiPost,
  followLocalChannel,
  horizontalOverflow,
  newTrader,
  openPage,
  registerAndLogIn,
  saveGlobalParams,
  shot,
  traderClock,
  verifyFromOutbox,
} from './support.ts';

// One plan per signal and the truth in every view: a channel whose card
// says 2 gales posts "(gale 1)"; the tester and the card's last signals say 1 gale, and say the
// robot refuses it (the bot is off) with the feed's reason, never "Aceito".

const trader = newTrader('plano', 5);

/**
 * `HH:MM` of the next minute on the channel's clock (UTC−3), once that minute is inside the
 * robot's decision window (an entry is decided from 30 s before it is sent): the reader's line is
 * decided at once, not minutes later.
 */
async function nextMinuteInDecisionWindow(): Promise<string> {
  const MINUTE = 60_000;
  await expect
    .poll(
      () => {
        const left = MINUTE - (Date.now() % MINUTE);
        return left > 12_000 && left < 25_000;
      },
      { timeout: 2 * MINUTE, intervals: [250] },
    )
    .toBe(true);
  return traderClock(Math.ceil(Date.now() / MINUTE) * MINUTE);
}

test('a "(gale 1)" signal shows 1 gale with the card at 2, and the refusal with its reason', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
  await saveGlobalParams(page, trader, { galenum: 2, galefat: 2.2 });
  await verifyFromOutbox(page, trader);
  const idNum = await followLocalChannel(page, trader, 'Sala Gale');
  const groups = await page.request.get(
    `/api/getgroups?userid=${trader.userid}&traderid=${trader.userid}`,
  );
  const [card] = (await groups.json()) as Record<string, unknown>[];
  await apiPost(page, '/savegroup', { ...card, galenum: 2 });

  await page.goto(`/signal-tester?channel=${idNum}`);
  const time = await nextMinuteInDecisionWindow();
  await page.getByLabel(/Mensagem/).fill(`🔔 EUR/USD - ${time} - CALL - M1 (gale 1)`);
  await page.getByRole('button', { name: 'Testar' }).click();
  const result = page.getByRole('list', { name: 'Resultado' });
  await expect(result).toContainText('1 gale(s)');
  await expect(result).toContainText(
    'O robô recusaria agora — Robô desligado: ligue-o para operar os sinais.',
  );
  await expect(result).not.toContainText('Aceito');

  // Sent to the channel: the reader reads it, the robot (off) refuses it, the list says so.
  await page.getByRole('button', { name: 'Enviar ao canal' }).click();
  const latest = page.getByRole('list', { name: 'Últimos sinais do canal' });
  // The robot decides on its own pass: read the list again until it has.
  await expect(async () => {
    await page.reload();
    await expect(latest).toContainText(
      'Recusado pelo robô — Robô desligado: ligue-o para operar os sinais.',
      { timeout: 2_000 },
    );
  }).toPass({ timeout: 45_000 });
  await expect(latest).toContainText('1 gale(s)');
  await shot(page, 'signal-plan-tester');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/configure-channels');
  const onCard = page
    .getByRole('region', { name: 'Sala Gale' })
    .getByRole('list', { name: 'Últimos sinais' });
  await expect(onCard).toContainText('1 gale(s)');
  await expect(onCard).toContainText('Recusado pelo robô — Robô desligado');
  await expect(onCard).not.toContainText('Aceito');
  expect(await horizontalOverflow(page)).toBe(0);
  await shot(page, 'signal-plan-card-375');
  await page.context().close();
});
