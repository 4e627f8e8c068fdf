import { defaultReaderParams, endpoints as api, type SignalScore } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, useTestApp } from '../../test/app.ts';
import { tradingScenario } from '../../test/trading-scenario.ts';
import {
  command,
  MINUTE,
  newTrader,
  saveGlobalParams,
  type Me,
  type TestClock,
} from '../../test/trading.ts';

// The clock is the app's (deps.now) and the runtime's: moved by hand, never by waiting.
/** 13:00 UTC, 10:00 on the reader's São Paulo clock (UTC−3). */
const clock: TestClock = { now: Date.UTC(2026, 0, 6, 13, 0) };
const t = useTestApp({ now: () => clock.now });
const scenario = tradingScenario(t, clock);
const rt = scenario.rt;

let me: Me;

/** Posts a signal at the next minute where EURUSD CALLs go `pattern`, and plays its ladder. */
async function trade(pattern: string): Promise<void> {
  await scenario.playSequence(me, 'EURUSD', pattern, clock.now + MINUTE, 'a');
}

const get = (query: Record<string, string | number>, e: Parameters<typeof callAs>[2]) =>
  callAs(t.app, me.cookie, e, { query: { userid: me.userid, ...query } });

async function home() {
  const res = await get({}, api.tradingDashboard);
  expect(res.statusCode, res.body).toBe(200);
  return api.tradingDashboard.response.parse(res.json());
}

async function orders(query: Record<string, string | number> = {}) {
  const res = await get(query, api.tradingOrders);
  expect(res.statusCode, res.body).toBe(200);
  return api.tradingOrders.response.parse(res.json());
}

/** What /placar answers (bot command 5), with the score fields the panel shows beside it. */
async function placar() {
  const reply = await command(t.app, rt(), me, 5);
  expect(reply.key).toBe('robot.reply.score');
  return reply.params;
}

/** The chat's score fields as the panel's score holds them. */
function asPanel(score: SignalScore) {
  const atEntry = score.winsByStep[0] ?? 0;
  return {
    wins: score.wins,
    losses: score.losses,
    draws: score.draws,
    open: score.open,
    winsAtEntry: atEntry,
    winsInGales: score.wins - atEntry,
    hitRatePct: score.hitRatePct,
    scorePnlCents: score.pnlCents,
  };
}

/**
 * Stakes 2,00 / 4,00 / 8,00 (two gales, factor 2) at EURUSD's 87 %: W = +1,74,
 * LW = −2,00 + 3,48 = +1,48, LLW = −2,00 − 4,00 + 6,96 = +0,96, LLL = −14,00.
 */
beforeAll(async () => {
  me = await newTrader(t.app);
  await saveGlobalParams(t.app, me, { galenum: 2, galefat: 2 });
  await t.app.deps.db
    .insertInto('copy_rooms')
    .values({ bot_id: me.botId, chat_id: 'a', name: 'Sinais VIP', created_at: clock.now })
    .execute();
  await command(t.app, rt(), me, 1);
  for (const pattern of ['W', 'LW', 'LLW', 'LLL']) await trade(pattern);
}, 30_000);

describe('one score per signal everywhere', () => {
  it('/placar and home show the same score after a run with gale wins: 3 × 1, not 3 × 6', async () => {
    const dashboard = await home();
    expect(dashboard.todaySignals).toMatchObject({
      wins: 3,
      losses: 1,
      winsByStep: [1, 1, 1],
      hitRatePct: 75,
      pnlCents: 174 + 148 + 96 - 1400,
    });
    // Per order it would be 3 wins × 6 losses.
    expect(dashboard.today).toMatchObject({ wins: 3, losses: 6 });
    const chat = await placar();
    expect(chat).toMatchObject(asPanel(dashboard.todaySignals));
    expect(chat).toMatchObject({ since: '00:00', winsAtEntry: 1, winsInGales: 2 });
  });

  it('/status says the same score', async () => {
    const status = await command(t.app, rt(), me, 3);
    expect(status.params).toMatchObject({ wins: 3, losses: 1, since: '00:00', simulator: true });
  });

  it('the Loss filter shows only lost signals, each with its whole ladder, scored 0 × 1', async () => {
    const lost = await orders({ result: 'lost' });
    expect(lost.orders.map((o) => [o.galeLevel, o.state])).toEqual([
      [2, 'lost'],
      [1, 'lost'],
      [0, 'lost'],
    ]);
    expect(new Set(lost.orders.map((o) => o.signalId)).size).toBe(1);
    expect(lost.score).toMatchObject({ signals: 1, wins: 0, losses: 1, pnlCents: -1400 });
  });

  it('the Win filter keeps the gale wins with the losses before them, scored 3 × 0', async () => {
    const won = await orders({ result: 'won' });
    expect(won.orders).toHaveLength(1 + 2 + 3);
    expect(won.orders.filter((o) => o.state === 'lost')).toHaveLength(3);
    expect(won.score).toMatchObject({ wins: 3, losses: 0, winsByStep: [1, 1, 1] });
    expect(won.totals).toMatchObject({ count: 6, wins: 3, losses: 3, pnlCents: 174 + 148 + 96 });
  });

  it('pages the selected signals’ orders by cursor without losing one', async () => {
    const seen: number[] = [];
    let page = await orders({ limit: 4 });
    seen.push(...page.orders.map((o) => o.id));
    while (page.nextCursor !== null) {
      page = await orders({ limit: 4, cursor: page.nextCursor });
      seen.push(...page.orders.map((o) => o.id));
    }
    expect(seen).toEqual((await orders()).orders.map((o) => o.id));
    expect(seen).toHaveLength(1 + 2 + 3 + 3);
  });

  it('the CSV gives every row its signal’s result and net', async () => {
    const res = await get({ result: 'won', format: 'iso' }, api.tradingOrdersCsv);
    const rows = res.body.trim().split('\r\n').slice(1);
    expect(rows.map((r) => r.split(',').slice(2, 4))).toEqual([
      ['won:0', '1.74'],
      ['won:1', '1.48'],
      ['won:1', '1.48'],
      ['won:2', '0.96'],
      ['won:2', '0.96'],
      ['won:2', '0.96'],
    ]);
  });
});

describe('the simulator named wherever a paper balance or order shows', () => {
  it('marks the feed lines of paper orders and the chart of a paper balance', async () => {
    const feed = api.tradingActivity.response.parse(
      (await get({ limit: 200 }, api.tradingActivity)).json(),
    );
    const ofOrders = feed.items.filter((i) => i.orderId !== null);
    expect(ofOrders.length).toBeGreaterThan(0);
    expect(ofOrders.every((i) => i.simulator === true)).toBe(true);
    expect(feed.items.filter((i) => i.orderId === null).some((i) => i.simulator)).toBe(false);
    const chart = api.tradingChart.response.parse(
      (await get({ range: 'day' }, api.tradingChart)).json(),
    );
    expect(chart.simulator).toBe(true);
  });
});

describe('the score-reset time (hourClearScore)', () => {
  it('zeroes /placar and home at that time on the reader’s clock, and counts from there', async () => {
    const saved = await callAs(t.app, me.cookie, api.saveReaderParams, {
      query: { userid: me.userid },
      body: { ...defaultReaderParams(), hourClearScore: '18:00' },
    });
    expect(saved.statusCode).toBe(200);
    // 17:59 in São Paulo: the day's signals still count.
    clock.now = Date.UTC(2026, 0, 6, 20, 59);
    expect((await placar()).wins).toBe(3);
    // 18:01: the score went back to zero at 18:00.
    clock.now = Date.UTC(2026, 0, 6, 21, 1);
    const chat = await placar();
    expect(chat).toMatchObject({ since: '18:00', wins: 0, losses: 0, scorePnlCents: 0 });
    const dashboard = await home();
    expect(dashboard.scoreSince).toBe(Date.UTC(2026, 0, 6, 21, 0));
    expect(chat).toMatchObject(asPanel(dashboard.todaySignals));
    // A signal after 18:00 counts.
    await trade('W');
    expect(await placar()).toMatchObject({ since: '18:00', wins: 1, losses: 0 });
    expect((await home()).todaySignals).toMatchObject({ wins: 1, losses: 0 });
  });

  it('zeroScore (command 10) starts the score again from the instant it ran', async () => {
    const at = clock.now;
    expect((await command(t.app, rt(), me, 10)).params).toEqual({ ok: true });
    const dashboard = await home();
    expect(dashboard.scoreSince).toBe(at);
    expect(dashboard.todaySignals).toMatchObject({ wins: 0, losses: 0 });
    expect(await placar()).toMatchObject({ wins: 0, losses: 0 });
  });
});
