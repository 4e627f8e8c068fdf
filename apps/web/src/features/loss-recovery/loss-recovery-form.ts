import type { LossRecovery } from '@app/contract';
import {
  emptyNumberValues,
  fromNumberValues,
  toNumberValues,
  type NumberValues,
} from '../../components/form/number-values.ts';

export const LOSS_RECOVERY_FIELDS = [
  'recoverPerc',
  'mode',
  'recoverGale',
  'recoverGaleFat',
  'recoverProfit',
] as const;
export type LossRecoveryForm = NumberValues<(typeof LOSS_RECOVERY_FIELDS)[number]>;
export const EMPTY_LOSS_RECOVERY_FORM: LossRecoveryForm = emptyNumberValues(LOSS_RECOVERY_FIELDS);

export const toLossRecoveryForm = (read: LossRecovery): LossRecoveryForm =>
  toNumberValues(LOSS_RECOVERY_FIELDS, read);

/** The wire body: the bot and broker the screen was read for. */
export function toLossRecoveryBody(
  form: LossRecoveryForm,
  userid: string,
  brokerID: number,
): LossRecovery {
  return { ...fromNumberValues(LOSS_RECOVERY_FIELDS, form), brokerID, userid } as LossRecovery;
}
