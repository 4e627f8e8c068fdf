import { StopType, type GlobalParams, type GlobalParamsRead } from '@app/contract';

const NUMBER_FIELDS = [
  'accType',
  'optionType',
  'loteType',
  'stopType',
  'lote',
  'galenum',
  'galefat',
  'stopWin',
  'stopLoss',
  'payout',
  'brokerID',
  'traderMode',
  'loginMethod',
  'strategySel',
  'typeOperation',
  'realCap',
] as const;
type NumberFieldName = (typeof NUMBER_FIELDS)[number];

/**
 * The form's values: numbers, `''` for an empty input or a select never chosen; `realPassword`
 * is asked only when the save switches the account type to Real (never filled from the server).
 */
export type GlobalParamsForm = Record<NumberFieldName, number | ''> & {
  stopMovel: boolean;
  realPassword: string;
};

export function toGlobalParamsForm(read: GlobalParamsRead): GlobalParamsForm {
  const values = Object.fromEntries(
    NUMBER_FIELDS.map((name) => [name, read[name] ?? '']),
  ) as Record<NumberFieldName, number | ''>;
  return { ...values, stopMovel: read.stopMovel === 1, realPassword: '' };
}

export const EMPTY_GLOBAL_PARAMS_FORM: GlobalParamsForm = {
  ...(Object.fromEntries(NUMBER_FIELDS.map((name) => [name, ''])) as Record<
    NumberFieldName,
    number | ''
  >),
  stopMovel: false,
  realPassword: '',
};

/** The wire body (SPEC §3: every value a number, stopMovel 0/1, off with the Quant stop). */
export function toGlobalParamsBody(values: GlobalParamsForm, userid: string): GlobalParams {
  const numbers = Object.fromEntries(
    NUMBER_FIELDS.map((name) => [name, values[name] === '' ? undefined : Number(values[name])]),
  );
  const quant = values.stopType === StopType.quant;
  return {
    ...numbers,
    stopMovel: values.stopMovel && !quant ? 1 : 0,
    userid,
    ...(values.realPassword ? { realPassword: values.realPassword } : {}),
  } as GlobalParams;
}
