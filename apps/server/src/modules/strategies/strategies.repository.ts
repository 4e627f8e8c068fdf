import type { CustomCycleRow, Cycles, LossRecovery, MasanielloParams, Soros } from '@app/contract';
import type { Kysely, Selectable } from 'kysely';
import type {
  CustomCycleRowsTable,
  CycleParamsTable,
  Database,
  LossRecoveryParamsTable,
  MasanielloParamsTable,
  SorosParamsTable,
} from '../../db/schema.ts';

/** The settings of one screen without the key fields (`userid` is the bot, `brokerID` the key). */
export type CyclesValues = Omit<Cycles, 'userid' | 'brokerID'>;
export type SorosValues = Omit<Soros, 'userid' | 'brokerID'>;
type MasanielloValues = Omit<MasanielloParams, 'userid'>;
type LossRecoveryValues = Omit<LossRecovery, 'userid' | 'brokerID'>;

export function findMasaniello(
  db: Kysely<Database>,
  botId: number,
): Promise<Selectable<MasanielloParamsTable> | undefined> {
  return db
    .selectFrom('masaniello_params')
    .selectAll()
    .where('bot_id', '=', botId)
    .executeTakeFirst();
}

export async function saveMasaniello(
  db: Kysely<Database>,
  botId: number,
  p: MasanielloValues,
  now: number,
): Promise<void> {
  const columns = {
    capital: p.capital,
    total_oper: p.totalOper,
    total_win: p.totalWin,
    payout: p.payout,
    gale: p.gale,
    type_mas: p.typeMas,
    restart: p.restart,
    target: p.target,
    modo_masa: p.modoMasa,
    hits_restart: p.hitsRestart,
    updated_at: now,
  };
  await db
    .insertInto('masaniello_params')
    .values({ bot_id: botId, ...columns })
    .onConflict((oc) => oc.column('bot_id').doUpdateSet(columns))
    .execute();
}

export function findCycles(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
): Promise<Selectable<CycleParamsTable> | undefined> {
  return db
    .selectFrom('cycle_params')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('broker_id', '=', brokerId)
    .executeTakeFirst();
}

/** One statement; `db` may be a transaction (recovery params write cycles and soros together). */
export async function saveCycles(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
  c: CyclesValues,
  now: number,
): Promise<void> {
  const columns = {
    ciclos: c.ciclos,
    ciclos_fat: c.ciclosFat,
    ciclos_gale: c.ciclosGale,
    ciclos_gale_fat: c.ciclosGaleFat,
    updated_at: now,
  };
  await db
    .insertInto('cycle_params')
    .values({ bot_id: botId, broker_id: brokerId, ...columns })
    .onConflict((oc) => oc.columns(['bot_id', 'broker_id']).doUpdateSet(columns))
    .execute();
}

export function findSoros(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
): Promise<Selectable<SorosParamsTable> | undefined> {
  return db
    .selectFrom('soros_params')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('broker_id', '=', brokerId)
    .executeTakeFirst();
}

/** One statement; `db` may be a transaction (see saveCycles). */
export async function saveSoros(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
  s: SorosValues,
  now: number,
): Promise<void> {
  const columns = {
    soros: s.soros,
    soros_gale: s.sorosgale,
    soros_perc: s.sorosperc,
    updated_at: now,
  };
  await db
    .insertInto('soros_params')
    .values({ bot_id: botId, broker_id: brokerId, ...columns })
    .onConflict((oc) => oc.columns(['bot_id', 'broker_id']).doUpdateSet(columns))
    .execute();
}

/** Recovery params are the cycles and soros of one broker: both rows or neither. */
export async function saveCyclesAndSoros(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
  cycles: CyclesValues,
  soros: SorosValues,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await saveCycles(trx, botId, brokerId, cycles, now);
    await saveSoros(trx, botId, brokerId, soros, now);
  });
}

export function findLossRecovery(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
): Promise<Selectable<LossRecoveryParamsTable> | undefined> {
  return db
    .selectFrom('loss_recovery_params')
    .selectAll()
    .where('bot_id', '=', botId)
    .where('broker_id', '=', brokerId)
    .executeTakeFirst();
}

export async function saveLossRecovery(
  db: Kysely<Database>,
  botId: number,
  brokerId: number,
  l: LossRecoveryValues,
  now: number,
): Promise<void> {
  const columns = {
    recover_perc: l.recoverPerc,
    recover_gale: l.recoverGale,
    recover_gale_fat: l.recoverGaleFat,
    recover_profit: l.recoverProfit,
    mode: l.mode,
    updated_at: now,
  };
  await db
    .insertInto('loss_recovery_params')
    .values({ bot_id: botId, broker_id: brokerId, ...columns })
    .onConflict((oc) => oc.columns(['bot_id', 'broker_id']).doUpdateSet(columns))
    .execute();
}

export function findCustomCycles(
  db: Kysely<Database>,
  botId: number,
): Promise<Selectable<CustomCycleRowsTable>[]> {
  return db
    .selectFrom('custom_cycle_rows')
    .selectAll()
    .where('bot_id', '=', botId)
    .orderBy('cycle')
    .execute();
}

/** The table is saved whole: the old rows go and the new ones come in one transaction. */
export async function replaceCustomCycles(
  db: Kysely<Database>,
  botId: number,
  rows: readonly CustomCycleRow[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('custom_cycle_rows').where('bot_id', '=', botId).execute();
    if (rows.length === 0) return;
    await trx
      .insertInto('custom_cycle_rows')
      .values(rows.map((r) => ({ bot_id: botId, ...r })))
      .execute();
  });
}
