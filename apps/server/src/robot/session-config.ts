import { StopType, type GlobalParamsRead } from '@app/contract';
import {
  PAPER_DEFAULTS,
  stopsConfigFromParams,
  toCents,
  type CommonConfig,
  type MoneyConfigs,
  type ClockWindow,
  type SessionConfig,
} from '@app/robot';
import { readSavedGlobalParams } from '../modules/global-params/global-params.service.ts';
import { readReaderParamsOf } from '../modules/reader-params/reader-params.service.ts';
import {
  readCustomCycles,
  readCycles,
  readLossRecovery,
  readMasaniello,
  readSoros,
} from '../modules/strategies/strategies.service.ts';
import { fromDbBool } from '../db/dialect.ts';
import type { AppDeps } from '../plugins/context.ts';

/** Settings shared by every strategy: entry base, planning payout and the broker's stake limits. */
function commonConfig(params: GlobalParamsRead): CommonConfig {
  return {
    entry:
      params.loteType === 2
        ? { kind: 'percent', pct: params.lote }
        : { kind: 'fixed', stakeCents: toCents(params.lote) },
    // A payout of 0 is "not set" in the form: plan with the paper broker's payout.
    payout: params.payout > 0 ? params.payout / 100 : PAPER_DEFAULTS.defaultPayout,
    // The paper broker's limits; Deriv's own limits come back as a refused proposal (`rejected`).
    brokerMinCents: PAPER_DEFAULTS.minStakeCents,
    brokerMaxCents: PAPER_DEFAULTS.maxStakeCents,
  };
}

/** Only the settings of the strategy `strategySel` picks: the session ignores the others. */
async function moneyConfigs(
  deps: AppDeps,
  userid: string,
  brokerId: number,
  params: GlobalParamsRead,
): Promise<MoneyConfigs> {
  const common = commonConfig(params);
  switch (params.strategySel) {
    case 1:
      return { martingale: { ...common, gales: params.galenum, multiplier: params.galefat } };
    case 2: {
      const m = await readMasaniello(deps, userid);
      return {
        masaniello: {
          brokerMinCents: common.brokerMinCents,
          brokerMaxCents: common.brokerMaxCents,
          capitalCents: toCents(m.capital),
          totalOper: m.totalOper,
          totalWin: m.totalWin,
          payout: m.payout / 100,
          gales: m.gale,
          type: m.typeMas,
          profitTargetCents: toCents(m.target),
          hitsRestart: m.hitsRestart,
          restartOnBust: m.restart === 1,
        },
      };
    }
    case 3: {
      const c = await readCycles(deps, userid, brokerId);
      return {
        cycles: {
          ...common,
          cycles: c.ciclos,
          cycleMultiplier: c.ciclosFat,
          gales: c.ciclosGale,
          galeMultiplier: c.ciclosGaleFat,
        },
      };
    }
    case 4: {
      const l = await readLossRecovery(deps, userid, brokerId);
      return {
        lossRecovery: {
          ...common,
          factor: l.recoverPerc,
          mode: l.mode,
          gales: l.recoverGale,
          galeMultiplier: l.recoverGaleFat,
          recoverProfitCents: toCents(l.recoverProfit),
        },
      };
    }
    case 6: {
      const s = await readSoros(deps, userid, brokerId);
      return {
        soros: {
          ...common,
          levels: s.soros,
          pct: s.sorosperc,
          gales: s.sorosgale,
          galeMultiplier: params.galefat,
        },
      };
    }
    case 5: {
      const rows = await readCustomCycles(deps, userid);
      return {
        customCycles: { ...common, rows, gales: params.galenum, multiplier: params.galefat },
      };
    }
  }
}

/**
 * The packages/robot session settings of one bot, from what the trader saved: the global params
 * of the bot's current broker, the settings of the strategy it selected and the reader's daily
 * order limit; the contract's defaults where nothing was saved. Money becomes integer cents here,
 * the one boundary between the panel's currency units and the robot.
 * @example (await loadSessionConfig(deps, 7)).money.martingale?.entry // { kind: 'fixed', stakeCents: 200 }
 */
export async function loadSessionConfig(
  deps: Pick<AppDeps, 'db'>,
  botId: number,
): Promise<SessionConfig> {
  return (await loadBotSettings(deps, botId)).config;
}

/** A bot's trading settings beyond the session's: what the decision needs (issue 8 §2). */
export interface BotSettings {
  config: SessionConfig;
  userid: string;
  brokerId: number;
  /** The settings the bot trades on were saved at least once; else what to configure first. */
  missing:
    'globalParams' | 'masaniello' | 'cycles' | 'lossRecovery' | 'customCycles' | 'soros' | null;
  botExpSec: number;
  /** The bot's messaging-app id was proven (bots.verified); a pending bot does not trade. */
  verified: boolean;
  windows: ClockWindow[];
  utcOffsetHours: number;
  /** The global params' payout is the minimum the broker must pay, percent; 0 = none. */
  minPayoutPct: number;
  galenum: number;
}

/** Which saved row a strategy needs besides the global params. */
async function missingSettings(
  deps: Pick<AppDeps, 'db'>,
  botId: number,
  brokerId: number,
  strategySel: number,
  globalParamsSaved: boolean,
): Promise<BotSettings['missing']> {
  const db = deps.db;
  const has = async (q: Promise<unknown>): Promise<boolean> => (await q) !== undefined;
  if (!globalParamsSaved) return 'globalParams';
  switch (strategySel) {
    case 2:
      return (await has(
        db
          .selectFrom('masaniello_params')
          .select('bot_id')
          .where('bot_id', '=', botId)
          .executeTakeFirst(),
      ))
        ? null
        : 'masaniello';
    case 3:
      return (await has(
        db
          .selectFrom('cycle_params')
          .select('bot_id')
          .where('bot_id', '=', botId)
          .where('broker_id', '=', brokerId)
          .executeTakeFirst(),
      ))
        ? null
        : 'cycles';
    case 4:
      return (await has(
        db
          .selectFrom('loss_recovery_params')
          .select('bot_id')
          .where('bot_id', '=', botId)
          .where('broker_id', '=', brokerId)
          .executeTakeFirst(),
      ))
        ? null
        : 'lossRecovery';
    case 5:
      return (await has(
        db
          .selectFrom('custom_cycle_rows')
          .select('bot_id')
          .where('bot_id', '=', botId)
          .executeTakeFirst(),
      ))
        ? null
        : 'customCycles';
    case 6:
      return (await has(
        db
          .selectFrom('soros_params')
          .select('bot_id')
          .where('bot_id', '=', botId)
          .where('broker_id', '=', brokerId)
          .executeTakeFirst(),
      ))
        ? null
        : 'soros';
    default:
      return null;
  }
}

/**
 * Everything the runtime reads from what the trader saved, for one bot, read afresh on every run
 * (a save in the panel takes effect at the next sequence).
 */
export async function loadBotSettings(
  deps: Pick<AppDeps, 'db'>,
  botId: number,
): Promise<BotSettings> {
  const bot = await deps.db
    .selectFrom('bots')
    .select(['userid', 'current_broker', 'botexp', 'verified'])
    .where('id', '=', botId)
    .executeTakeFirst();
  if (!bot) throw new Error(`No bot with id ${botId}`);
  // Read by the bot's id (no look-up by userid again) and once: whether they were ever saved
  // comes with them.
  const { params, saved } = await readSavedGlobalParams(
    deps,
    { userid: bot.userid, id: botId },
    bot.current_broker,
  );
  const reader = await readReaderParamsOf(deps, botId);
  const config: SessionConfig = {
    botId: bot.userid,
    accountType: params.accType,
    strategySel: params.strategySel,
    money: await moneyConfigs(deps as AppDeps, bot.userid, bot.current_broker, params),
    // An unchosen stop type (never saved) with both sides 0 is no stop at all.
    stops: stopsConfigFromParams({
      stopType: params.stopType ?? StopType.fixed,
      stopWin: params.stopWin,
      stopLoss: params.stopLoss,
      stopMovel: params.stopMovel,
    }),
    maxOrdersPerDay: reader.maxtrades,
    startBalanceCents: PAPER_DEFAULTS.balances[params.accType],
    copyMode: params.traderMode,
    // Copy trading has no runtime yet; the trader turns it on with command 15.
    copyEnabled: false,
    resetHourUtc: resetHourUtc(reader.hourReset, reader.timerzone),
  };
  return {
    config,
    userid: bot.userid,
    brokerId: bot.current_broker,
    missing: await missingSettings(deps, botId, bot.current_broker, params.strategySel, saved),
    botExpSec: bot.botexp,
    verified: fromDbBool(bot.verified),
    windows: [
      { start: reader.hourStart, end: reader.hourEnd },
      { start: reader.hourStart2, end: reader.hourEnd2 },
      { start: reader.hourStart3, end: reader.hourEnd3 },
    ],
    utcOffsetHours: reader.timerzone,
    minPayoutPct: params.payout,
    galenum: params.galenum,
  };
}

/** The reader's reset clock time (its own zone) as a UTC hour; '' = midnight of that zone. */
function resetHourUtc(clock: string, utcOffsetHours: number): number {
  const hour = /^(\d\d):/.exec(clock)?.[1];
  const local = hour === undefined ? 0 : Number(hour);
  return (((local - Math.round(utcOffsetHours)) % 24) + 24) % 24;
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
