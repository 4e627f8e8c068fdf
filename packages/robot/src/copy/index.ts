// Public API of the copy folder: which trader orders are copied, and to which followers.
export { copyStakeCents, planFanOut, planMetaFanOut } from './plan-fan-out.ts';
export {
  COPY_SKIP_REASONS,
  type CopyFollower,
  type CopyOrder,
  type CopySkipReason,
  type FanOutDecision,
  type MetaFollower,
  type MetaOrder,
  type StakeClamp,
  type TraderOrder,
} from './types.ts';
export {
  assetsOf,
  lastCandle,
  orderTimeframeMin,
  traderDelaySec,
  traderFilter,
  TRADER_FILTER_REASONS,
  type CandleColour,
  type TraderCopySettings,
  type TraderFilterReason,
  type TraderOrderFacts,
} from './trader-filter.ts';
