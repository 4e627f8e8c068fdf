import { endpoints as api, type ChannelRecord } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derivMarketSource } from '../../market/deriv-market.ts';
import {
  closeMarketData,
  settleBackgroundFills,
  useMarketData,
} from '../../market/market-config.ts';
import { createMarketData } from '../../market/market-data.ts';
import { callAs, registerAndLogin, useTestApp } from '../../test/app.ts';
import { FakeDerivMarket } from '../../test/fake-deriv-market.ts';
import { createChannel, post, subscribe, type Trader } from '../../test/reader.ts';

const MIN = 60_000;
const START = Date.UTC(2026, 0, 6, 13, 0); // a Tuesday, 10:00 in Brasília
let clock = START;
const t = useTestApp({ now: () => clock });
let fake: FakeDerivMarket;
let me: Trader;
let other: Trader;
let chan: string;

/** `HH:MM` of an instant on the channel's clock (the card's time zone, Brasília). */
const hhmm = (ms: number) => new Date(ms - 3 * 3_600_000).toISOString().slice(11, 16);

async function say(atMs: number, text: string) {
  clock = atMs;
  await post(t.app, me, chan, text);
  await t.app.reader.runOnce();
}

async function record(period = '30d', who: Trader = me): Promise<ChannelRecord> {
  const res = await callAs(t.app, who.cookie, api.channelRecord, {
    query: { userid: who.userid, channel: chan, period: period as '30d' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChannelRecord;
}

beforeAll(async () => {
  fake = await FakeDerivMarket.start();
  fake.now = () => clock;
  // EURUSD rises every minute (a CALL wins at entry); GBPUSD falls (a CALL loses every gale).
  fake.markets.set('frxEURUSD', (m) => ({
    open: 1 + m * 1e-5,
    high: 2,
    low: 0,
    close: 1 + m * 1e-5 + 2e-5,
  }));
  fake.markets.set('frxGBPUSD', (m) => ({
    open: 2 - m * 1e-5,
    high: 3,
    low: 0,
    close: 2 - m * 1e-5 - 2e-5,
  }));
  useMarketData(
    t.app.deps.db,
    createMarketData({
      db: t.app.deps.db,
      sources: [derivMarketSource({ url: fake.url, now: () => clock })],
    }),
  );
  me = await registerAndLogin(t.app);
  other = await registerAndLogin(t.app);
  chan = await createChannel(t.app, me, 'Sala VIP');
  await subscribe(t.app, me, [{ idNum: chan, name: 'Sala VIP' }]);
  const eur = START + 10 * MIN;
  const gbp = START + 20 * MIN;
  await say(START, `EURUSD ${hhmm(eur)} CALL M1`);
  await say(START + MIN, `GBPUSD ${hhmm(gbp)} CALL M1`);
  await say(START + 2 * MIN, `EURUSD-OTC ${hhmm(gbp + 10 * MIN)} PUT M1`);
  await say(START + 3 * MIN, 'VIP: entrada CALL agora, confiem!');
  await say(eur + 2 * MIN, 'WIN ✅');
  await say(gbp + 5 * MIN, 'WIN no G1 ✅✅');
  await say(START + 50 * MIN, 'Placar do dia: 2x0 🔥');
  clock = START + 60 * MIN;
});
afterAll(async () => {
  await closeMarketData(t.app.deps.db);
  await fake.close();
});

describe('GET /channels/record', () => {
  it("is pending market data at first, fetched in the background, then scores the channel's signals against the market", async () => {
    const first = await record();
    expect(first.signals).toBe(3);
    expect(first.verified).toMatchObject({ wins: 0, losses: 0, pending: 2, noData: 1 });
    await settleBackgroundFills(t.app.deps.db);
    const second = await record();
    expect(second).toMatchObject({
      name: 'Sala VIP',
      marketSources: ['deriv'],
      signals: 3,
      verified: { wins: 1, losses: 1, hitRatePct: 50, winsByStep: [1], noData: 1, pending: 0 },
      claimed: { wins: 2, losses: 0, hitRatePct: 100, winsByStep: [1, 1], unclaimed: 1 },
      disagreements: 1,
      unreadable: 1,
      scoreboards: [{ wins: 2, losses: 0 }],
    });
    expect(second.byAsset.map((a) => a.asset)).toEqual(['EURUSD', 'GBPUSD', 'EURUSD-OTC']);
  });

  it('asks the market once per asset and range, and scores from the cache after', async () => {
    const before = fake.requests.length;
    await record();
    await record('7d');
    await settleBackgroundFills(t.app.deps.db);
    expect(fake.requests.length).toBe(before);
    expect(new Set(fake.requests.map((r) => r.symbol))).toEqual(
      new Set(['frxEURUSD', 'frxGBPUSD']),
    );
  });

  it("counts only today's signals for today, and answers 403 for another account's bot", async () => {
    clock = START + 3 * 86_400_000;
    expect((await record('today')).signals).toBe(0);
    const res = await callAs(t.app, other.cookie, api.channelRecord, {
      query: { userid: me.userid, channel: chan, period: '30d' },
    });
    expect(res.statusCode).toBe(403);
    clock = START + 60 * MIN;
  });
});
