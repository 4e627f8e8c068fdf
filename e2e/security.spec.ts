import { expect, test } from '@playwright/test';
import { newTrader, openPage, registerAndLogIn, shot, verifyFromOutbox } from './support.ts';

// An attacker's page on another site links to SPEC's state-changing GET. The trader's browser
// follows it as a top-level navigation, with the session cookie (SameSite=Lax allows that) and
// without an Origin header: the server must still refuse it.

const trader = newTrader('ataque', 2);
// A virtual id lies above every messaging-app id (docs/decisions/2026-11-26-bot-claims.md).
const virtualId = `1${trader.userid.padStart(16, '0')}`;

test('a cross-site link to GET /api/botremove does not remove the bot', async ({
  browser,
  baseURL,
}) => {
  const page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
  // Only a verified bot is a virtual bot's source.
  await verifyFromOutbox(page, trader);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/addnewbot', {
    data: { userid: trader.userid, botid: virtualId, virtual: true },
    headers: { origin },
  });
  expect(created.ok()).toBe(true);

  await page.route('http://attacker.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><a id="prize" href="${origin}/api/botremove?userid=${virtualId}">Claim your prize</a>`,
    }),
  );
  await page.goto('http://attacker.test/');
  const answer = page.waitForResponse((r) => r.url().includes('/api/botremove'));
  await page.click('#prize');
  const response = await answer;

  // The attack was real: the browser sent the session cookie, and no Origin to refuse it by.
  const sent = await response.request().allHeaders();
  expect(sent.cookie).toContain('sid=');
  expect(sent.origin).toBeUndefined();
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ error: { code: 'errors.badOrigin' } });

  await page.goto('/botsmanager');
  await expect(
    page
      .getByRole('table', { name: 'Robôs da conta' })
      .getByRole('cell', { name: virtualId, exact: true }),
  ).toBeVisible({ timeout: 15_000 });
  await shot(page, 'security-cross-site-remove-refused');
  await page.context().close();
});
