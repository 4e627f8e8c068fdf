import {
  defaultCustomCycles,
  defaultCycles,
  defaultLossRecovery,
  defaultMasanielloParams,
  defaultSoros,
  LoteType,
  Strategy,
  type CustomCycleRow,
  type LossRecovery,
} from '@app/contract';
import {
  PAPER_DEFAULTS,
  toCents,
  type ChannelPlan,
  type CommonConfig,
  type MoneyConfigs,
  type SessionConfig,
} from '@app/robot';
import type { Kysely } from 'kysely';
import type { Database, SignalsTable } from '../../db/schema.ts';

/** The saved settings a bot still needs before it may trade (null: none missing). */
export type MissingSettings =
  'globalParams' | 'masaniello' | 'cycles' | 'lossRecovery' | 'customCycles' | 'soros' | null;

/** The global params every strategy's money starts from (currency units, as saved). */
export interface EntryParams {
  loteType: number | null;
  lote: number;
  /** Percent; 0 = not set. */
  payout: number;
  galenum: number;
  galefat: number;
}

/** Settings shared by every strategy: entry base, planning payout and the broker's stake limits. */
function commonConfig(p: EntryParams): CommonConfig {
  return {
    entry:
      p.loteType === LoteType.percent
        ? { kind: 'percent', pct: p.lote }
        : { kind: 'fixed', stakeCents: toCents(p.lote) },
    // A payout of 0 is "not set" in the form: plan with the paper broker's payout.
    payout: p.payout > 0 ? p.payout / 100 : PAPER_DEFAULTS.defaultPayout,
    // The paper broker's limits; Deriv's own limits come back as a refused proposal (`rejected`).
    brokerMinCents: PAPER_DEFAULTS.minStakeCents,
    brokerMaxCents: PAPER_DEFAULTS.maxStakeCents,
  };
}

/**
 * The money settings of the strategy `strategy` selects, read from its own table (the others are
 * ignored by the session), and whether that table has a saved row for the bot: a strategy never
 * saved trades on the contract's defaults only after the trader saved it once.
 */
export async function moneySettings(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
  strategy: Strategy,
  params: EntryParams,
): Promise<{ configs: MoneyConfigs; missing: MissingSettings }> {
  const common = commonConfig(params);
  switch (strategy) {
    case Strategy.martingale:
      return {
        configs: { martingale: { ...common, gales: params.galenum, multiplier: params.galefat } },
        missing: null,
      };
    case Strategy.masaniello: {
      const row = await db
        .selectFrom('masaniello_params')
        .selectAll()
        .where('bot_id', '=', botId)
        .executeTakeFirst();
      const d = defaultMasanielloParams('');
      return {
        configs: {
          masaniello: {
            brokerMinCents: common.brokerMinCents,
            brokerMaxCents: common.brokerMaxCents,
            capitalCents: toCents(row?.capital ?? d.capital),
            totalOper: row?.total_oper ?? d.totalOper,
            totalWin: row?.total_win ?? d.totalWin,
            payout: (row?.payout ?? d.payout) / 100,
            gales: row?.gale ?? d.gale,
            type: (row?.type_mas ?? d.typeMas) as typeof d.typeMas,
            profitTargetCents: toCents(row?.target ?? d.target),
            hitsRestart: row?.hits_restart ?? d.hitsRestart,
            restartOnBust: (row?.restart ?? d.restart) === 1,
          },
        },
        missing: row ? null : 'masaniello',
      };
    }
    case Strategy.cycles: {
      const row = await db
        .selectFrom('cycle_params')
        .selectAll()
        .where('bot_id', '=', botId)
        .where('broker_id', '=', brokerId)
        .executeTakeFirst();
      const d = defaultCycles('', brokerId);
      return {
        configs: {
          cycles: {
            ...common,
            cycles: row?.ciclos ?? d.ciclos,
            cycleMultiplier: row?.ciclos_fat ?? d.ciclosFat,
            gales: row?.ciclos_gale ?? d.ciclosGale,
            galeMultiplier: row?.ciclos_gale_fat ?? d.ciclosGaleFat,
          },
        },
        missing: row ? null : 'cycles',
      };
    }
    case Strategy.lossRecovery: {
      const row = await db
        .selectFrom('loss_recovery_params')
        .selectAll()
        .where('bot_id', '=', botId)
        .where('broker_id', '=', brokerId)
        .executeTakeFirst();
      const d = defaultLossRecovery('', brokerId);
      return {
        configs: {
          lossRecovery: {
            ...common,
            factor: (row?.recover_perc ?? d.recoverPerc) as LossRecovery['recoverPerc'],
            mode: (row?.mode ?? d.mode) as LossRecovery['mode'],
            gales: row?.recover_gale ?? d.recoverGale,
            galeMultiplier: row?.recover_gale_fat ?? d.recoverGaleFat,
            recoverProfitCents: toCents(row?.recover_profit ?? d.recoverProfit),
          },
        },
        missing: row ? null : 'lossRecovery',
      };
    }
    case Strategy.custom: {
      const rows = await db
        .selectFrom('custom_cycle_rows')
        .select(['cycle', 'entrada', 'mg1', 'mg2', 'mg3', 'mg4', 'mg5', 'mg6', 'mg7'])
        .where('bot_id', '=', botId)
        .orderBy('cycle')
        .execute();
      const saved: CustomCycleRow[] = rows;
      return {
        configs: {
          customCycles: {
            ...common,
            rows: saved.length > 0 ? saved : defaultCustomCycles(),
            gales: params.galenum,
            multiplier: params.galefat,
          },
        },
        missing: saved.length > 0 ? null : 'customCycles',
      };
    }
    case Strategy.soros: {
      const row = await db
        .selectFrom('soros_params')
        .selectAll()
        .where('bot_id', '=', botId)
        .where('broker_id', '=', brokerId)
        .executeTakeFirst();
      const d = defaultSoros('', brokerId);
      return {
        configs: {
          soros: {
            ...common,
            levels: row?.soros ?? d.soros,
            pct: row?.soros_perc ?? d.sorosperc,
            gales: row?.soros_gale ?? d.sorosgale,
            galeMultiplier: params.galefat,
          },
        },
        missing: row ? null : 'soros',
      };
    }
  }
}

/**
 * The config with the broker's payout for the signal's asset planning the stakes (the global
 * params' payout is only the minimum the broker must pay). Masaniello keeps its plan payout.
 */
export function withBrokerPayout(config: SessionConfig, payout: number): SessionConfig {
  const money = { ...config.money };
  if (money.martingale) money.martingale = { ...money.martingale, payout };
  if (money.cycles) money.cycles = { ...money.cycles, payout };
  if (money.lossRecovery) money.lossRecovery = { ...money.lossRecovery, payout };
  if (money.customCycles) money.customCycles = { ...money.customCycles, payout };
  return { ...config, money };
}

/**
 * The channel plan a `signals` row carries (the reader stored the message's gale count, else the
 * card's, and the card's lote and galefat): what `signalPlan` and the session's ladder read.
 */
export function channelPlanOfRow(
  row: Pick<SignalsTable, 'gales' | 'lote' | 'galefat'>,
): ChannelPlan {
  return { gales: row.gales, lote: row.lote, galefat: row.galefat };
}
