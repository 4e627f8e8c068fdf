import {
  defaultCustomCycles,
  defaultCycles,
  defaultLossRecovery,
  defaultMasanielloParams,
  defaultRecoveryParams,
  defaultSoros,
  type CustomCycleRow,
  type Cycles,
  type LossRecovery,
  type MasanielloParams,
  type RecoveryParams,
  type Soros,
} from '@app/contract';
import type { Selectable } from 'kysely';
import type {
  CustomCycleRowsTable,
  CycleParamsTable,
  LossRecoveryParamsTable,
  MasanielloParamsTable,
  SorosParamsTable,
} from '../../db/schema.ts';
import { botIdOf, requireSameBot } from '../../lib/owned-bot.ts';
import type { AppDeps } from '../../plugins/context.ts';
import {
  findCustomCycles,
  findCycles,
  findLossRecovery,
  findMasaniello,
  findSoros,
  replaceCustomCycles,
  saveCycles,
  saveCyclesAndSoros,
  saveLossRecovery,
  saveMasaniello,
  saveSoros,
  type CyclesValues,
  type SorosValues,
} from './strategies.repository.ts';

// Rows were written from validated bodies, so their codes are the schemas' (hence the casts).
type Code<T, K extends keyof T> = T[K];

function masanielloToWire(
  row: Selectable<MasanielloParamsTable>,
  userid: string,
): MasanielloParams {
  return {
    capital: row.capital,
    totalOper: row.total_oper,
    totalWin: row.total_win,
    payout: row.payout,
    gale: row.gale,
    typeMas: row.type_mas as Code<MasanielloParams, 'typeMas'>,
    restart: row.restart as Code<MasanielloParams, 'restart'>,
    target: row.target,
    modoMasa: row.modo_masa as Code<MasanielloParams, 'modoMasa'>,
    hitsRestart: row.hits_restart,
    userid,
  };
}

function cyclesValues(row: Selectable<CycleParamsTable>): CyclesValues {
  return {
    ciclos: row.ciclos,
    ciclosFat: row.ciclos_fat,
    ciclosGale: row.ciclos_gale,
    ciclosGaleFat: row.ciclos_gale_fat,
  };
}

function sorosValues(row: Selectable<SorosParamsTable>): SorosValues {
  return { soros: row.soros, sorosgale: row.soros_gale, sorosperc: row.soros_perc };
}

function lossRecoveryToWire(
  row: Selectable<LossRecoveryParamsTable>,
  userid: string,
): LossRecovery {
  return {
    recoverPerc: row.recover_perc as Code<LossRecovery, 'recoverPerc'>,
    recoverGale: row.recover_gale,
    recoverGaleFat: row.recover_gale_fat,
    recoverProfit: row.recover_profit,
    mode: row.mode as Code<LossRecovery, 'mode'>,
    brokerID: row.broker_id as Code<LossRecovery, 'brokerID'>,
    userid,
  };
}

function customCycleToWire(row: Selectable<CustomCycleRowsTable>): CustomCycleRow {
  const { cycle, entrada, mg1, mg2, mg3, mg4, mg5, mg6, mg7 } = row;
  return { cycle, entrada, mg1, mg2, mg3, mg4, mg5, mg6, mg7 };
}

export async function readMasaniello(deps: AppDeps, userid: string): Promise<MasanielloParams> {
  const row = await findMasaniello(deps.db, await botIdOf(deps, userid));
  return row ? masanielloToWire(row, userid) : defaultMasanielloParams(userid);
}

export async function writeMasaniello(deps: AppDeps, params: MasanielloParams): Promise<void> {
  await saveMasaniello(deps.db, await botIdOf(deps, params.userid), params, deps.now());
}

export async function readCycles(deps: AppDeps, userid: string, brokerId: number): Promise<Cycles> {
  const row = await findCycles(deps.db, await botIdOf(deps, userid), brokerId);
  return row
    ? { ...cyclesValues(row), brokerID: brokerId as Cycles['brokerID'], userid }
    : defaultCycles(userid, brokerId);
}

export async function writeCycles(deps: AppDeps, cycles: Cycles): Promise<void> {
  const botId = await botIdOf(deps, cycles.userid);
  await saveCycles(deps.db, botId, cycles.brokerID, cycles, deps.now());
}

export async function readSoros(deps: AppDeps, userid: string, brokerId: number): Promise<Soros> {
  const row = await findSoros(deps.db, await botIdOf(deps, userid), brokerId);
  return row
    ? { ...sorosValues(row), brokerID: brokerId as Soros['brokerID'], userid }
    : defaultSoros(userid, brokerId);
}

export async function writeSoros(deps: AppDeps, soros: Soros): Promise<void> {
  const botId = await botIdOf(deps, soros.userid);
  await saveSoros(deps.db, botId, soros.brokerID, soros, deps.now());
}

/**
 * Recovery params (SPEC §3) are the cycles and soros of a broker read and written together, so
 * the cycles/soros screens and this call never disagree: one stored copy of each.
 */
export async function readRecoveryParams(
  deps: AppDeps,
  userid: string,
  brokerId: number,
): Promise<RecoveryParams> {
  const botId = await botIdOf(deps, userid);
  const [cyclesRow, sorosRow] = await Promise.all([
    findCycles(deps.db, botId, brokerId),
    findSoros(deps.db, botId, brokerId),
  ]);
  const fallback = defaultRecoveryParams(userid, brokerId);
  const cycles = cyclesRow ? cyclesValues(cyclesRow) : null;
  const soros = sorosRow ? sorosValues(sorosRow) : null;
  return {
    ...fallback,
    ...(cycles && {
      ciclos: cycles.ciclos,
      ciclosfat: cycles.ciclosFat,
      ciclosgale: cycles.ciclosGale,
      ciclosgalefat: cycles.ciclosGaleFat,
    }),
    ...soros,
  };
}

export async function writeRecoveryParams(
  deps: AppDeps,
  queryUserid: string,
  p: RecoveryParams,
): Promise<void> {
  requireSameBot(queryUserid, p.userid);
  await saveCyclesAndSoros(
    deps.db,
    await botIdOf(deps, queryUserid),
    p.brokerID,
    {
      ciclos: p.ciclos,
      ciclosFat: p.ciclosfat,
      ciclosGale: p.ciclosgale,
      ciclosGaleFat: p.ciclosgalefat,
    },
    { soros: p.soros, sorosgale: p.sorosgale, sorosperc: p.sorosperc },
    deps.now(),
  );
}

export async function readLossRecovery(
  deps: AppDeps,
  userid: string,
  brokerId: number,
): Promise<LossRecovery> {
  const row = await findLossRecovery(deps.db, await botIdOf(deps, userid), brokerId);
  return row ? lossRecoveryToWire(row, userid) : defaultLossRecovery(userid, brokerId);
}

export async function writeLossRecovery(deps: AppDeps, l: LossRecovery): Promise<void> {
  const botId = await botIdOf(deps, l.userid);
  await saveLossRecovery(deps.db, botId, l.brokerID, l, deps.now());
}

export async function readCustomCycles(deps: AppDeps, userid: string): Promise<CustomCycleRow[]> {
  const rows = await findCustomCycles(deps.db, await botIdOf(deps, userid));
  return rows.length > 0 ? rows.map(customCycleToWire) : defaultCustomCycles();
}

/** The schema already refused duplicate cycle numbers (the panel drops them before sending). */
export async function writeCustomCycles(
  deps: AppDeps,
  userid: string,
  rows: readonly CustomCycleRow[],
): Promise<void> {
  await replaceCustomCycles(deps.db, await botIdOf(deps, userid), rows);
}
