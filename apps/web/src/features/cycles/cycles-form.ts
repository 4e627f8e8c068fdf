import type { Cycles, RecoveryParams } from '@app/contract';
import {
  emptyNumberValues,
  fromNumberValues,
  toNumberValues,
  type NumberValues,
} from '../../components/form/number-values.ts';

export const CYCLES_FIELDS = ['ciclos', 'ciclosFat', 'ciclosGale', 'ciclosGaleFat'] as const;
export type CyclesForm = NumberValues<(typeof CYCLES_FIELDS)[number]>;
export const EMPTY_CYCLES_FORM: CyclesForm = emptyNumberValues(CYCLES_FIELDS);

export const toCyclesForm = (read: Cycles): CyclesForm => toNumberValues(CYCLES_FIELDS, read);

/** The wire body: the bot and broker the screen was read for. */
export function toCyclesBody(form: CyclesForm, userid: string, brokerID: number): Cycles {
  return { ...fromNumberValues(CYCLES_FIELDS, form), brokerID, userid } as Cycles;
}

/** Recovery params (SPEC §3): the cycles and soros values under their lower-case wire names. */
export const RECOVERY_FIELDS = [
  'ciclos',
  'ciclosfat',
  'ciclosgale',
  'ciclosgalefat',
  'soros',
  'sorosgale',
  'sorosperc',
] as const;
export type RecoveryParamsForm = NumberValues<(typeof RECOVERY_FIELDS)[number]>;
export const EMPTY_RECOVERY_FORM: RecoveryParamsForm = emptyNumberValues(RECOVERY_FIELDS);

export const toRecoveryForm = (read: RecoveryParams): RecoveryParamsForm =>
  toNumberValues(RECOVERY_FIELDS, read);

export function toRecoveryBody(
  form: RecoveryParamsForm,
  userid: string,
  brokerID: number,
): RecoveryParams {
  return { ...fromNumberValues(RECOVERY_FIELDS, form), brokerID, userid } as RecoveryParams;
}
