import { defaultGlobalParams, type GlobalParams, AccountType } from '@app/contract';
import type { Insertable } from 'kysely';
import type { GlobalParamsTable } from '../db/schema.ts';

/**
 * Global params as the panel saves them (`POST /globalparams`): broker 1, demo, a fixed entry of
 * 2.00, martingale with 3 gales of 2.2, payout 80 %, trader mode, no stop; with overrides.
 */
export function globalParamsBody(userid: string, over: Partial<GlobalParams> = {}): GlobalParams {
  const { saved: _saved, ...defaults } = defaultGlobalParams(userid, 1);
  return {
    ...defaults,
    optionType: 1,
    loteType: 1,
    stopType: 1,
    galenum: 3,
    galefat: 2.2,
    payout: 80,
    ...over,
  };
}

/**
 * A bot's global params row as that save writes it, for tests and benchmarks that insert bots
 * directly (registering through the API would measure argon2): broker 1, demo, a fixed entry of
 * 2.00, martingale without gales, payout 80 %, trader mode; with overrides.
 */
export function globalParamsRow(
  botId: number,
  now: number,
  over: Partial<Insertable<GlobalParamsTable>> = {},
): Insertable<GlobalParamsTable> {
  return {
    bot_id: botId,
    broker_id: 1,
    acc_type: AccountType.demo,
    option_type: 1,
    lote_type: 1,
    stop_type: 1,
    lote: 2,
    galenum: 0,
    galefat: 2,
    stop_win: 0,
    stop_loss: 0,
    payout: 80,
    trader_mode: 1,
    login_method: 1,
    strategy_sel: 1,
    type_operation: 1,
    stop_movel: 0,
    updated_at: now,
    ...over,
  };
}
