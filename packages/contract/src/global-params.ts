import { z } from 'zod';
import {
  ACCOUNT_TYPES,
  AccountType,
  LOTE_TYPES,
  OPTION_TYPES,
  STOP_TYPES,
  STRATEGIES,
  TRADER_MODES,
} from './enums.ts';
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
import { checkGlobalParams } from './rules.ts';

/**
 * How the robot logs in to the broker (SPEC names the field, not its values:
 * docs/decisions/2026-11-21-foundation.md).
 */
export const LOGIN_METHODS = [1, 2] as const;
/**
 * What the robot operates on (SPEC names the field, not its values:
 * docs/decisions/2026-11-21-foundation.md).
 */
export const OPERATION_TYPES = [1, 2, 3] as const;

/** Global params (SPEC §3 "geralConfig"); every value travels as a number. */
export const GlobalParamsSchema = z.object({
  accType: oneOf(ACCOUNT_TYPES),
  optionType: oneOf(OPTION_TYPES),
  loteType: oneOf(LOTE_TYPES),
  stopType: oneOf(STOP_TYPES),
  lote: NonNegative,
  galenum: NonNegativeInt.max(10),
  galefat: NonNegative.max(100),
  stopWin: NonNegative,
  stopLoss: NonNegative,
  payout: NonNegative.max(100),
  brokerID: BrokerIdSchema,
  traderMode: oneOf(TRADER_MODES),
  loginMethod: oneOf(LOGIN_METHODS),
  strategySel: oneOf(STRATEGIES),
  typeOperation: oneOf(OPERATION_TYPES),
  /** A checkbox in the form, a number on the wire; Quant (stop type 5) forces it to 0. */
  stopMovel: FlagSchema,
  userid: BotIdSchema,
  /**
   * The trader's own daily real-money limit (account currency, 0 = none): the real stakes of a
   * day may not exceed it; the order that would is refused and the robot stops with the reason.
   * Not in SPEC §3; absent means 0.
   */
  realCap: NonNegative.max(1_000_000_000).optional(),
  /**
   * The panel account's password, asked again when this save switches the account type to Real
   *: the server refuses the switch without it. Never stored, never read back.
   */
  realPassword: z.string().max(256).optional(),
});
export type GlobalParams = z.infer<typeof GlobalParamsSchema>;

/**
 * What a read returns: the saved values, or defaults when nothing was saved for that bot and
 * broker. The four selects SPEC's rules call "undefined" start empty (`null`), so the trader
 * chooses them once on purpose.
 */
export const GlobalParamsReadSchema = GlobalParamsSchema.omit({ realPassword: true }).extend({
  realCap: NonNegative,
  optionType: oneOf(OPTION_TYPES).nullable(),
  loteType: oneOf(LOTE_TYPES).nullable(),
  stopType: oneOf(STOP_TYPES).nullable(),
  saved: z.boolean(),
});
export type GlobalParamsRead = z.infer<typeof GlobalParamsReadSchema>;

/** Defaults of a bot and broker with nothing saved. */
export function defaultGlobalParams(userid: string, brokerID: number): GlobalParamsRead {
  return {
    accType: AccountType.demo,
    optionType: null,
    loteType: null,
    stopType: null,
    lote: 2,
    galenum: 0,
    galefat: 2,
    stopWin: 0,
    stopLoss: 0,
    payout: 0,
    brokerID: brokerID as GlobalParams['brokerID'],
    traderMode: 1,
    loginMethod: 1,
    strategySel: 1,
    typeOperation: 1,
    stopMovel: 0,
    userid,
    realCap: 0,
    saved: false,
  };
}

/** The bot's current broker (SPEC §7 `POST /brokerid`). */
export const BrokerChoiceSchema = z.object({
  userid: BotIdSchema,
  curBrokerID: BrokerIdSchema,
  /** Bit i set: broker i enabled when multiBroker is on. */
  brokersMask: NonNegativeInt.max(2 ** 24 - 1),
  multiBroker: FlagSchema,
});
export type BrokerChoice = z.infer<typeof BrokerChoiceSchema>;

export const globalParamsEndpoints = {
  getGlobalParams: endpoint({
    method: 'GET',
    path: '/globalparams',
    area: 'global-params',
    summary: "The bot's global params for one broker (defaults when never saved).",
    query: UseridBrokerQuerySchema,
    response: GlobalParamsReadSchema,
    owner: ownerQuery,
  }),
  saveGlobalParams: endpoint({
    method: 'POST',
    path: '/globalparams',
    area: 'global-params',
    summary: "Save the bot's global params for the broker named in the body.",
    query: UseridQuerySchema,
    body: GlobalParamsSchema,
    response: OkSchema,
    owner: ownerQuery,
    rules: checkGlobalParams,
  }),
  setBroker: endpoint({
    method: 'POST',
    path: '/brokerid',
    area: 'global-params',
    summary: "Set the bot's current broker (and the multi-broker mask).",
    body: BrokerChoiceSchema,
    response: OkSchema,
    owner: ownerBody,
  }),
};
