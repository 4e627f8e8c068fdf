import { z } from 'zod';
import { MASANIELLO_MODES, MASANIELLO_TYPES, RECOVERY_FACTORS, RECOVERY_MODES } from './enums.ts';
import {
  BotIdSchema,
  BrokerIdSchema,
  FlagSchema,
  NonNegative,
  NonNegativeInt,
  OkSchema,
  oneOf,
  UseridBrokerQuerySchema,
  UseridQuerySchema,
} from './common.ts';
import { endpoint, ownerBody, ownerQuery } from './endpoint.ts';
import {
  checkCycles,
  checkLossRecovery,
  checkMasaniello,
  checkMasanielloPlan,
  checkRecoveryParams,
  checkSoros,
  type RawValues,
  type RuleFailure,
} from './rules.ts';

/** Recovery params (SPEC §3): the cycles and soros settings read together. */
export const RecoveryParamsSchema = z.object({
  ciclos: NonNegativeInt.max(50),
  ciclosfat: NonNegative.max(100),
  ciclosgale: NonNegativeInt.max(10),
  ciclosgalefat: NonNegative.max(100),
  soros: NonNegativeInt.max(50),
  sorosgale: NonNegativeInt.max(10),
  sorosperc: z.number().gt(0).max(100),
  brokerID: BrokerIdSchema,
  userid: BotIdSchema,
});
export type RecoveryParams = z.infer<typeof RecoveryParamsSchema>;

/** Recovery params of a bot and broker with nothing saved: the cycles and soros defaults. */
export function defaultRecoveryParams(userid: string, brokerID: number): RecoveryParams {
  const cycles = defaultCycles(userid, brokerID);
  const soros = defaultSoros(userid, brokerID);
  return {
    ciclos: cycles.ciclos,
    ciclosfat: cycles.ciclosFat,
    ciclosgale: cycles.ciclosGale,
    ciclosgalefat: cycles.ciclosGaleFat,
    soros: soros.soros,
    sorosgale: soros.sorosgale,
    sorosperc: soros.sorosperc,
    brokerID: brokerID as RecoveryParams['brokerID'],
    userid,
  };
}

/** Masaniello params (SPEC §3); payout in percent 1–99; restart is the "restart if capital lost" box. */
export const MasanielloParamsSchema = z.object({
  capital: z.number().positive(),
  totalOper: z.number().int().min(2).max(100),
  totalWin: z.number().int().min(1).max(99),
  payout: z.number().min(1).max(99),
  gale: NonNegativeInt.max(10),
  typeMas: oneOf(MASANIELLO_TYPES),
  restart: FlagSchema,
  target: NonNegative,
  modoMasa: oneOf(MASANIELLO_MODES),
  hitsRestart: NonNegativeInt.max(100),
  userid: BotIdSchema,
});
export type MasanielloParams = z.infer<typeof MasanielloParamsSchema>;

/**
 * Masaniello of a bot with nothing saved: ROBOT.md §3's plan A (capital 100, 4 wins in 10 at
 * 80 %), which profits (target 110.58) and passes every rule; one cycle, no gale, no restart.
 */
export function defaultMasanielloParams(userid: string): MasanielloParams {
  return {
    capital: 100,
    totalOper: 10,
    totalWin: 4,
    payout: 80,
    gale: 0,
    typeMas: 1,
    restart: 0,
    target: 0,
    modoMasa: 1,
    hitsRestart: 0,
    userid,
  };
}

/** What the server checks on a Masaniello save: SPEC §5's form rules, then the plan's. */
export function checkMasanielloSave(v: RawValues): RuleFailure | null {
  return checkMasaniello(v) ?? checkMasanielloPlan(v);
}

/** Cycles (SPEC §3). */
export const CyclesSchema = z.object({
  ciclos: NonNegativeInt.max(50),
  ciclosFat: NonNegative.max(100),
  ciclosGale: NonNegativeInt.max(10),
  ciclosGaleFat: NonNegative.max(100),
  brokerID: BrokerIdSchema,
  userid: BotIdSchema,
});
export type Cycles = z.infer<typeof CyclesSchema>;

/**
 * Cycles of a bot and broker with nothing saved: ROBOT.md §4's example — 3 cycles with the auto
 * (payout-aware, `ciclosFat` 0) cycle entry, 2 gales doubling inside each cycle.
 */
export function defaultCycles(userid: string, brokerID: number): Cycles {
  return {
    ciclos: 3,
    ciclosFat: 0,
    ciclosGale: 2,
    ciclosGaleFat: 2,
    brokerID: brokerID as Cycles['brokerID'],
    userid,
  };
}

/** Soros (SPEC §3). */
export const SorosSchema = z.object({
  soros: NonNegativeInt.max(50),
  sorosgale: NonNegativeInt.max(10),
  sorosperc: z.number().gt(0).max(100),
  brokerID: BrokerIdSchema,
  userid: BotIdSchema,
});
export type Soros = z.infer<typeof SorosSchema>;

/** Soros of a bot and broker with nothing saved: 2 reinvestments of all the profit, no gale. */
export function defaultSoros(userid: string, brokerID: number): Soros {
  return {
    soros: 2,
    sorosgale: 0,
    sorosperc: 100,
    brokerID: brokerID as Soros['brokerID'],
    userid,
  };
}

/** Loss recovery (SPEC §3): recoverPerc is a factor code 0–8, mode 1–3. */
export const LossRecoverySchema = z.object({
  recoverPerc: oneOf(RECOVERY_FACTORS),
  recoverGale: NonNegativeInt.max(10),
  recoverGaleFat: NonNegative.max(100),
  recoverProfit: NonNegative,
  mode: oneOf(RECOVERY_MODES),
  brokerID: BrokerIdSchema,
  userid: BotIdSchema,
});
export type LossRecovery = z.infer<typeof LossRecoverySchema>;

/**
 * Loss recovery of a bot and broker with nothing saved: ROBOT.md §6's example — conservative,
 * recovering 50 % of the bank per signal (factor 2), one gale doubling, no restart target.
 */
export function defaultLossRecovery(userid: string, brokerID: number): LossRecovery {
  return {
    recoverPerc: 2,
    recoverGale: 1,
    recoverGaleFat: 2,
    recoverProfit: 0,
    mode: 1,
    brokerID: brokerID as LossRecovery['brokerID'],
    userid,
  };
}

/** The number of rows of the custom-cycles table (SPEC §9). */
export const CUSTOM_CYCLE_ROWS = 10;
/** Martingale columns per custom cycle (MG1–MG7). */
export const CUSTOM_CYCLE_GALES = 7;

const StakeCell = z.union([NonNegative, z.null()]);
/** One custom cycle row (SPEC §3); an empty cell is `null`. */
export const CustomCycleRowSchema = z.object({
  cycle: z.number().int().min(1).max(CUSTOM_CYCLE_ROWS),
  entrada: StakeCell,
  mg1: StakeCell,
  mg2: StakeCell,
  mg3: StakeCell,
  mg4: StakeCell,
  mg5: StakeCell,
  mg6: StakeCell,
  mg7: StakeCell,
});
export type CustomCycleRow = z.infer<typeof CustomCycleRowSchema>;
export const CustomCycleRowsSchema = z
  .array(CustomCycleRowSchema)
  .min(1)
  .max(CUSTOM_CYCLE_ROWS)
  .refine(
    (rows) => new Set(rows.map((r) => r.cycle)).size === rows.length,
    'errors.duplicateCycle',
  );

/** Custom cycles of a bot with nothing saved: no rows (the panel shows 10 empty ones). */
export function defaultCustomCycles(): CustomCycleRow[] {
  return [];
}

export const strategiesEndpoints = {
  getRecoveryParams: endpoint({
    method: 'GET',
    path: '/recoveryparams',
    area: 'strategies',
    summary: 'Recovery params of a bot and broker.',
    query: UseridBrokerQuerySchema,
    response: RecoveryParamsSchema,
    owner: ownerQuery,
  }),
  saveRecoveryParams: endpoint({
    method: 'POST',
    path: '/recoveryparams',
    area: 'strategies',
    summary: 'Save recovery params of a bot and broker.',
    query: UseridQuerySchema,
    body: RecoveryParamsSchema,
    response: OkSchema,
    owner: ownerQuery,
    rules: checkRecoveryParams,
  }),
  getMasaniello: endpoint({
    method: 'GET',
    path: '/masaparams',
    area: 'masaniello',
    summary: 'Masaniello params of a bot.',
    query: UseridQuerySchema,
    response: MasanielloParamsSchema,
    owner: ownerQuery,
  }),
  saveMasaniello: endpoint({
    method: 'POST',
    path: '/masaparams',
    area: 'masaniello',
    summary: 'Save masaniello params of a bot.',
    body: MasanielloParamsSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkMasanielloSave,
  }),
  getCycles: endpoint({
    method: 'GET',
    path: '/getcycles',
    area: 'cycles',
    summary: 'Cycles of a bot and broker.',
    query: UseridBrokerQuerySchema,
    response: CyclesSchema,
    owner: ownerQuery,
  }),
  saveCycles: endpoint({
    method: 'POST',
    path: '/savecycles',
    area: 'cycles',
    summary: 'Save cycles of a bot and broker.',
    body: CyclesSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkCycles,
  }),
  getSoros: endpoint({
    method: 'GET',
    path: '/getsoros',
    area: 'soros',
    summary: 'Soros of a bot and broker.',
    query: UseridBrokerQuerySchema,
    response: SorosSchema,
    owner: ownerQuery,
  }),
  saveSoros: endpoint({
    method: 'POST',
    path: '/savesoros',
    area: 'soros',
    summary: 'Save soros of a bot and broker.',
    body: SorosSchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkSoros,
  }),
  getLossRecovery: endpoint({
    method: 'GET',
    path: '/getlossrec',
    area: 'loss-recovery',
    summary: 'Loss recovery of a bot and broker.',
    query: UseridBrokerQuerySchema,
    response: LossRecoverySchema,
    owner: ownerQuery,
  }),
  saveLossRecovery: endpoint({
    method: 'POST',
    path: '/savelossrec',
    area: 'loss-recovery',
    summary: 'Save loss recovery of a bot and broker.',
    body: LossRecoverySchema,
    response: OkSchema,
    owner: ownerBody,
    rules: checkLossRecovery,
  }),
  getCustomCycles: endpoint({
    method: 'GET',
    path: '/getcustcycle',
    area: 'custom-cycles',
    summary: 'Custom cycle rows of a bot.',
    query: UseridQuerySchema,
    response: z.array(CustomCycleRowSchema),
    owner: ownerQuery,
  }),
  saveCustomCycles: endpoint({
    method: 'POST',
    path: '/savecustcycle',
    area: 'custom-cycles',
    summary: 'Replace the custom cycle rows of a bot (duplicates dropped by the panel).',
    query: UseridQuerySchema,
    body: CustomCycleRowsSchema,
    response: OkSchema,
    owner: ownerQuery,
  }),
};
