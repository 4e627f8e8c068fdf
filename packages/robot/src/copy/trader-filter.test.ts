import { describe, expect, it } from 'vitest';
import { paperPricePoints } from '../broker/paper.ts';
import {
  assetsOf,
  lastCandle,
  orderTimeframeMin,
  traderDelaySec,
  traderFilter,
  type TraderCopySettings,
  type TraderOrderFacts,
} from './trader-filter.ts';

const SEED = 20_251_122;
const MINUTE = 60_000;
const settings = (over: Partial<TraderCopySettings> = {}): TraderCopySettings => ({
  mode: 1,
  enabled: true,
  brokerId: 0,
  timeframeMin: 0,
  assets: '',
  stakeMin: 0,
  candleColor: 0,
  ...over,
});
const AT = Date.UTC(2026, 0, 8, 10, 0);
const order = (over: Partial<TraderOrderFacts> = {}): TraderOrderFacts => ({
  asset: 'EURUSD',
  direction: 'CALL',
  stakeCents: 1_000,
  brokerId: 2,
  sendAtMs: AT,
  expiresAtMs: AT + MINUTE,
  ...over,
});

/** The first minute from AT whose last closed one-minute candle has `colour` on the paper path. */
function minuteWith(colour: 'green' | 'red' | 'flat'): number {
  for (let t = AT; t < AT + 100_000 * MINUTE; t += MINUTE) {
    if (lastCandle(SEED, 'EURUSD', t, 1) === colour) return t;
  }
  throw new Error(`no ${colour} candle`);
}

describe('traderFilter', () => {
  it('copies an order every filter lets through', () => {
    expect(traderFilter(settings(), order(), SEED)).toBeNull();
  });

  it.each<[string, Partial<TraderCopySettings>, Partial<TraderOrderFacts>, string | null]>([
    ['a bot in follower mode', { mode: 2 }, {}, 'follower_mode'],
    ['follower mode before a disabled switch', { mode: 2, enabled: false }, {}, 'follower_mode'],
    ['the copy switch off', { enabled: false }, {}, 'disabled'],
    ['another broker', { brokerId: 3 }, {}, 'broker'],
    ['the same broker', { brokerId: 2 }, {}, null],
    ['another timeframe', { timeframeMin: 5 }, {}, 'timeframe'],
    ['the same timeframe', { timeframeMin: 5 }, { expiresAtMs: AT + 5 * MINUTE }, null],
    ['an asset outside the list', { assets: 'GBPUSD;USDJPY' }, {}, 'asset'],
    ['an asset of the list, any separator and case', { assets: 'gbp/usd, eurusd' }, {}, null],
    [
      'an OTC asset when the list has the regular one',
      { assets: 'EURUSD' },
      { asset: 'EURUSD-OTC' },
      'asset',
    ],
    ['a stake below the minimum', { stakeMin: 10.01 }, {}, 'stake'],
    ['a stake at the minimum', { stakeMin: 10 }, {}, null],
  ])('%s → %s', (_, s, o, reason) => {
    expect(traderFilter(settings(s), order(o), SEED)).toBe(reason);
  });

  it.each<[string, 1 | 2, 'green' | 'red', 'CALL' | 'PUT', string | null]>([
    ['trend: a CALL after a green candle', 2, 'green', 'CALL', null],
    ['trend: a PUT after a green candle', 2, 'green', 'PUT', 'candle'],
    ['trend: a PUT after a red candle', 2, 'red', 'PUT', null],
    ['reversal: a PUT after a green candle', 1, 'green', 'PUT', null],
    ['reversal: a CALL after a green candle', 1, 'green', 'CALL', 'candle'],
    ['reversal: a CALL after a red candle', 1, 'red', 'CALL', null],
  ])('candle colour, %s → %s', (_, candleColor, colour, direction, reason) => {
    const at = minuteWith(colour);
    const o = order({ direction, sendAtMs: at, expiresAtMs: at + MINUTE });
    expect(traderFilter(settings({ candleColor }), o, SEED)).toBe(reason);
  });

  it('copies after a flat candle with neither candle rule', () => {
    const at = minuteWith('flat');
    const o = order({ sendAtMs: at, expiresAtMs: at + MINUTE });
    expect(traderFilter(settings({ candleColor: 1 }), o, SEED)).toBe('candle');
    expect(traderFilter(settings({ candleColor: 2 }), o, SEED)).toBe('candle');
    expect(traderFilter(settings({ candleColor: 0 }), o, SEED)).toBeNull();
  });
});

describe('the trader filter’s pieces', () => {
  it('reads the last closed candle of the order’s timeframe on the paper path', () => {
    const at = AT + 2 * MINUTE + 30_000; // inside the third minute: the second one closed last
    const open = paperPricePoints(SEED, 'EURUSD', AT + MINUTE);
    const close = paperPricePoints(SEED, 'EURUSD', AT + 2 * MINUTE);
    const expected = close > open ? 'green' : close < open ? 'red' : 'flat';
    expect(lastCandle(SEED, 'EURUSD', at, 1)).toBe(expected);
  });

  it.each<[string, string[]]>([
    ['', []],
    ['  ', []],
    ['EURUSD', ['EURUSD']],
    ['eur/usd; GBPUSD,USDJPY  AUDCAD-otc', ['EURUSD', 'GBPUSD', 'USDJPY', 'AUDCAD-OTC']],
  ])('reads the asset list %j', (text, assets) => {
    expect([...assetsOf(text)]).toEqual(assets);
  });

  it.each<[string, number]>([
    ['1,5', 1.5],
    ['2', 2],
    [' 0.5 ', 0.5],
    ['', 0],
    ['-1', 0],
    ['abc', 0],
  ])('reads the trader delay %j as %d s', (text, seconds) => {
    expect(traderDelaySec(text)).toBe(seconds);
  });

  it.each<[number, number]>([
    [MINUTE, 1],
    [5 * MINUTE, 5],
    [10_000, 1],
    [150_000, 3],
  ])('gives an order lasting %d ms a timeframe of %d min', (ms, minutes) => {
    expect(orderTimeframeMin({ sendAtMs: AT, expiresAtMs: AT + ms })).toBe(minutes);
  });
});
