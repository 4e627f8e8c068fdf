import { paperPricePoints } from '@app/robot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAPER_SEED } from '../robot/brokers/paper-broker.ts';
import { useTestApp } from '../test/app.ts';
import { FakeDerivMarket, type FakeCandle } from '../test/fake-deriv-market.ts';
import { tradingScenario } from '../test/trading-scenario.ts';
import {
  findMinute,
  MINUTE,
  ordersOf,
  postSignal,
  runAt,
  type Me,
  type TestClock,
} from '../test/trading.ts';
import { derivMarketSource } from './deriv-market.ts';
import { runSession } from '../robot/run-session.ts';
import { closeMarketData, useMarketData } from './market-config.ts';
import { createMarketData } from './market-data.ts';

const clock: TestClock = { now: Date.UTC(2026, 0, 6, 12, 0) };
const t = useTestApp({ now: () => clock.now });
const scenario = tradingScenario(t, clock);
const rt = scenario.rt;
/** A trader on the paper broker without gales: one order per signal. */
const readyTrader = () => scenario.readyTrader({ galenum: 0 });
let fake: FakeDerivMarket;

/** EURUSD on the fake market: each minute closes 2 points above the one before (CALL wins). */
const rising = (minute: number): FakeCandle => {
  const open = 1.08 + (minute % 1000) * 0.00002;
  return { open, high: open + 0.00003, low: open - 0.00001, close: open + 0.00002 };
};

beforeAll(async () => {
  fake = await FakeDerivMarket.start();
  fake.now = () => clock.now;
});
afterAll(async () => {
  await closeMarketData(t.app.deps.db);
  await fake.close();
});
beforeEach(() => {
  fake.markets.clear();
  fake.markets.set('frxEURUSD', rising);
  fake.down = false;
  fake.limitPerMinute = 220;
  fake.requests.length = 0;
  useMarketData(
    t.app.deps.db,
    createMarketData({
      db: t.app.deps.db,
      sources: [derivMarketSource({ url: fake.url, now: () => clock.now })],
    }),
  );
});

/** A one-minute CALL signal at `at` (full minute), decided, sent and asked at expiry + 3 s. */
async function trade(me: Me, asset: string, at: number) {
  clock.now = at - 30_000;
  await postSignal(t.app, me, { asset, direction: 'CALL', atMs: at });
  await runSession(rt(), me.botId);
  await runAt(clock, rt(), me, [at, at + MINUTE + 3_000]);
  return (await ordersOf(t.app, me)).at(-1);
}

/** The next minute after now where the seeded walk LOSES a CALL: a market WIN there is no walk. */
const walkLossMinute = (asset: string) => findMinute(asset, 'L', clock.now + 2 * MINUTE);

describe('the paper broker at market prices (a local fake of Deriv market data)', () => {
  it('settles a EURUSD order at the fake candle price, labelled with its source', async () => {
    const me = await readyTrader();
    const at = walkLossMinute('EURUSD');
    const order = await trade(me, 'EURUSD', at);
    const m = at / MINUTE;
    // Entry: the close of the minute ending at the entry; exit: the close of the order's minute.
    expect(order).toMatchObject({
      state: 'won',
      pnl_cents: 174,
      price_source: 'deriv',
      entry_price: rising(m - 1).close,
      exit_price: rising(m).close,
    });
  });

  it('settles an OTC order at the labelled simulated price, never asking the market', async () => {
    const me = await readyTrader();
    const at = findMinute('EURUSD-OTC', 'W', clock.now + 2 * MINUTE);
    const order = await trade(me, 'EURUSD-OTC', at);
    expect(order).toMatchObject({
      state: 'won',
      price_source: 'simulated',
      entry_price: paperPricePoints(PAPER_SEED, 'EURUSD-OTC', at) / 100_000,
    });
    expect(fake.requests).toEqual([]);
  });

  it('settles at the simulated price where the market had no candle (closed) or no symbol', async () => {
    const me = await readyTrader();
    fake.markets.set('frxEURUSD', () => null);
    const closed = await trade(me, 'EURUSD', walkLossMinute('EURUSD'));
    expect(closed).toMatchObject({ state: 'lost', price_source: 'simulated' });
    const unknown = await trade(me, 'GBPNZD', walkLossMinute('GBPNZD'));
    expect(unknown).toMatchObject({ state: 'lost', price_source: 'simulated' });
  });

  it('keeps the order open ("pending market data") while the market is down, then settles it at the market', async () => {
    const me = await readyTrader();
    const at = walkLossMinute('EURUSD');
    fake.down = true;
    const pending = await trade(me, 'EURUSD', at);
    expect(pending).toMatchObject({ state: 'open', price_source: null, pnl_cents: null });
    fake.down = false;
    // The wait after a failure (30 s) passes; the next run settles it at the market's price.
    await runAt(clock, rt(), me, [clock.now + 31_000]);
    expect((await ordersOf(t.app, me)).at(-1)).toMatchObject({
      state: 'won',
      price_source: 'deriv',
    });
  });

  it('keeps the order open while rate-limited, never guessing, and settles it once allowed', async () => {
    const me = await readyTrader();
    const at = walkLossMinute('EURUSD');
    fake.limitPerMinute = 0;
    expect(await trade(me, 'EURUSD', at)).toMatchObject({ state: 'open', pnl_cents: null });
    fake.limitPerMinute = 220;
    await runAt(clock, rt(), me, [clock.now + 61_000]);
    expect((await ordersOf(t.app, me)).at(-1)).toMatchObject({
      state: 'won',
      price_source: 'deriv',
    });
  });

  it('asks the market once for a range two bots need, and never again once cached', async () => {
    const a = await readyTrader();
    const b = await readyTrader();
    const at = walkLossMinute('EURUSD');
    clock.now = at - 30_000;
    for (const me of [a, b]) {
      await postSignal(t.app, me, { asset: 'EURUSD', direction: 'CALL', atMs: at });
    }
    for (const me of [a, b]) await runSession(rt(), me.botId);
    clock.now = at;
    for (const me of [a, b]) await runSession(rt(), me.botId);
    clock.now = at + MINUTE + 3_000;
    await Promise.all([a, b].map((me) => runSession(rt(), me.botId)));
    expect(fake.requests).toHaveLength(1);
    for (const me of [a, b]) {
      expect((await ordersOf(t.app, me)).at(-1)).toMatchObject({ state: 'won' });
    }
  });
});
