import type { TraderInfo } from '@app/contract';
import {
  fromNumberValues,
  toNumberValues,
  type NumberValues,
} from '../../components/form/number-values.ts';

const TRADER_NUMBERS = ['signalType', 'brokerID', 'candleColor', 'timeframe', 'stakeMin'] as const;

/** `/configtradercopy`'s form: the delay stays text (signal type 9 writes it with a comma). */
export type TraderConfigForm = NumberValues<(typeof TRADER_NUMBERS)[number]> & {
  copyTraderEn: boolean;
  delaysig: string;
  paresFilter: string;
};

export const EMPTY_TRADER_CONFIG: TraderConfigForm = {
  copyTraderEn: false,
  delaysig: '',
  paresFilter: '',
  ...toNumberValues(TRADER_NUMBERS, {}),
};

export function toTraderConfigForm(info: TraderInfo): TraderConfigForm {
  return {
    copyTraderEn: info.copyTraderEn,
    delaysig: info.delaysig,
    paresFilter: info.paresFilter,
    ...toNumberValues(TRADER_NUMBERS, info),
  };
}

/** The wire body; an empty number is left out, so the schema names the field. */
export function toTraderInfoBody(values: TraderConfigForm, userid: string): TraderInfo {
  return {
    ...fromNumberValues(TRADER_NUMBERS, values),
    copyTraderEn: values.copyTraderEn,
    delaysig: values.delaysig.trim(),
    paresFilter: values.paresFilter,
    userid,
  } as TraderInfo;
}
