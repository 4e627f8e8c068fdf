import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  horizontalOverflow,
  newTrader,
  nextMinute,
  notice,
  openFromHome,
  openPhone,
  postSignal,
  registerAndLogIn,
  saveGlobalParams,
  shot,
  type Trader,
  verifyFromOutbox,
} from './support.ts';

// Copy execution end to end as a new user tries it: a trader and a follower, each in their own
// browser on a 375 px phone, build the relationship only through the screens reached from the menus
// — request, accept, the follower's card (enabled, demo accepted, its stake), the trader's copy
// switch — both bots switched on from the dashboard; then the trader's order (a signal, written as
// the reader does, as trading.spec does) is copied to the follower on the paper broker: it appears
// on the follower's dashboard and feed, settles, and both /copystats views show it. Copy trading in
// pt-BR, MetaCopy in English.

const MINUTE = 60_000;

/** A logged-in 375 px phone whose bot has its general settings saved and its id verified. */
async function phone(browser: Browser, baseURL: string | undefined, who: Trader): Promise<Page> {
  const page = await openPhone(browser, baseURL);
  await registerAndLogIn(page, who);
  await saveGlobalParams(page, who);
  await verifyFromOutbox(page, who);
  return page;
}

/** The figure a dashboard group shows ("Ordens hoje 2" → 2). */
async function figure(card: Locator, group: string): Promise<number> {
  const text = await card.getByRole('group', { name: group }).innerText();
  return Number(/\d+/.exec(text)?.[0] ?? NaN);
}

/**
 * Waits until the trader's order and its copy have settled and neither dashboard shows an open
 * order, and returns the trader's draws. The paper price can end where it started (a draw): a
 * draw advances nothing and the same stake is sent again (ROBOT.md §1), so the trader's robot is
 * idle one order later, with one more order today, and that order is copied too. The copy opens
 * at its own instant, so its result can differ from the trader's (one a draw, the other not):
 * the follower has as many orders today as the trader, whatever its own draws.
 */
async function settledCopy(
  leader: Locator,
  follower: Locator,
  texts: { none: string; ordersToday: string; draws: string },
  deadline: number,
): Promise<number> {
  let draws = 0;
  await expect
    .poll(
      async () => {
        draws = await figure(leader, texts.draws);
        const leaderOrders = await figure(leader, texts.ordersToday);
        const idle =
          (await leader.getByText(texts.none).isVisible()) &&
          (await follower.getByText(texts.none).isVisible());
        return (
          idle &&
          leaderOrders === 1 + draws &&
          (await figure(follower, texts.ordersToday)) === leaderOrders
        );
      },
      { timeout: deadline - Date.now() },
    )
    .toBe(true);
  return draws;
}

/** Switches the bot on from the home dashboard's card. */
async function switchOn(page: Page, who: Trader, robot: string, switchName: string) {
  await page.goto('/');
  const card = page.getByRole('region', { name: `${robot} ${who.userid}` });
  const toggle = card.getByRole('switch', { name: switchName });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toBeChecked({ timeout: 15_000 });
}

test('copy trading in pt-BR: request, accept, configure, and the trader’s order copied, settled and counted', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const trader = newTrader('ctrader', 6);
  const follower = newTrader('cfollow', 5);
  const traderPage = await phone(browser, baseURL, trader);
  const followerPage = await phone(browser, baseURL, follower);

  // The follower asks to follow; the trader accepts it among its followers.
  await openFromHome(followerPage, 'Copy trade', 'Seguir um trader');
  await followerPage.getByLabel('Trader ID').fill(trader.userid);
  await followerPage.getByLabel('Seu nome').fill('Bia');
  await followerPage.getByRole('button', { name: 'Enviar pedido' }).click();
  await expect(followerPage).toHaveURL(/\/copytrader$/);
  const request = followerPage.getByRole('listitem', { name: `Trader ${trader.userid}` });
  await expect(request).toContainText('Pendente');
  await openFromHome(traderPage, 'Copy trade', 'Seguidores');
  await traderPage
    .getByRole('listitem', { name: 'Bia' })
    .getByRole('button', { name: 'Aceitar' })
    .click();
  await expect(traderPage.getByRole('region', { name: 'Bia' })).toContainText(
    `ID: ${follower.userid}`,
  );

  // The follower's card for this trader: copy on, demo orders accepted, a fixed stake of 3.
  await openFromHome(followerPage, 'Copy trade', 'Configurar traders seguidos');
  const card = followerPage.getByRole('region', { name: `Trader ${trader.userid}` });
  await card.getByLabel('Copiar este trader').check();
  await card.getByLabel('Aceitar ordens de conta demo').check();
  // A new card's stake is 0, which would skip every copy: an enabled card asks for one.
  await card.getByRole('button', { name: 'Salvar' }).click();
  await expect(card.getByRole('alert')).toContainText(
    'Informe o valor da entrada para copiar este trader',
  );
  await card.getByLabel('Valor da entrada').fill('3');
  await card.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(card, 'Parâmetros salvos')).toBeVisible();
  await shot(followerPage, 'copy-e2e-follower-card-375');

  // The trader switches copy trading on (everything else as the screen opens).
  await openFromHome(traderPage, 'Copy trade', 'Configuração Trader');
  await traderPage.getByLabel('Ativar copy trade').check();
  await traderPage.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(traderPage, 'Parâmetros salvos')).toBeVisible();
  await shot(traderPage, 'copy-e2e-trader-config-375');

  // Both bots on, from the dashboard.
  await switchOn(traderPage, trader, 'Robô', 'Robô ligado');
  await switchOn(followerPage, follower, 'Robô', 'Robô ligado');

  // The trader's order: the copy opens on the follower's dashboard, then settles.
  const at = nextMinute(20_000);
  postSignal(trader, 'EURUSD', at);
  const robot = followerPage.getByRole('region', { name: `Robô ${follower.userid}` });
  const open = robot.getByRole('list', { name: 'Ordens abertas' });
  await expect(open).toContainText('EURUSD · Compra (CALL) · entrada', {
    timeout: at - Date.now() + 30_000,
  });
  await shot(followerPage, 'copy-e2e-follower-open-375');
  const leader = traderPage.getByRole('region', { name: `Robô ${trader.userid}` });
  const draws = await settledCopy(
    leader,
    robot,
    { none: 'Nenhuma ordem aberta.', ordersToday: 'Ordens hoje', draws: 'Empates' },
    at + 3 * MINUTE,
  );
  await shot(followerPage, 'copy-e2e-follower-settled-375');

  // The follower's feed says whose order it copied.
  await followerPage.goto('/activity');
  await expect(followerPage.getByRole('list', { name: 'Atividade do robô' })).toContainText(
    `Cópia do trader ${trader.userid} aberta: EURUSD`,
  );
  await shot(followerPage, 'copy-e2e-follower-feed-375');

  // Both copy statistics, from the Copy trade menu: the settled copy beside the leader's order.
  await openFromHome(followerPage, 'Copy trade', 'Estatísticas de cópia');
  await followerPage.getByRole('tab', { name: 'Como seguidor' }).click();
  const copies = followerPage.getByRole('list', { name: 'Como seguidor' });
  await expect(copies).toContainText(`Trader ${trader.userid} · EURUSD`);
  await expect(copies).toContainText(/Trader: 2,00 · (win|loss|empate)/);
  await expect(copies).toContainText(/Você: 3,00 · (win|loss|empate)/);
  expect(await horizontalOverflow(followerPage)).toBeLessThanOrEqual(0);
  await shot(followerPage, 'copy-e2e-stats-follower-375');
  await openFromHome(traderPage, 'Copy trade', 'Estatísticas de cópia');
  const orders = traderPage.getByRole('list', { name: 'Como trader' });
  await expect(orders).toContainText('Copy trade');
  // After a draw the leader's own order may have been sent again, and copied again. The list's
  // text runs its figures together ("Enviadas: 1Falharam: 0"): no `\b` after the count.
  await expect(orders).toContainText(draws === 0 ? 'Enviadas: 1' : /Enviadas: [12](?!\d)/);
  await expect(orders).toContainText('Falharam: 0');
  await shot(traderPage, 'copy-e2e-stats-trader-375');
  await traderPage.context().close();
  await followerPage.context().close();
});

test('MetaCopy in English: request, accept, configure, and the trader’s order copied, settled and counted', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000);
  const trader = newTrader('mtrader', 6);
  const follower = newTrader('mfollow', 5);
  const traderPage = await phone(browser, baseURL, trader);
  const followerPage = await phone(browser, baseURL, follower);
  for (const page of [traderPage, followerPage]) {
    await page.goto('/');
    await page.getByRole('button', { name: /English/ }).click();
  }

  await openFromHome(followerPage, 'MetaCopy', 'Follow a trader on MetaCopy');
  await followerPage.getByLabel('Trader ID').fill(trader.userid);
  await followerPage.getByLabel('Your name').fill('Bia Meta');
  await followerPage.getByRole('button', { name: 'Send request' }).click();
  await expect(followerPage).toHaveURL(/\/configmetatrader$/);
  await expect(
    followerPage.getByRole('listitem', { name: `Trader ${trader.userid}` }),
  ).toContainText('Pending');
  await openFromHome(traderPage, 'MetaCopy', 'Followers list');
  await traderPage
    .getByRole('listitem', { name: 'Bia Meta' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(traderPage.getByRole('region', { name: 'Bia Meta' })).toContainText(
    `ID: ${follower.userid}`,
  );

  // The trader's own MetaCopy record, enabled.
  await openFromHome(traderPage, 'MetaCopy', 'MetaCopy trader settings');
  const record = traderPage.getByRole('region', { name: `Trader ${trader.userid}` });
  await record.getByLabel('Enable').check();
  await record.getByRole('button', { name: 'Save' }).click();
  await expect(notice(record, 'Settings saved')).toBeVisible();
  await shot(traderPage, 'meta-e2e-trader-record-375');

  // The follower's card: enabled, a stake of 3.
  await openFromHome(followerPage, 'MetaCopy', 'MetaCopy follower settings');
  const setting = followerPage.getByRole('region', { name: `ID ${trader.userid}` });
  await setting.getByLabel('Enable').check();
  await setting.getByLabel('Stake').fill('3');
  await setting.getByRole('button', { name: 'Save' }).click();
  await expect(notice(setting, 'Settings saved')).toBeVisible();
  await shot(followerPage, 'meta-e2e-follower-card-375');

  await switchOn(traderPage, trader, 'Robot', 'Robot on');
  await switchOn(followerPage, follower, 'Robot', 'Robot on');

  const at = nextMinute(20_000);
  postSignal(trader, 'GBPUSD', at);
  const robot = followerPage.getByRole('region', { name: `Robot ${follower.userid}` });
  await expect(robot.getByRole('list', { name: 'Open orders' })).toContainText('GBPUSD', {
    timeout: at - Date.now() + 30_000,
  });
  await shot(followerPage, 'meta-e2e-follower-open-375');
  const leader = traderPage.getByRole('region', { name: `Robot ${trader.userid}` });
  const draws = await settledCopy(
    leader,
    robot,
    { none: 'No open orders.', ordersToday: 'Orders today', draws: 'Draws' },
    at + 3 * MINUTE,
  );

  await followerPage.goto('/activity');
  await expect(followerPage.getByRole('list', { name: 'Robot activity' })).toContainText(
    `Copy of trader ${trader.userid} opened: GBPUSD`,
  );
  await shot(followerPage, 'meta-e2e-follower-feed-375');

  await openFromHome(followerPage, 'MetaCopy', 'Copy statistics');
  await followerPage.getByRole('tab', { name: 'As follower' }).click();
  const copies = followerPage.getByRole('list', { name: 'As follower' });
  await expect(copies).toContainText(`Trader ${trader.userid} · GBPUSD`);
  await expect(copies).toContainText(/Trader: 2\.00 · (win|loss|draw)/);
  await expect(copies).toContainText(/You: 3\.00 · (win|loss|draw)/);
  expect(await horizontalOverflow(followerPage)).toBeLessThanOrEqual(0);
  await shot(followerPage, 'meta-e2e-stats-follower-375');
  await openFromHome(traderPage, 'MetaCopy', 'Copy statistics');
  const orders = traderPage.getByRole('list', { name: 'As trader' });
  await expect(orders).toContainText('MetaCopy');
  // After a draw the leader's own order may have been sent again, and copied again.
  await expect(orders).toContainText(draws === 0 ? 'Placed: 1' : /Placed: [12](?!\d)/);
  await expect(orders).toContainText('Failed: 0');
  await shot(traderPage, 'meta-e2e-stats-trader-375');
  await traderPage.context().close();
  await followerPage.context().close();
});
