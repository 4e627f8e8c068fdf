import { expect, test } from '@playwright/test';
import { FakeQuadcode } from '../apps/server/src/test/fake-quadcode.ts';
import {
  newTrader,
  openPage,
  registerAndLogIn,
  saveGlobalParams,
  shot,
  verifyFromOutbox,
} from './support.ts';

// A broker the operator runs on the Quadcode platform (Bullex, turned on by configuration; here a
// local fake of the platform): its card says "real trading", the trader saves the card's e-mail
// and password, and the home's dashboard shows the balance the broker itself reports, with
// "real trading" beside the account instead of "Simulator".

const EMAIL = 'bullex-trader@example.com';
const PASSWORD = 'Bullex-pass-7';
let fake: FakeQuadcode;

test.beforeAll(async () => {
  fake = await FakeQuadcode.start(Number(process.env.E2E_QUADCODE_PORT));
  fake.addUser({
    email: EMAIL,
    password: PASSWORD,
    userId: 9001,
    balances: [
      { id: 31, type: 1, amount: 500, currency: 'USD' },
      { id: 34, type: 4, amount: 12_345.67, currency: 'USD' },
    ],
  });
  fake.addActive('turbo', { id: 1, ticker: 'EURUSD' });
});

test.afterAll(async () => {
  await fake.close();
});

test('a broker connected through its card trades for real and shows the balance it reports', async ({
  browser,
  baseURL,
}) => {
  const trader = newTrader('realbroker', 6);
  const page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
  await verifyFromOutbox(page, trader);
  // The bot's general settings at Bullex, on its demo account.
  await saveGlobalParams(page, trader, { brokerID: 14 });

  await page.goto('/brokerconfig');
  const card = page.getByRole('region', { name: 'Bullex' });
  await expect(card.getByText('negociação real')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Quotex' }).getByText('somente simulador'),
  ).toBeVisible();
  await card.getByLabel('E-mail').fill(EMAIL);
  await card.getByLabel('Senha').fill(PASSWORD);
  await card.getByRole('button', { name: 'Salvar' }).click();
  await expect(card.getByRole('status')).toHaveText('Credenciais salvas');
  await expect(card.getByText(`Conta: ${EMAIL}`)).toBeVisible();
  await shot(page, 'real-broker-card');

  // Home: the balance is the platform's (its demo balance), the account says real trading.
  await page.goto('/');
  const bot = page.getByRole('region', { name: `Robô ${trader.userid}` });
  await expect(bot.getByRole('group', { name: 'Saldo' })).toContainText(/12\.345,67/, {
    timeout: 15_000,
  });
  await expect(bot.getByRole('group', { name: 'Conta e corretora' })).toContainText(
    'negociação real',
  );
  await expect(bot.getByRole('group', { name: 'Conta e corretora' })).not.toContainText(
    'Simulador',
  );
  // The platform was reached with the card's login, never with anything else.
  expect(fake.logins).toBeGreaterThan(0);
  expect(fake.calls('authenticate').length).toBeGreaterThan(0);
  await shot(page, 'real-broker-home');
});
