import { StopType, type GlobalParamsRead } from '@app/contract';
import {
  PAPER_DEFAULTS,
  stopsConfigFromParams,
  toCents,
  type CommonConfig,
  type MoneyConfigs,
  type SessionConfig,
} from '@app/robot';
import { readGlobalParams } from '../modules/global-params/global-params.service.ts';
import { readReaderParams } from '../modules/reader-params/reader-params.service.ts';
import {
  readCustomCycles,
  readCycles,
  readLossRecovery,
  readMasaniello,
} from '../modules/strategies/strategies.service.ts';
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
    // The paper broker is the only broker the runtime has so far; its limits are the limits.
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
export async function loadSessionConfig(deps: AppDeps, botId: number): Promise<SessionConfig> {
  const bot = await deps.db
    .selectFrom('bots')
    .select(['userid', 'current_broker'])
    .where('id', '=', botId)
    .executeTakeFirst();
  if (!bot) throw new Error(`No bot with id ${botId}`);
  const params = await readGlobalParams(
    deps,
    { userid: bot.userid, id: botId },
    bot.current_broker,
  );
  const reader = await readReaderParams(deps, bot.userid);
  return {
    botId: bot.userid,
    accountType: params.accType,
    strategySel: params.strategySel,
    money: await moneyConfigs(deps, bot.userid, bot.current_broker, params),
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
  };
}
