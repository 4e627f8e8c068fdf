import { expect, test, type Page } from '@playwright/test';
import {
  alertWith,
  horizontalOverflow,
  newTrader,
  notice,
  openPage,
  registerAndLogIn,
  saveGlobalParams,
  shot,
} from './support.ts';

// Numbers as each language writes them: a Brazilian types "2,2" in the gale factor
// and "2,50" in the stake, and the robot saves 2.2 and 2.5 (the old number input saved 22 and
// 250). Each language types its own way, the saved values come back in that language's format,
// an ambiguous text is refused with the language's rule, and an unusual value is asked about.

test.describe.configure({ mode: 'serial' });

const trader = newTrader('numbers', 4);
let page: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  page = await openPage(browser, baseURL);
  await registerAndLogIn(page, trader);
});

test.afterAll(async () => {
  await page.context().close();
});

const LANGUAGES = [
  {
    language: 'pt-BR',
    flag: 'Português (Brasil)',
    title: 'Configurações gerais',
    stake: 'Valor da entrada',
    gale: 'Fator de gale',
    save: 'Salvar',
    saved: 'Parâmetros salvos',
    typed: { gale: '2,2', stake: '2,50' },
    shown: { gale: '2,2', stake: '2,5' },
  },
  {
    language: 'es-ES',
    flag: 'Español',
    title: 'Configuración general',
    stake: 'Monto de entrada',
    gale: 'Multiplicador de martingala',
    save: 'Guardar',
    saved: 'Parámetros guardados',
    typed: { gale: '2,2', stake: '2,50' },
    shown: { gale: '2,2', stake: '2,5' },
  },
  {
    language: 'en-US',
    flag: 'English (US)',
    title: 'General settings',
    stake: 'Stake',
    gale: 'Martingale multiplier',
    save: 'Save',
    saved: 'Settings saved',
    typed: { gale: '2.2', stake: '2.50' },
    shown: { gale: '2.2', stake: '2.5' },
  },
] as const;

/** What the server holds for the bot's general settings (the demo account of IQ Option). */
async function savedParams(): Promise<{ lote: number; galefat: number }> {
  const res = await page.request.get(`/api/globalparams?userid=${trader.userid}&brokerid=1`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { lote: number; galefat: number };
}

async function openGeneralSettings(flag: string, title: string): Promise<void> {
  await page.goto('/geralconfig');
  await page.getByRole('button', { name: flag }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

for (const l of LANGUAGES) {
  test(`the gale factor and the stake typed in ${l.language} save 2.2 and 2.5 and reload in its format`, async () => {
    // A fixed stake of 3 and a factor of 4 before: what the trader types is what is saved.
    await saveGlobalParams(page, trader, { lote: 3, galefat: 4, galenum: 2 });
    await openGeneralSettings(l.flag, l.title);
    const gale = page.getByLabel(l.gale, { exact: true });
    const stake = page.getByLabel(l.stake, { exact: true });
    await expect(gale).toHaveValue('4');
    await gale.fill(l.typed.gale);
    await stake.fill(l.typed.stake);
    await page.getByRole('button', { name: l.save, exact: true }).click();
    await expect(notice(page, l.saved)).toBeVisible();
    expect(await savedParams()).toMatchObject({ galefat: 2.2, lote: 2.5 });
    await expect(stake).toHaveValue(l.shown.stake);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
    await expect(gale).toHaveValue(l.shown.gale);
    await expect(stake).toHaveValue(l.shown.stake);
    await shot(page, `numbers-saved-${l.language}`);
  });
}

test('a number that reads two ways is refused with the language rule, and nothing is saved', async () => {
  await saveGlobalParams(page, trader, { lote: 3, galefat: 2, galenum: 2 });
  await openGeneralSettings('Português (Brasil)', 'Configurações gerais');
  const gale = page.getByLabel('Fator de gale', { exact: true });
  await gale.fill('2.2.2');
  await page.getByLabel('Valor da entrada', { exact: true }).focus();
  const rule =
    'Não é um número: use vírgula nos decimais e ponto nos milhares (ex.: 2,5 ou 1.250,50).';
  await expect(page.getByText(rule)).toBeVisible();
  await expect(gale).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(alertWith(page, 'Alguns campos são inválidos.')).toBeVisible();
  expect(await savedParams()).toMatchObject({ galefat: 2, lote: 3 });

  // "2.50" is no pt-BR number either (a point groups thousands): refused, never 250.
  await gale.fill('2.50');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(alertWith(page, 'Alguns campos são inválidos.')).toBeVisible();
  await expect(page.getByText(rule)).toBeVisible();
  expect(await savedParams()).toMatchObject({ galefat: 2 });
  await shot(page, 'numbers-refused-desktop');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByText(rule)).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await gale.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/artifacts/screens/numbers-refused-phone.png' });
  await page.setViewportSize({ width: 1280, height: 860 });
});

test('a gale factor above 5 and a stake above 10 % of the balance are asked about first', async () => {
  await saveGlobalParams(page, trader, { lote: 3, galefat: 2, galenum: 2 });
  await openGeneralSettings('Português (Brasil)', 'Configurações gerais');
  await page.getByLabel('Fator de gale', { exact: true }).fill('22');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Salvar estes valores?' });
  await expect(dialog).toContainText(
    'Fator de gale 22: acima de 5, cada gale multiplica a entrada anterior por 22.',
  );
  await shot(page, 'numbers-unusual');
  await dialog.getByRole('button', { name: 'Corrigir' }).click();
  await expect(dialog).toBeHidden();
  expect(await savedParams()).toMatchObject({ galefat: 2 });

  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar assim' }).click();
  await expect(notice(page, 'Parâmetros salvos')).toBeVisible();
  expect(await savedParams()).toMatchObject({ galefat: 22 });

  // "2.000" is two thousand in pt-BR: above 10 % of the simulator's balance of 10.000,00.
  await page.getByLabel('Fator de gale', { exact: true }).fill('2');
  await page.getByLabel('Valor da entrada', { exact: true }).fill('2.000');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Entrada de 2.000,00: mais de 10 % do saldo (10.000,00).',
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Corrigir' }).click();
  expect(await savedParams()).toMatchObject({ galefat: 22, lote: 3 });
});
