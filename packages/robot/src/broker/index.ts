// Public API of the broker folder: the Broker interface and the deterministic paper broker.
export type {
  Awaitable,
  Broker,
  OpenOrder,
  OrderDirection,
  OrderOutcome,
  OrderRequest,
  PlaceOrderError,
  PlaceOrderResult,
  SettleError,
  SettleResult,
  Settlement,
} from './types.ts';
export {
  createPaperBroker,
  normalizeAsset,
  outcomeOf,
  paperPricePoints,
  PAPER_DEFAULTS,
  type PaperBroker,
  type PaperBrokerConfig,
} from './paper.ts';
export { hashString, mixKeys, mulberry32 } from './prng.ts';
