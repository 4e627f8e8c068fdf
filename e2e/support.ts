import { AccountType } from '../packages/contract/src/index.ts';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';

// What every browser flow shares: a fresh trader, logging in through the screen, screenshots a
// person can look at, and the checks of notices and layout.

export interface Trader {
  email: string;
  password: string;
  userid: string;
}

/**
 * A trader no other run has used: e-mail and messaging id from the clock, with a one-digit prefix
 * per spec so specs running in one server never collide.
 */
export function newTrader(prefix: string, digit: number): Trader {
  const unique = Date.now().toString().slice(-9);
  return {
    email: `${prefix}${unique}@example.com`,
    password: 'senha-forte-123',
    userid: `${digit}${unique}`,
  };
}

/** A desktop page in pt-BR, the panel's first language. */
export async function openPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 1280, height: 860 },
  });
  return context.newPage();
}

/** A 375 px phone in pt-BR, the panel's first language and its smallest screen. */
export async function openPhone(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'pt-BR',
    viewport: { width: 375, height: 812 },
  });
  return context.newPage();
}

/** Registers through the API (the registration screen has its own flow) and logs in on screen. */
export async function registerAndLogIn(page: Page, trader: Trader): Promise<void> {
  await page.goto('/');
  // A state-changing call must prove its origin; the panel's own pages send it, so does this.
  const registered = await page.request.post('/api/botregister', {
    data: { email: trader.email, password: trader.password, userid: trader.userid },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(registered.ok()).toBe(true);
  await page.getByLabel('E-mail').fill(trader.email);
  await page.getByLabel('Senha').fill(trader.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Configurar' })).toBeVisible();
}

/**
 * Verifies the trader's pending bot with the code the local messenger wrote to the
 * server's `DATA_DIR/outbox.jsonl`, as a local install's operator reads it.
 */
export async function verifyFromOutbox(page: Page, trader: Trader): Promise<void> {
  const lines = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'outbox.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; code: string });
  const code = lines.filter((line) => line.to === trader.userid).at(-1)?.code;
  expect(code).toBeDefined();
  const verified = await page.request.post('/api/verifybot', {
    data: { userid: trader.userid, code },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(verified.ok()).toBe(true);
}

/** A full-page shot from the top (so the fixed top bar sits where a person sees it). */
export async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `e2e/artifacts/screens/${name}.png`, fullPage: true });
}

/** How far the page overflows the viewport sideways (0 or less: it fits). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * Opens a card of the home's Configure menu, then a link of that menu; the screen's heading shows
 * and nothing overflows the viewport.
 */
export async function openFromHome(page: Page, menu: string, link: string, heading = link) {
  await page.goto('/');
  await page.getByRole('link', { name: menu, exact: true }).click();
  await page.getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

/** A success notice (role status) with this text. */
export const notice = (scope: Page | Locator, text: string) =>
  scope.getByRole('status').filter({ hasText: text });

/** An error message (role alert) with this text. */
export const alertWith = (scope: Page | Locator, text: string) =>
  scope.getByRole('alert').filter({ hasText: text });

/** Runs `fn` on the server's SQLite database (the data directory the config hands the workers). */
export function withServerDb<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(join(process.env.E2E_DATA_DIR ?? '', 'app.db'));
  try {
    db.pragma('busy_timeout = 5000');
    return fn(db);
  } finally {
    db.close();
  }
}

/** One of a trader's own orders (not copies), as the ledger holds it. */
export interface Placed {
  asset: string;
  state: string;
  pnl_cents: number | null;
}

/** The trader's own orders, oldest first. */
export function ownOrdersOf(trader: Trader): Placed[] {
  return withServerDb(
    (db) =>
      db
        .prepare(
          `select o.asset, o.state, o.pnl_cents from orders o join bots b on b.id = o.bot_id
           where b.userid = ? and o.copy_of is null order by o.id`,
        )
        .all(trader.userid) as Placed[],
  );
}

/**
 * The orders one entry a minute should give: the paper price can end where it started (a draw),
 * and a draw advances nothing, the same stake is sent again at the next candle (ROBOT.md §1), so
 * that minute's own entry is refused (a sequence in flight). Read from the orders' own results.
 */
export function expectedAfterDraws(
  minutes: readonly string[],
  orders: readonly Placed[],
): string[] {
  const out: string[] = [];
  let redo: string | null = null;
  for (const asset of minutes) {
    const next: string = redo ?? asset;
    out.push(next);
    redo = orders[out.length - 1]?.pnl_cents === 0 ? next : null;
  }
  if (redo !== null) out.push(redo);
  return out;
}

/**
 * The local test source: writes an accepted signal for the trader's bot into the server's
 * database as the reader does (migration 0006: a row per read line, stamped received and parsed).
 * The runtime looks for undecided signals on every pass. Type 8 (full minute): sent at `atMs`,
 * expires a minute later.
 */
export function postSignal(trader: Trader, asset: string, atMs: number): void {
  withServerDb((db) => {
    const bot = db.prepare('select id from bots where userid = ?').get(trader.userid) as {
      id: number;
    };
    const now = Date.now();
    db.prepare(
      `insert into signals (bot_id, channel_id, status, asset, direction, signal_at,
         timeframe_min, signal_type, delay_ms, dedupe_key, received_at, parsed_at)
       values (?, 'sala-vip', 'accepted', ?, 'CALL', ?, 1, 8, 0, ?, ?, ?)`,
    ).run(bot.id, asset, atMs, `${asset}-CALL-${atMs}`, now - 40, now - 35);
  });
}

/** Whether the runtime decided (traded or refused) the trader's signal on `asset`. */
export function signalDecided(trader: Trader, asset: string): boolean {
  return withServerDb(
    (db) =>
      db
        .prepare(
          `select 1 from signals s join bots b on b.id = s.bot_id
         where b.userid = ? and s.asset = ? and s.decided_at is not null`,
        )
        .get(trader.userid, asset) !== undefined,
  );
}

/** The next whole minute at least `leadMs` ahead: time for the panel to show the entry coming. */
export function nextMinute(leadMs: number): number {
  return Math.ceil((Date.now() + leadMs) / 60_000) * 60_000;
}

/** A state-changing API call as the panel makes it (origin proven); fails the test on an error. */
export async function apiPost(page: Page, path: string, data: unknown): Promise<unknown> {
  const res = await page.request.post(`/api${path}`, {
    headers: { origin: new URL(page.url()).origin },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** A local channel of the trader's bot, followed (its list saved): returns its id. */
export async function followLocalChannel(page: Page, trader: Trader, name: string) {
  const { idNum } = (await apiPost(page, '/inbox/channels', {
    userid: trader.userid,
    name,
  })) as { idNum: string };
  await apiPost(page, `/savelist?userid=${trader.userid}`, [
    { idNum, name, userid: trader.userid },
  ]);
  return idNum;
}

/** A message posted to a local channel, read by the server's reader as a channel's post is. */
export async function postToChannel(page: Page, trader: Trader, idNum: string, text: string) {
  await apiPost(page, '/inbox/post', { userid: trader.userid, idNum, text });
}

/** `HH:MM` on the trader's clock (UTC−3, the default) of an instant. */
export function traderClock(atMs: number): string {
  return new Date(atMs - 3 * 3_600_000).toISOString().slice(11, 16);
}

/**
 * The general settings saved through the call the screen makes (its own flow is
 * robot-config.spec's): 2,00 on the demo account of IQ Option, martingale without gales, no stops;
 * `overrides` changes any field.
 */
export async function saveGlobalParams(
  page: Page,
  trader: Trader,
  overrides: Record<string, number> = {},
): Promise<void> {
  await apiPost(page, `/globalparams?userid=${trader.userid}`, {
    accType: AccountType.demo,
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
    traderMode: 1,
    loginMethod: 1,
    strategySel: 1,
    typeOperation: 1,
    stopMovel: 0,
    ...overrides,
    userid: trader.userid,
  });
}
