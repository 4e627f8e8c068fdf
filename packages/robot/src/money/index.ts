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
export * from './soros.ts';
export * from './masaniello.ts';
export * from './cycles.ts';
export * from './custom-cycles.ts';
export * from './loss-recovery.ts';
