// Public API of the copy folder: fan-out of a trader's order to its followers.
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
