import type { MetaFollowSetting } from '@app/contract';
import {
  fromNumberValues,
  toNumberValues,
  type NumberValues,
} from '../../components/form/number-values.ts';

const SETTING_NUMBERS = [
  'maxTrades',
  'signalType',
  'delaysig',
  'brokerID',
  'anticipation',
  'lote',
] as const;

/** One `/configmetafollower` card's form (SPEC §3 "Meta follower setting"). */
export type MetaSettingForm = NumberValues<(typeof SETTING_NUMBERS)[number]> & {
  traderEna: boolean;
};

export function toMetaSettingForm(setting: MetaFollowSetting): MetaSettingForm {
  return { traderEna: setting.traderEna, ...toNumberValues(SETTING_NUMBERS, setting) };
}

export function toMetaSettingBody(
  values: MetaSettingForm,
  setting: MetaFollowSetting,
  userid: string,
): MetaFollowSetting {
  return {
    ...fromNumberValues(SETTING_NUMBERS, values),
    traderEna: values.traderEna,
    traderid: setting.traderid,
    userid,
  } as MetaFollowSetting;
}
