import {
  defaultGlobalParams,
  ErrorCode,
  StopType,
  type BrokerChoice,
  type GlobalParams,
  type GlobalParamsRead,
  isReal,
} from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { GlobalParamsTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AppDeps } from '../../plugins/context.ts';
import { botIdOf, requireSameBot } from '../../lib/owned-bot.ts';
import { realSwitchProblem } from '../../robot/real-money/real-switch.ts';
import { passwordMatches } from '../auth/auth.service.ts';
import { knownDevice } from '../auth/device-cookie.ts';
import { chargeLogin, refundLogin } from '../auth/throttle.ts';
import { findCredentials } from '../brokers/brokers.repository.ts';
import {
  findGlobalParams,
  saveBrokerChoice,
  saveGlobalParams,
} from './global-params.repository.ts';

type Wire<K extends keyof GlobalParams> = GlobalParams[K];

function toWire(row: Selectable<GlobalParamsTable>, userid: string): GlobalParamsRead {
  // The columns were written from a validated GlobalParams, so the codes are the schema's.
  return {
    accType: row.acc_type as Wire<'accType'>,
    optionType: row.option_type as Wire<'optionType'>,
    loteType: row.lote_type as Wire<'loteType'>,
    stopType: row.stop_type as Wire<'stopType'>,
    lote: row.lote,
    galenum: row.galenum,
    galefat: row.galefat,
    stopWin: row.stop_win,
    stopLoss: row.stop_loss,
    payout: row.payout,
    brokerID: row.broker_id as Wire<'brokerID'>,
    traderMode: row.trader_mode as Wire<'traderMode'>,
    loginMethod: row.login_method as Wire<'loginMethod'>,
    strategySel: row.strategy_sel as Wire<'strategySel'>,
    typeOperation: row.type_operation as Wire<'typeOperation'>,
    stopMovel: row.stop_movel as Wire<'stopMovel'>,
    userid,
    realCap: row.real_cap,
    saved: true,
  };
}

/** A bot known to be the caller's: its wire id and its row id (the route's `ctx.botId`). */
export interface BotRow {
  userid: string;
  id: number;
}

export async function readGlobalParams(
  deps: AppDeps,
  bot: BotRow,
  brokerId: number,
): Promise<GlobalParamsRead> {
  return (await readSavedGlobalParams(deps, bot, brokerId)).params;
}

/** The global params of a bot and broker, and whether they were ever saved (else defaults). */
export async function readSavedGlobalParams(
  deps: Pick<AppDeps, 'db'>,
  bot: BotRow,
  brokerId: number,
): Promise<{ params: GlobalParamsRead; saved: boolean }> {
  const row = await findGlobalParams(deps.db, bot.id, brokerId);
  return row
    ? { params: toWire(row, bot.userid), saved: true }
    : { params: defaultGlobalParams(bot.userid, brokerId), saved: false };
}

/** The request a Real switch's password came with: its guesses count as logins do. */
export interface PasswordRequest {
  req: FastifyRequest;
  reply: FastifyReply;
}

export async function writeGlobalParams(
  deps: AppDeps,
  bot: BotRow,
  params: GlobalParams,
  request: PasswordRequest,
): Promise<void> {
  requireSameBot(bot.userid, params.userid);
  if (isReal(params.accType)) await checkRealSwitch(deps, bot, params, request);
  // Quant manages its own stop, so a trailing stop makes no sense with it (the form hides it).
  const saved = params.stopType === StopType.quant ? { ...params, stopMovel: 0 as const } : params;
  await saveGlobalParams(deps.db, bot.id, saved, deps.now());
}

export async function chooseBroker(deps: AppDeps, choice: BrokerChoice): Promise<void> {
  // SPEC §5: "A broker change is ignored unless the value is above 0" — say so instead of
  // silently ignoring it.
  if (choice.curBrokerID <= 0) {
    throw new HttpError(400, ErrorCode.invalidParams, { curBrokerID: ErrorCode.invalidParams });
  }
  await saveBrokerChoice(deps.db, await botIdOf(deps, choice.userid), choice);
}

/**
 * Real money: a bot is switched from another account type to
 * Real only when the robot can trade real money at that broker with what the bot stored (else
 * the refusal says what to do), and only with the panel account's password typed again. A save
 * that keeps Real as it was needs neither. The password is checked under the login's guessing
 * limits for that account (charged before it is evaluated, given back when right), so a
 * borrowed session guesses it no faster than a stranger at the login page could.
 */
async function checkRealSwitch(
  deps: AppDeps,
  bot: BotRow,
  params: GlobalParams,
  { req, reply }: PasswordRequest,
): Promise<void> {
  const before = await findGlobalParams(deps.db, bot.id, params.brokerID);
  if (isReal(before?.acc_type)) return;
  const problem = realSwitchProblem(
    params.brokerID,
    await findCredentials(deps.db, bot.id, params.brokerID),
  );
  if (problem) {
    const code =
      problem === 'simulatorOnly' ? ErrorCode.realSimulatorOnly : ErrorCode.realNoCredentials;
    throw new HttpError(400, code, { accType: code });
  }
  if (!params.realPassword) {
    throw new HttpError(403, ErrorCode.realPasswordRequired, {
      realPassword: ErrorCode.realPasswordRequired,
    });
  }
  const account = await deps.db
    .selectFrom('bots')
    .innerJoin('accounts', 'accounts.id', 'bots.account_id')
    .select(['accounts.password_hash', 'accounts.email'])
    .where('bots.id', '=', bot.id)
    .executeTakeFirstOrThrow();
  const charge = await chargeLogin(
    deps,
    reply,
    account.email,
    req.ip,
    knownDevice(deps, req, account.email),
  );
  if (!(await passwordMatches(account.password_hash, params.realPassword))) {
    throw new HttpError(403, ErrorCode.realPasswordWrong, {
      realPassword: ErrorCode.realPasswordWrong,
    });
  }
  await refundLogin(deps, charge);
}
