import { expect, test, type Page } from '@playwright/test';
import {
  alertWith,
  horizontalOverflow,
  newTrader,
  notice,
  openPage,
  registerAndLogIn,
  shot,
} from './support.ts';

// Signals in as a trader on a fresh install meets them: no messaging account, so a local channel is
// created in the signal tester, ticked in the channel list, its card configured; a signal posted
// to it is read (entry time and stake), a result post is refused with its reason, on the tester
// and on the channel's card. Then every new screen in English and in Spanish at phone width.

const trader = newTrader('canais', 6);
let page: Page;

/** `HH:MM` `minutes` ahead of now on the channel's clock (the reader's default zone, UTC−3). */
function clockAhead(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000 - 3 * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser, baseURL }) => {
  page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
});

test.afterAll(async () => {
  await page.context().close();
});

test('a local channel is created in the tester and followed from the channel list', async () => {
  await page.goto('/copysignals');
  await page.getByRole('link', { name: 'Testador de sinais' }).click();
  await expect(page).toHaveURL(/\/signal-tester$/);
  await expect(page.getByText(/Nenhum canal com cartão ainda/)).toBeVisible();
  await page.getByLabel('Nome do canal').fill("Sinais VIP's");
  await page.getByRole('button', { name: 'Criar canal' }).click();
  await expect(notice(page, 'Canal Sinais VIPs criado')).toBeVisible();
  await shot(page, 'signal-tester-local-channel');

  await page.getByRole('link', { name: 'Abrir a Lista de canais' }).click();
  await expect(page).toHaveURL(/\/channels-list$/);
  const box = page.getByRole('checkbox', { name: /Sinais VIPs/ });
  await expect(box).not.toBeChecked();
  await box.check();
  await shot(page, 'channels-list');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(page, 'Lista salva')).toBeVisible();
  await expect(page).toHaveURL(/\/copysignals$/);
});

test("the channel's card is configured", async () => {
  await page.getByRole('link', { name: 'Configurar canais' }).click();
  const card = page.getByRole('region', { name: 'Sinais VIPs' });
  await expect(card).toBeVisible();
  await card.getByLabel('Valor de entrada').fill('5');
  await card.getByLabel('Delay (segundos)').fill('0');
  await card.getByRole('button', { name: 'Salvar' }).click();
  await expect(card.getByRole('alert')).toHaveText(/Delay precisa ser maior que 0/);
  await card.getByLabel('Delay (segundos)').fill('1');
  await card.getByRole('button', { name: 'Salvar' }).click();
  await expect(notice(card, 'Canal salvo')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Avançado' }).check();
  await expect(card.getByLabel('Filtro de palavras')).toBeVisible();
  await shot(page, 'configure-channels');
});

test('a signal is read with its entry time and stake; a result post is refused with its reason', async () => {
  const card = page.getByRole('region', { name: 'Sinais VIPs' });
  await card.getByRole('link', { name: 'Testar sinais' }).click();
  await expect(page).toHaveURL(/\/signal-tester\?channel=inbox-/);
  const time = clockAhead(20);
  const message = page.getByLabel(/Mensagem/);

  await message.fill(`M5;EURUSD;${time};PUT`);
  await page.getByRole('button', { name: 'Testar' }).click();
  const result = page.getByRole('list', { name: 'Resultado' });
  // Signal type 1 (end of candle) enters just before the channel's minute (shown to the second);
  // expiry 5 min later.
  const read = /EURUSD PUT ▼ · entrada \d\d:\d\d:\d\d · expira \d\d:\d\d · M5/;
  await expect(result).toContainText(read);
  await expect(result).toContainText('Sinal lido');
  await expect(page.getByText('Entrada agora: 5,00')).toBeVisible();

  await page.getByRole('button', { name: 'Enviar ao canal' }).click();
  await expect(notice(page, 'Mensagem enviada ao canal')).toBeVisible();
  await message.fill('EURUSD WIN ✅');
  await page.getByRole('button', { name: 'Enviar ao canal' }).click();
  await expect(notice(page, 'Mensagem enviada ao canal')).toBeVisible();
  await page.getByRole('button', { name: 'Testar' }).click();
  await expect(result).toContainText('É um resultado (WIN/LOSS), não um sinal');

  const latest = page.getByRole('list', { name: 'Últimos sinais do canal' });
  await expect(latest).toContainText(read);
  await expect(latest).toContainText('É um resultado (WIN/LOSS), não um sinal');
  await shot(page, 'signal-tester');

  await page.goto('/configure-channels');
  const onCard = page
    .getByRole('region', { name: 'Sinais VIPs' })
    .getByRole('list', { name: 'Últimos sinais' });
  await expect(onCard).toContainText('É um resultado (WIN/LOSS), não um sinal');
  await expect(onCard).toContainText(read);
  await shot(page, 'configure-channels-signals');
});

test('add phone without Telegram points to local channels; copy rooms needs a trader id', async () => {
  await page.goto('/addphone');
  await expect(page.getByText(/não tem o Telegram configurado/)).toBeVisible();
  await page.getByLabel(/Telefone/).fill('+5511999998888');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(alertWith(page, 'O Telegram não está configurado neste servidor')).toBeVisible();
  await shot(page, 'add-phone');

  await page.goto('/copy-salas');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(alertWith(page, 'Informe o Trader ID')).toBeVisible();
  await shot(page, 'copy-rooms');
});

const newScreens = [
  ['/addphone', 'nav.addphone', 'add-phone'],
  ['/channels-list', 'nav.channelsList', 'channels-list'],
  ['/configure-channels', 'nav.configureChannels', 'configure-channels'],
  ['/copy-salas', 'nav.copySalas', 'copy-rooms'],
  ['/signal-tester', 'nav.signalTester', 'signal-tester'],
  ['/copysignals', 'nav.copysignals', 'copy-signals-status'],
] as const;
const headings = {
  en: {
    'nav.addphone': 'Add phone',
    'nav.channelsList': 'Channel list',
    'nav.configureChannels': 'Configure channels',
    'nav.copySalas': 'Copy rooms',
    'nav.signalTester': 'Signal tester',
    'nav.copysignals': 'Copy signals',
  },
  es: {
    'nav.addphone': 'Agregar teléfono',
    'nav.channelsList': 'Lista de canales',
    'nav.configureChannels': 'Configurar canales',
    'nav.copySalas': 'Copiar salas',
    'nav.signalTester': 'Probador de señales',
    'nav.copysignals': 'Copiar señales',
  },
} as const;

for (const [lang, button] of [
  ['en', 'English'],
  ['es', 'Español'],
] as const) {
  test(`every new screen speaks ${button} and fits a phone`, async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/copysignals');
    await page.getByRole('button', { name: button }).click();
    for (const [path, key, name] of newScreens) {
      await page.goto(path);
      await expect(
        page.getByRole('heading', { name: headings[lang][key], level: 1 }),
      ).toBeVisible();
      // Let the list's fade-in and the reads settle before judging the layout.
      await page.waitForLoadState('networkidle');
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
      await shot(page, `${name}-mobile-${lang}`);
    }
    await page.getByRole('button', { name: 'Português (Brasil)' }).click();
  });
}
