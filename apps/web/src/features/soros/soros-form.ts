import type { Soros } from '@app/contract';
import {
  emptyNumberValues,
  fromNumberValues,
  toNumberValues,
  type NumberValues,
} from '../../components/form/number-values.ts';

export const SOROS_FIELDS = ['soros', 'sorosgale', 'sorosperc'] as const;
export type SorosForm = NumberValues<(typeof SOROS_FIELDS)[number]>;
export const EMPTY_SOROS_FORM: SorosForm = emptyNumberValues(SOROS_FIELDS);

export const toSorosForm = (read: Soros): SorosForm => toNumberValues(SOROS_FIELDS, read);

/** The wire body: the bot and broker the screen was read for. */
export function toSorosBody(form: SorosForm, userid: string, brokerID: number): Soros {
  return { ...fromNumberValues(SOROS_FIELDS, form), brokerID, userid } as Soros;
}
