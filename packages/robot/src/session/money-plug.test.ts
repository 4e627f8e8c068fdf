import { describe, expect, it } from 'vitest';
import * as robot from '../index.ts';
import { moneyPlugFor } from './money-plug.ts';

describe('moneyPlugFor', () => {
  it('maps every strategySel to its strategy', () => {
    const configs = {
      martingale: {},
      masaniello: {},
      cycles: {},
      lossRecovery: {},
      customCycles: {},
    } as unknown as Parameters<typeof moneyPlugFor>[1];
    expect(([1, 2, 3, 4, 5] as const).map((sel) => moneyPlugFor(sel, configs)?.name)).toEqual([
      'martingale',
      'masaniello',
      'cycles',
      'lossRecovery',
      'customCycles',
    ]);
  });

  // Regression: `money/registry.ts` held a second, unused map of the same numbers, which could
  // drift from this one.
  it('is the only map from strategy numbers to strategies the robot exports', () => {
    expect(Object.keys(robot)).not.toContain('strategyNameFor');
    expect(Object.keys(robot)).not.toContain('moneyStrategies');
  });
});
