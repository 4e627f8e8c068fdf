// Public API of the market folder: candles, the price at an instant, ranges to fetch.
export {
  indexCandles,
  isOtcAsset,
  marketOutcome,
  mergeRanges,
  minuteIndexOf,
  minutesForInstant,
  missingRanges,
  priceAtMs,
  priceBoundaryOf,
  rangesOfMinutes,
  SIMULATED_PRICE_SOURCE,
  type Candle,
  type CandleIndex,
  type MinuteRange,
  type PriceSource,
} from './candles.ts';
