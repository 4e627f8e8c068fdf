/**
 * The effective plan of one channel signal (docs/trader.md "One plan per signal"): which gale
 * count, entry and gale multiplier its ladder uses. The robot's placed ladder, the signal tester,
 * the card's last signals and the dashboard's next entries all read it from here, so they can
 * never disagree.
 *
 * - Gales: the count the message states, else the card's `galenum` when set (> 0), is the
 *   channel's count. Martingale and the martingale fallback of custom cycles take it in place of
 *   the global `galenum`; every other strategy keeps its own gale setting (sorosgale, Masaniello's
 *   gale, ciclosgale, recoverGale, a custom row's MG cells) and the channel's count is a ceiling:
 *   a signal never places a gale its channel did not announce.
 * - Entry: the card's `lote` (> 0) replaces the global `lote` (in the global entry type's unit)
 *   wherever a strategy starts from it: martingale, soros, cycles, loss recovery and the custom
 *   cycles fallback. Masaniello stakes from its plan capital and a custom row from its table.
 * - Multiplier: the card's `galefat` (> 0) replaces the global `galefat` wherever a strategy uses
 *   it: martingale, soros' gales and the custom cycles fallback. Cycles and loss recovery keep
 *   their own gale multipliers (ciclosgalefat, recoverGaleFat).
 */
import { Strategy } from '@app/contract';
import { toCents } from '../money/cents.ts';
import {
  compileCustomCycles,
  type BaseState,
  type CycleWalk,
  type EntryBase,
} from '../money/index.ts';
import type { MoneyConfigs } from './types.ts';

/**
 * What a channel asks of one signal, as the reader stored it with the line: `gales` is the
 * message's count, else the card's `galenum` when set, else `null`; `lote` and `galefat` are the
 * card's (0 or `null` = not set: the global settings apply).
 */
export interface ChannelPlan {
  gales: number | null;
  lote: number | null;
  galefat: number | null;
}

/** Where a signal's gale count comes from. */
export type GalesSource = 'channel' | 'strategy';

/** The effective plan of a signal: what its ladder will do. */
export interface SignalPlan {
  /** Gales the ladder may place after the entry (0 = the entry only). */
  gales: number;
  /** `channel`: the message or the card set it; `strategy`: the strategy's own setting. */
  galesFrom: GalesSource;
  /** The money settings the sequence trades with (the card's overrides applied). */
  money: MoneyConfigs;
}

const isSet = (v: number | null | undefined): v is number => typeof v === 'number' && v > 0;

function entryWith(entry: EntryBase, lote: number | null): EntryBase {
  if (!isSet(lote)) return entry;
  return entry.kind === 'fixed'
    ? { kind: 'fixed', stakeCents: toCents(lote) }
    : { ...entry, pct: lote };
}

/** The strategy's own gale count for the next (or current) sequence. */
function ownGales(strategySel: Strategy, money: MoneyConfigs, state?: BaseState): number | null {
  switch (strategySel) {
    case Strategy.martingale:
      return money.martingale?.gales ?? null;
    case Strategy.masaniello:
      return money.masaniello?.gales ?? null;
    case Strategy.cycles:
      return money.cycles?.gales ?? null;
    case Strategy.lossRecovery:
      return money.lossRecovery?.gales ?? null;
    case Strategy.soros:
      return money.soros?.gales ?? null;
    case Strategy.custom: {
      const config = money.customCycles;
      if (!config) return null;
      const rows = compileCustomCycles(config.rows);
      if (rows.length === 0) return config.gales;
      const cycle = (state as (BaseState & Partial<CycleWalk>) | undefined)?.cycle ?? 1;
      return (rows[cycle - 1]?.stakesCents.length ?? 1) - 1;
    }
  }
}

/**
 * The money settings with a channel's card applied (see the module comment), for the strategy
 * `strategySel` selects; the other strategies' settings are left as they are.
 * @example planMoney(1, { martingale: { gales: 2, multiplier: 2, … } }, { gales: 1, lote: 5, galefat: null })
 *   // martingale: gales 1, entry 5.00 fixed, multiplier 2
 */
export function planMoney(
  strategySel: Strategy,
  money: MoneyConfigs,
  channel: ChannelPlan,
): MoneyConfigs {
  const out: MoneyConfigs = { ...money };
  const gales = channel.gales;
  const fat = channel.galefat;
  switch (strategySel) {
    case Strategy.martingale:
      if (out.martingale)
        out.martingale = {
          ...out.martingale,
          entry: entryWith(out.martingale.entry, channel.lote),
          gales: gales ?? out.martingale.gales,
          multiplier: isSet(fat) ? fat : out.martingale.multiplier,
        };
      break;
    case Strategy.custom:
      if (out.customCycles)
        out.customCycles = {
          ...out.customCycles,
          entry: entryWith(out.customCycles.entry, channel.lote),
          gales: gales ?? out.customCycles.gales,
          multiplier: isSet(fat) ? fat : out.customCycles.multiplier,
        };
      break;
    case Strategy.soros:
      if (out.soros)
        out.soros = {
          ...out.soros,
          entry: entryWith(out.soros.entry, channel.lote),
          galeMultiplier: isSet(fat) ? fat : out.soros.galeMultiplier,
        };
      break;
    case Strategy.cycles:
      if (out.cycles)
        out.cycles = { ...out.cycles, entry: entryWith(out.cycles.entry, channel.lote) };
      break;
    case Strategy.lossRecovery:
      if (out.lossRecovery)
        out.lossRecovery = {
          ...out.lossRecovery,
          entry: entryWith(out.lossRecovery.entry, channel.lote),
        };
      break;
    case Strategy.masaniello:
      break;
  }
  return out;
}

/**
 * The effective plan of one channel signal: the card's overrides applied to the strategy's
 * settings and the number of gales its ladder may place. `state` (the strategy's money state)
 * only matters for custom cycles, whose gale count is the current row's.
 * @example signalPlan(1, martingaleG2, { gales: 1, lote: null, galefat: null }).gales // 1
 * @example signalPlan(3, cyclesG2, { gales: 5, lote: null, galefat: null }).gales // 2 (ceiling)
 */
export function signalPlan(
  strategySel: Strategy,
  money: MoneyConfigs,
  channel: ChannelPlan,
  state?: BaseState,
): SignalPlan {
  const planned = planMoney(strategySel, money, channel);
  const own = ownGales(strategySel, planned, state) ?? 0;
  const cap = channel.gales;
  // Martingale took the channel's count as its own above; elsewhere it is a ceiling.
  if (cap !== null && cap <= own)
    return { gales: Math.max(0, cap), galesFrom: 'channel', money: planned };
  return { gales: own, galesFrom: 'strategy', money: planned };
}

/**
 * The channel plan of a read line from the card: the message's gale count, else the card's
 * `galenum` when set; the card's `lote` and `galefat`.
 * @example channelPlanOf(1, { galenum: 2, lote: 0, galefat: 0 }) // { gales: 1, lote: null, galefat: null }
 */
export function channelPlanOf(
  statedGales: number | null | undefined,
  card: { galenum: number; lote: number; galefat: number },
): ChannelPlan {
  return {
    gales: statedGales ?? (isSet(card.galenum) ? card.galenum : null),
    lote: isSet(card.lote) ? card.lote : null,
    galefat: isSet(card.galefat) ? card.galefat : null,
  };
}
