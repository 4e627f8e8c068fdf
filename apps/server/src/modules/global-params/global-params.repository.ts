import type { BrokerChoice, GlobalParams } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import { precompiled } from '../../db/precompiled.ts';
import type { Database, GlobalParamsTable } from '../../db/schema.ts';

const globalParamsOf = precompiled<
  { botId: number; brokerId: number },
  Selectable<GlobalParamsTable>
>((db, param) =>
  db
    .selectFrom('global_params')
    .selectAll()
    .where('bot_id', '=', param('botId'))
    .where('broker_id', '=', param('brokerId')),
);

export async function findGlobalParams(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
): Promise<Selectable<GlobalParamsTable> | undefined> {
  return (await globalParamsOf(db, { botId, brokerId }))[0];
}

/** The wire fields (SPEC §3) as columns; `userid` is the bot, `brokerID` part of the key. */
function toColumns(p: GlobalParams) {
  return {
    acc_type: p.accType,
    option_type: p.optionType,
    lote_type: p.loteType,
    stop_type: p.stopType,
    lote: p.lote,
    galenum: p.galenum,
    galefat: p.galefat,
    stop_win: p.stopWin,
    stop_loss: p.stopLoss,
    payout: p.payout,
    trader_mode: p.traderMode,
    login_method: p.loginMethod,
    strategy_sel: p.strategySel,
    type_operation: p.typeOperation,
    stop_movel: p.stopMovel,
    real_cap: p.realCap ?? 0,
  };
}

/** Saves the params of (bot, body.brokerID) and makes that broker the bot's current one. */
export async function saveGlobalParams(
  db: Kysely<Database>,
  botId: number,
  params: GlobalParams,
  now: number,
): Promise<void> {
  const columns = { ...toColumns(params), updated_at: now };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('global_params')
      .values({ bot_id: botId, broker_id: params.brokerID, ...columns })
      .onConflict((oc) => oc.columns(['bot_id', 'broker_id']).doUpdateSet(columns))
      .execute();
    await trx
      .updateTable('bots')
      .set({ current_broker: params.brokerID })
      .where('id', '=', botId)
      .execute();
  });
}

export async function saveBrokerChoice(
  db: Kysely<Database>,
  botId: number,
  choice: BrokerChoice,
): Promise<void> {
  await db
    .updateTable('bots')
    .set({
      current_broker: choice.curBrokerID,
      brokers_mask: choice.brokersMask,
      multi_broker: choice.multiBroker,
    })
    .where('id', '=', botId)
    .execute();
}
