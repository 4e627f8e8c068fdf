import { describe, expect, it } from 'vitest';
import {
  indexCandles,
  isOtcAsset,
  marketOutcome,
  mergeRanges,
  missingRanges,
  priceAtMs,
  priceBoundaryOf,
  rangesOfMinutes,
  type Candle,
} from './candles.ts';

const MIN = 60_000;
const T = 29_000_000 * MIN; // a whole minute
const candle = (minute: number, open: number, close: number): Candle => ({
  minute,
  open,
  high: Math.max(open, close),
  low: Math.min(open, close),
  close,
});

describe('priceAtMs', () => {
  const m = T / MIN;
  const candles = indexCandles([candle(m - 1, 1.084, 1.0842), candle(m, 1.0843, 1.085)]);

  it('reads the close of the minute that ends at the nearest whole minute when the entry is 2 s early', () => {
    expect(priceAtMs(candles, T - 2_000)).toBe(1.0842);
  });

  it('reads the same price when the entry is 1 s after the minute (full minute with a delay)', () => {
    expect(priceAtMs(candles, T + 1_000)).toBe(1.0842);
  });

  it('reads the open of the minute that starts there when the one before is missing', () => {
    expect(priceAtMs(indexCandles([candle(m, 1.0843, 1.085)]), T)).toBe(1.0843);
  });

  it('is null when the market has no candle around the instant (closed)', () => {
    expect(priceAtMs(candles, T + 10 * MIN)).toBeNull();
  });

  it.each([
    [T + 29_999, T / MIN],
    [T + 30_000, T / MIN + 1],
    [T - 30_001, T / MIN - 1],
  ])('prices %i at boundary %i', (at, boundary) => {
    expect(priceBoundaryOf(at)).toBe(boundary);
  });
});

describe('marketOutcome', () => {
  it.each([
    ['CALL', 1.1, 1.2, 'WIN'],
    ['PUT', 1.1, 1.2, 'LOSS'],
    ['PUT', 1.1, 1.1, 'DRAW'],
  ] as const)('%s from %f to %f is %s', (direction, a, b, outcome) => {
    expect(marketOutcome(direction, a, b)).toBe(outcome);
  });
});

describe('isOtcAsset', () => {
  it.each([
    ['EURUSD-OTC', true],
    ['EUR/USD (OTC)', true],
    ['eurusd-otc', true],
    ['EURUSD', false],
    ['BOTCOIN', false],
  ])('%s is OTC: %s', (asset, otc) => {
    expect(isOtcAsset(asset)).toBe(otc);
  });
});

describe('missingRanges', () => {
  it.each([
    [[], { from: 1, to: 5 }, [{ from: 1, to: 5 }]],
    [[{ from: 1, to: 5 }], { from: 2, to: 4 }, []],
    [
      [{ from: 3, to: 5 }],
      { from: 1, to: 8 },
      [
        { from: 1, to: 2 },
        { from: 6, to: 8 },
      ],
    ],
    [
      [
        { from: 7, to: 9 },
        { from: 1, to: 2 },
      ],
      { from: 1, to: 10 },
      [
        { from: 3, to: 6 },
        { from: 10, to: 10 },
      ],
    ],
    [[{ from: 20, to: 30 }], { from: 1, to: 5 }, [{ from: 1, to: 5 }]],
  ])('covered %j, wanted %j → %j', (covered, wanted, expected) => {
    expect(missingRanges(covered, wanted)).toEqual(expected);
  });
});

describe('rangesOfMinutes and mergeRanges', () => {
  it('joins minutes no more than the gap apart into one range', () => {
    expect(rangesOfMinutes([9, 1, 2, 2, 5], 2)).toEqual([
      { from: 1, to: 5 },
      { from: 9, to: 9 },
    ]);
    expect(rangesOfMinutes([1, 3])).toEqual([
      { from: 1, to: 1 },
      { from: 3, to: 3 },
    ]);
  });

  it('merges touching and overlapping ranges', () => {
    expect(
      mergeRanges([
        { from: 5, to: 6 },
        { from: 1, to: 4 },
        { from: 8, to: 9 },
        { from: 9, to: 12 },
      ]),
    ).toEqual([
      { from: 1, to: 6 },
      { from: 8, to: 12 },
    ]);
  });
});
