import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  endpoints as api,
  defaultMasanielloParams,
  TradingStreamEventSchema,
  type TradingStreamEvent,
  AccountType,
} from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { runSession } from '../../robot/run-session.ts';
import { hashToken } from '../../plugins/session.ts';
import { callAs, sessionCookie, useTestApp } from '../../test/app.ts';
import { STREAMS_PER_ADDRESS, STREAMS_PER_SESSION } from '../../plugins/stream-hub.ts';
import { seedFollowers } from '../../test/copy.ts';
import { robotOf } from '../../test/robot.ts';
import {
  command,
  findMinute,
  MINUTE,
  newTrader,
  postSignal,
  runAt,
  saveGlobalParams,
  type Me,
  type TestClock,
} from '../../test/trading.ts';

const clock: TestClock = { now: Date.UTC(2026, 0, 6, 13, 0) };
const t = useTestApp({ now: () => clock.now });
const rt = () => robotOf(t.app);

let me: Me;
let other: Me;
let firstSignal = 0;

/** One trader who traded W (EURUSD, channel a) then L, L (GBPUSD, channel b: lost ladder of 1 gale). */
beforeAll(async () => {
  me = await newTrader(t.app);
  other = await newTrader(t.app);
  await saveGlobalParams(t.app, me, { galenum: 1, galefat: 2 });
  await command(t.app, rt(), me, 1);
  const w = findMinute('EURUSD', 'W', clock.now + MINUTE);
  clock.now = w - 10_000;
  firstSignal = await postSignal(t.app, me, {
    asset: 'EURUSD',
    direction: 'CALL',
    atMs: w,
    channel: 'a',
  });
  await runSession(rt(), me.botId);
  await runAt(clock, rt(), me, [w, w + MINUTE]);
  const ll = findMinute('GBPUSD', 'LL', clock.now + MINUTE);
  clock.now = ll - 10_000;
  await postSignal(t.app, me, { asset: 'GBPUSD', direction: 'CALL', atMs: ll, channel: 'b' });
  await runSession(rt(), me.botId);
  await runAt(clock, rt(), me, [ll, ll + MINUTE, ll + 2 * MINUTE]);
});

const get = (who: Me, e: Parameters<typeof callAs>[2], query: Record<string, string | number>) =>
  callAs(t.app, who.cookie, e, { query });

describe('GET /trading/dashboard', () => {
  it("shows the bot on, the broker's balance and today's score with rates", async () => {
    const res = await get(me, api.tradingDashboard, { userid: me.userid });
    expect(res.statusCode).toBe(200);
    const d = api.tradingDashboard.response.parse(res.json());
    expect(d).toMatchObject({
      running: true,
      configured: true,
      blockedBy: null,
      accountType: AccountType.demo,
      brokerId: 1,
      // +1.74, −2.00, −4.00
      balanceCents: 1_000_000 + 174 - 200 - 400,
      today: {
        wins: 1,
        losses: 2,
        draws: 0,
        hitRatePct: 33.3,
        breakEvenRatePct: 53.5,
        pnlCents: -426,
        orders: 3,
      },
      openOrders: [],
      strategyStep: { key: 'robot.step.martingale' },
      nextStakesCents: [200, 400],
    });
  });

  it('says whether the bot’s orders go to its followers (mode, copy switch, followers)', async () => {
    const trader = await newTrader(t.app);
    await saveGlobalParams(t.app, trader);
    const copying = async () =>
      api.tradingDashboard.response.parse(
        (await get(trader, api.tradingDashboard, { userid: trader.userid })).json(),
      ).copyTrading;
    expect(await copying()).toEqual({ traderMode: 1, enabled: false, followers: 0 });
    await command(t.app, rt(), trader, 15);
    await seedFollowers(t.app.deps.db, trader.botId, 2, clock.now);
    expect(await copying()).toEqual({ traderMode: 1, enabled: true, followers: 2 });
    await command(t.app, rt(), trader, 9);
    expect(await copying()).toEqual({ traderMode: 2, enabled: true, followers: 2 });
    await command(t.app, rt(), trader, 9);
    await command(t.app, rt(), trader, 15);
    expect(await copying()).toEqual({ traderMode: 1, enabled: false, followers: 2 });
  });

  it('says why a bot that was never configured would not trade', async () => {
    const res = await get(other, api.tradingDashboard, { userid: other.userid });
    expect(res.json()).toMatchObject({
      running: false,
      configured: false,
      blockedBy: { key: 'robot.refusal.not_configured', params: { missing: 'globalParams' } },
    });
  });

  it("answers 403 for another account's bot", async () => {
    const res = await get(other, api.tradingDashboard, { userid: me.userid });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /trading/activity', () => {
  it('lists signal decisions, orders and results newest first, paged by cursor', async () => {
    const first = await get(me, api.tradingActivity, { userid: me.userid, limit: 3 });
    const page = api.tradingActivity.response.parse(first.json());
    expect(page.items).toHaveLength(3);
    expect(page.items.map((i) => i.message.key)).toContain('robot.activity.lost');
    const ids = page.items.map((i) => i.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const rest = api.tradingActivity.response.parse(
      (
        await get(me, api.tradingActivity, {
          userid: me.userid,
          limit: 100,
          cursor: page.nextCursor ?? 0,
        })
      ).json(),
    );
    const keys = rest.items.map((i) => i.message.key);
    expect(keys).toContain('robot.activity.traded');
    expect(keys).toContain('robot.activity.orderOpen');
    expect(keys).toContain('robot.activity.won');
    expect(keys.at(-1)).toBe('robot.activity.on');
    expect(rest.nextCursor).toBeNull();
  });

  it('rejects a limit out of range with 400 and a translated code', async () => {
    const res = await get(me, api.tradingActivity, { userid: me.userid, limit: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'errors.invalidInput' } });
  });
});

describe('GET /trading/orders', () => {
  it('filters by result, channel and asset, with totals of all matches', async () => {
    const all = api.tradingOrders.response.parse(
      (await get(me, api.tradingOrders, { userid: me.userid })).json(),
    );
    expect(all.totals).toMatchObject({ count: 3, wins: 1, losses: 2, pnlCents: -426 });
    expect(all.orders.map((o) => o.stakeCents)).toEqual([400, 200, 200]);
    const lost = api.tradingOrders.response.parse(
      (await get(me, api.tradingOrders, { userid: me.userid, result: 'lost' })).json(),
    );
    expect(lost.orders.map((o) => o.galeLevel)).toEqual([1, 0]);
    const channelA = api.tradingOrders.response.parse(
      (await get(me, api.tradingOrders, { userid: me.userid, channel: 'a' })).json(),
    );
    expect(channelA.orders.map((o) => o.asset)).toEqual(['EURUSD']);
    const gbp = api.tradingOrders.response.parse(
      (await get(me, api.tradingOrders, { userid: me.userid, asset: 'GBPUSD', limit: 1 })).json(),
    );
    expect(gbp.orders).toHaveLength(1);
    expect(gbp.totals.count).toBe(2);
    expect(gbp.nextCursor).not.toBeNull();
  });

  it('exports the filtered orders as CSV with money in units (ISO form)', async () => {
    const res = await get(me, api.tradingOrdersCsv, {
      userid: me.userid,
      result: 'won',
      format: 'iso',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, row, end] = res.body.split('\r\n');
    expect(header).toBe(
      'id,signalId,signalResult,signalPnl,sendAt,confirmedAt,channelId,channelName,asset,direction,galeLevel,stake,payoutPct,accountType,brokerId,brokerName,simulator,priceSource,state,failReason,expiresAt,settledAt,pnl',
    );
    expect(row).toMatch(
      /,won:0,1\.74,[^,]+,[^,]*,a,,EURUSD,CALL,0,2\.00,87,1,1,IQ Option,true,simulated,won,,.*,1\.74$/,
    );
    expect(end).toBe('');
  });
});

describe('GET /trading/chart and /trading/latency', () => {
  it("draws the day's balance and P&L after each settlement", async () => {
    const chart = api.tradingChart.response.parse(
      (await get(me, api.tradingChart, { userid: me.userid, range: 'day' })).json(),
    );
    expect(chart.points.map((p) => p.pnlCents)).toEqual([0, 174, -26, -426]);
    expect(chart.points[0]?.balanceCents).toBe(1_000_000);
    // It starts at the first trade's send, not at the day's start.
    const orders = api.tradingOrders.response.parse(
      (await get(me, api.tradingOrders, { userid: me.userid })).json(),
    ).orders;
    expect(chart.points[0]?.at).toBe(Math.min(...orders.map((o) => o.sendAt)));
    expect(chart.from).toBe(chart.points[0]?.at);
  });

  it('gives each signal its stage instants and the p50/p95 of each step', async () => {
    const report = api.tradingLatency.response.parse(
      (await get(me, api.tradingLatency, { userid: me.userid })).json(),
    );
    const first = report.signals.find((s) => s.signalId === firstSignal);
    expect(first?.decision).toBe('traded');
    const s = first?.stages;
    expect(s && s.received !== null && s.decided !== null && s.sent !== null).toBe(true);
    expect(s?.settled).not.toBeNull();
    const settled = report.day.find((d) => d.stage === 'settled');
    expect(settled?.count).toBe(2);
    expect(settled?.p50Ms).toBe(MINUTE);
    // Decided 10 s before the entry time, sent at it: the wait is the signal's, the lag 0 ms.
    expect(first?.scheduledAt).toBe(s?.sent);
    expect(report.timing).toEqual([
      { kind: 'wait', count: 2, p50Ms: 10_000, p95Ms: 10_000 },
      { kind: 'sendLag', count: 2, p50Ms: 0, p95Ms: 0 },
    ]);
  });
});

describe('GET /trading/stream', () => {
  it("pushes the caller's bot's new feed items as server-sent events", async () => {
    const port = await serverPort();
    const events: TradingStreamEvent[] = [];
    let buffer = '';
    const req = request({
      host: '127.0.0.1',
      port,
      path: `/api${api.tradingStream.path}?userid=${me.userid}`,
      headers: { cookie: me.cookie, accept: 'text/event-stream' },
    });
    const opened = new Promise<void>((resolve) => {
      req.on('response', (res) => {
        expect(res.headers['content-type']).toContain('text/event-stream');
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (const block of buffer.split('\n\n').slice(0, -1)) {
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (data) events.push(TradingStreamEventSchema.parse(JSON.parse(data.slice(6))));
          }
          buffer = buffer.split('\n\n').at(-1) ?? '';
        });
        resolve();
      });
    });
    req.end();
    try {
      await opened;
      await command(t.app, rt(), me, 2);
      // The runtime told the stream; it reads the feed and pushes (no sleep: wait for the event).
      t.app.robotEvents.emit('change', me.botId);
      await expect
        .poll(() => events.map((e) => (e.type === 'activity' ? e.item.message.key : e.type)))
        .toEqual(['robot.activity.off', 'dashboard']);
    } finally {
      req.destroy();
    }
  });
});

/** The app listening on a real port (once per file). */
async function serverPort(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** Opens a live stream over real HTTP: its status, the events it pushed, and when it ended. */
async function openStream(cookie: string, who: Me = me) {
  const port = await serverPort();
  const events: string[] = [];
  let buffer = '';
  const req = request({
    host: '127.0.0.1',
    port,
    path: `/api${api.tradingStream.path}?userid=${who.userid}`,
    headers: { cookie, accept: 'text/event-stream' },
  });
  let markEnded = (): void => undefined;
  const ended = new Promise<void>((resolve) => (markEnded = resolve));
  const status = await new Promise<number>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop() ?? '';
        for (const b of blocks) {
          const data = b.split('\n').find((l) => l.startsWith('event: '));
          if (data) events.push(data.slice(7));
        }
      });
      res.on('end', markEnded);
      res.on('close', markEnded);
      resolve(res.statusCode ?? 0);
    });
    req.end();
  });
  return { status, events, ended, destroy: () => req.destroy() };
}

/** Logs `who` in once more: a session of its own (a second tab, another device). */
async function newSession(who: Me): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/botlogin',
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode).toBe(200);
  return sessionCookie(res);
}

describe('live streams end with their session, are capped, and share one loop', () => {
  it("a stream ends when its session logs out (over real HTTP); another session's stream goes on", async () => {
    const port = await serverPort();
    const cookie = await newSession(me);
    const keep = await openStream(await newSession(me));
    const stream = await openStream(cookie);
    try {
      expect(stream.status).toBe(200);
      const out = await fetch(`http://127.0.0.1:${port}/api/logout`, {
        method: 'POST',
        headers: { cookie, origin: `http://127.0.0.1:${port}` },
      });
      expect(out.status).toBe(200);
      await stream.ended;
      expect(t.app.streamHub.size).toBe(1);
    } finally {
      stream.destroy();
      keep.destroy();
    }
  });

  it('a stream ends when its session expires or is ended elsewhere, seen by the shared loop', async () => {
    const cookie = await newSession(me);
    const stream = await openStream(cookie);
    try {
      // Another process ended it (no event in this one): the next tick sees it.
      await t.app.deps.db
        .deleteFrom('sessions')
        .where('id', '=', hashToken(cookie.slice('sid='.length)))
        .execute();
      await t.app.streamHub.tick();
      await stream.ended;
    } finally {
      stream.destroy();
    }
  });

  it(`caps streams at ${STREAMS_PER_SESSION} per session and ${STREAMS_PER_ADDRESS} per address (429)`, async () => {
    const opened: Awaited<ReturnType<typeof openStream>>[] = [];
    try {
      const cookie = await newSession(me);
      for (let i = 0; i < STREAMS_PER_SESSION; i++) opened.push(await openStream(cookie));
      expect(opened.every((s) => s.status === 200)).toBe(true);
      const over = await openStream(cookie);
      expect(over.status).toBe(429);
      // Other sessions from the same address, up to the address's cap.
      while (t.app.streamHub.size < STREAMS_PER_ADDRESS) {
        const s = await openStream(await newSession(me));
        expect(s.status).toBe(200);
        opened.push(s);
      }
      expect((await openStream(await newSession(me))).status).toBe(429);
    } finally {
      for (const s of opened) s.destroy();
      await expect.poll(() => t.app.streamHub.size).toBe(0);
    }
  });

  it('feeds every stream of the process from one loop: news written elsewhere reaches all at one tick', async () => {
    const a = await openStream(await newSession(me));
    const b = await openStream(await newSession(me));
    try {
      expect(t.app.streamHub.looping).toBe(true);
      // A worker process wrote the feed: no in-process event, only the shared loop sees it.
      await command(t.app, rt(), me, 1);
      await t.app.streamHub.tick();
      await expect
        .poll(() => [a.events, b.events])
        .toEqual([
          ['activity', 'dashboard'],
          ['activity', 'dashboard'],
        ]);
    } finally {
      a.destroy();
      b.destroy();
    }
    await expect.poll(() => t.app.streamHub.looping).toBe(false);
  });
});

describe('the Masaniello step on the dashboard', () => {
  it('carries wins, losses, capital, events left, wins needed and the target', async () => {
    const masa = await newTrader(t.app);
    await saveGlobalParams(t.app, masa, { strategySel: 2, galenum: 0 });
    // The contract's default Masaniello is ROBOT.md's plan A (C 100, N 10, K 4, p 0.80).
    const saved = await callAs(t.app, masa.cookie, api.saveMasaniello, {
      body: defaultMasanielloParams(masa.userid),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await command(t.app, rt(), masa, 1);
    const step = async () =>
      api.tradingDashboard.response.parse(
        (await get(masa, api.tradingDashboard, { userid: masa.userid })).json(),
      ).strategyStep;
    expect(await step()).toEqual({
      key: 'robot.step.masaniello',
      params: {
        plan: 1,
        capitalCents: 10_000,
        won: 0,
        lost: 0,
        eventsLeft: 10,
        winsNeeded: 4,
        targetCents: 11_058,
        active: true,
        galeLevel: null,
      },
    });
    // L then W on the paper broker (OTC pays the plan's 80 %): 93.18, then 101.36.
    for (const pattern of ['L', 'W']) {
      const at = findMinute('EURUSD-OTC', pattern, clock.now + MINUTE);
      clock.now = at - 10_000;
      await postSignal(t.app, masa, { asset: 'EURUSD-OTC', direction: 'CALL', atMs: at });
      await runSession(rt(), masa.botId);
      await runAt(clock, rt(), masa, [at, at + MINUTE]);
    }
    expect((await step()).params).toMatchObject({
      capitalCents: 10_136,
      won: 1,
      lost: 1,
      eventsLeft: 8,
      winsNeeded: 3,
      targetCents: 11_058,
    });
  });
});
