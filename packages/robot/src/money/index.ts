export * from './cents.ts';
export * from './types.ts';
export {
  classifyOrder,
  clampStake,
  entryBaseCents,
  galeStakeCents,
  type ClampedStake,
} from './ladder.ts';
export * from './simulate.ts';
export * from './martingale.ts';
