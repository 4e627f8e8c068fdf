/**
 * Martingale (strategy 1, ROBOT.md §1): entry `base`, then up to G gales, each the previous stake
 * times `m` (half up, chained on the rounded stake) or, with `m = 0`, payout-aware so every
 * winning level nets about `base·p`. A win ends the sequence; the last loss is accepted.
 */
import { ceilCents, roundCents, type Cents } from './cents.ts';
import {
  entryBaseCents,
  galeStakeCents,
  initialBase,
  stepLadder,
  type LadderHooks,
} from './ladder.ts';
import type { BaseState, CommonConfig, MoneyStrategy } from './types.ts';

/** Martingale settings: `gales` = galenum (G), `multiplier` = galefat (m; 0 = payout-aware). */
export interface MartingaleConfig extends CommonConfig {
  gales: number;
  multiplier: number;
}

/** Martingale keeps no memory between sequences beyond the engine's fields. */
export type MartingaleState = BaseState;

const hooks: LadderHooks<MartingaleState, MartingaleConfig> = {
  open(state, config) {
    const base = entryBaseCents(config.entry, state);
    return {
      kind: 'open',
      state,
      stake: { rawCents: base },
      maxGales: config.gales,
      targetNetCents: base * config.payout,
    };
  },
  gale: (_state, config, ladder) => ({
    rawCents: galeStakeCents(ladder, config.multiplier, config.payout),
  }),
  close: (state) => ({ state, commands: [] }),
  reset: (state) => state,
};

/**
 * Martingale as a strategy value.
 * Example: `martingale.next(martingale.initial(cfg), { type: 'start_sequence', balanceCents: 10_000 }, cfg)`
 * → a `place` of the entry stake.
 */
export const martingale: MoneyStrategy<MartingaleConfig, MartingaleState> = {
  name: 'martingale',
  initial: () => initialBase(),
  next: (state, event, config) => stepLadder(state, event, config, hooks),
  summarize: (state) => ({ galeLevel: state.ladder?.galeLevel ?? 0 }),
};

/** One level of a martingale plan: its stake and the sequence net if that level wins (cents). */
export interface MartingaleLevel {
  galeLevel: number;
  stakeCents: Cents;
  netIfWonCents: Cents;
}

/** A martingale plan for previews: the levels and the net when every level is lost (cents). */
export interface MartingalePlan {
  levels: MartingaleLevel[];
  allLostCents: Cents;
  /** Flat-stake break-even hit rate `1/(1+p)`, a fraction. */
  breakEvenHitRate: number;
}

/**
 * Plans the stakes and nets per level from a fixed base (cents), ignoring broker limits.
 * Example: base 200, G 3, m 2.2, p 0.87 → stakes 200, 440, 968, 2130; nets 174, 183, 202, 245 / −3738.
 */
export function planMartingale(
  config: Pick<MartingaleConfig, 'gales' | 'multiplier' | 'payout'> & { baseCents: Cents },
): MartingalePlan {
  const levels: MartingaleLevel[] = [];
  let lost = 0;
  let stake = config.baseCents;
  for (let g = 0; g <= config.gales; g++) {
    if (g > 0) {
      stake =
        config.multiplier > 0
          ? roundCents(stake * config.multiplier)
          : ceilCents((lost + config.baseCents * config.payout) / config.payout);
    }
    levels.push({
      galeLevel: g,
      stakeCents: stake,
      netIfWonCents: roundCents(stake * config.payout) - lost,
    });
    lost += stake;
  }
  return { levels, allLostCents: -lost, breakEvenHitRate: breakEvenHitRate(config.payout) };
}

/** Break-even hit rate of a flat stake, as a fraction: `breakEvenHitRate(0.8) ≈ 0.5556`. */
export function breakEvenHitRate(payout: number): number {
  return 1 / (1 + payout);
}
