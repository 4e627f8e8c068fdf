import type { Strategy } from '@app/contract';
import {
  customCycles,
  cycles,
  isMasanielloActive,
  lossRecovery,
  martingale,
  masaniello,
  soros,
  type BaseState,
  type MasanielloState,
  type MoneyStrategy,
  type StrategyName,
} from '../money/index.ts';
import type { MoneyConfigs } from './types.ts';

/** The strategy `strategySel` picks, with its settings, as the session drives it. */
export interface MoneyPlug {
  name: StrategyName;
  strategy: MoneyStrategy<unknown, BaseState>;
  config: unknown;
}

// Each strategy is typed by its own config and state; the session never looks inside either, so
// it holds them behind this one erased signature.
const erase = <C, S extends BaseState>(s: MoneyStrategy<C, S>): MoneyStrategy<unknown, BaseState> =>
  s as unknown as MoneyStrategy<unknown, BaseState>;

const BY_SELECTION: Record<
  Strategy,
  { key: keyof MoneyConfigs; strategy: MoneyStrategy<unknown, BaseState> }
> = {
  1: { key: 'martingale', strategy: erase(martingale) },
  2: { key: 'masaniello', strategy: erase(masaniello) },
  3: { key: 'cycles', strategy: erase(cycles) },
  4: { key: 'lossRecovery', strategy: erase(lossRecovery) },
  5: { key: 'customCycles', strategy: erase(customCycles) },
  6: { key: 'soros', strategy: erase(soros) },
};

/**
 * The money strategy for a strategySel (1–5), or `null` when its settings are missing.
 * @example moneyPlugFor(1, { martingale: cfg })?.name // 'martingale'
 */
export function moneyPlugFor(strategySel: Strategy, configs: MoneyConfigs): MoneyPlug | null {
  const entry = BY_SELECTION[strategySel];
  const config = entry ? configs[entry.key] : undefined;
  if (!entry || !config) return null;
  return { name: entry.strategy.name, strategy: entry.strategy, config };
}

/** Masaniello in a live plan replaces the ordinary stops (ROBOT.md §3). */
export function moneyIsTheStop(strategySel: Strategy, money: BaseState): boolean {
  return strategySel === 2 && isMasanielloActive(money as MasanielloState);
}
