/**
 * Every strategy by name, so a session or the simulator CLI can pick one from settings.
 */
import type { Strategy } from '@app/contract';
import { customCycles, type CustomCyclesConfig, type CustomCyclesState } from './custom-cycles.ts';
import { cycles, type CyclesConfig, type CyclesState } from './cycles.ts';
import { lossRecovery, type LossRecoveryConfig, type LossRecoveryState } from './loss-recovery.ts';
import { martingale, type MartingaleConfig, type MartingaleState } from './martingale.ts';
import { masaniello, type MasanielloConfig, type MasanielloState } from './masaniello.ts';
import { soros, type SorosConfig, type SorosState } from './soros.ts';
import type { StrategyName } from './types.ts';

/** Config and state type of each strategy, by name. */
export interface StrategyTypes {
  martingale: { config: MartingaleConfig; state: MartingaleState };
  soros: { config: SorosConfig; state: SorosState };
  masaniello: { config: MasanielloConfig; state: MasanielloState };
  cycles: { config: CyclesConfig; state: CyclesState };
  customCycles: { config: CustomCyclesConfig; state: CustomCyclesState };
  lossRecovery: { config: LossRecoveryConfig; state: LossRecoveryState };
}

/** Every strategy value by name: `moneyStrategies.soros.initial(cfg)`. */
export const moneyStrategies = {
  martingale,
  soros,
  masaniello,
  cycles,
  customCycles,
  lossRecovery,
} as const;

/**
 * The strategy a global-params `strategySel` (1–6) selects.
 * Example: `strategyNameFor(3) === 'cycles'`.
 */
export function strategyNameFor(strategySel: Strategy): StrategyName {
  const names = {
    1: 'martingale',
    2: 'masaniello',
    3: 'cycles',
    4: 'lossRecovery',
    5: 'customCycles',
    6: 'soros',
  } as const;
  return names[strategySel];
}
