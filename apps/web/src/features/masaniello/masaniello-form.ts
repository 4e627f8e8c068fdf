import type { MasanielloParams } from '@app/contract';
import {
  emptyNumberValues,
  fromNumberValues,
  toNumberValues,
  type NumberValues,
} from '../../components/form/number-values.ts';

export const MASANIELLO_FIELDS = [
  'capital',
  'totalOper',
  'totalWin',
  'payout',
  'gale',
  'target',
  'hitsRestart',
  'typeMas',
  'modoMasa',
] as const;

/** The form's values; `restart` (restart if the capital is lost) is a checkbox, sent as 0/1. */
export type MasanielloForm = NumberValues<(typeof MASANIELLO_FIELDS)[number]> & {
  restart: boolean;
};

export const EMPTY_MASANIELLO_FORM: MasanielloForm = {
  ...emptyNumberValues(MASANIELLO_FIELDS),
  restart: false,
};

export function toMasanielloForm(read: MasanielloParams): MasanielloForm {
  return { ...toNumberValues(MASANIELLO_FIELDS, read), restart: read.restart === 1 };
}

export function toMasanielloBody(form: MasanielloForm, userid: string): MasanielloParams {
  return {
    ...fromNumberValues(MASANIELLO_FIELDS, form),
    restart: form.restart ? 1 : 0,
    userid,
  } as MasanielloParams;
}
