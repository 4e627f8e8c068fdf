import type { TraderFollow } from '@app/contract';
import {
  fromNumberValues,
  toNumberValues,
  type NumberValues,
} from '../../components/form/number-values.ts';

const FOLLOW_NUMBERS = [
  'maxTrades',
  'signalType',
  'delaysig',
  'brokerID',
  'minStake',
  'maxStake',
  'lote',
  'loteType',
] as const;

/** One `/configfollow` card's form (SPEC §3 "Trader save"). */
export type FollowedTraderForm = NumberValues<(typeof FOLLOW_NUMBERS)[number]> & {
  traderEna: boolean;
  acptdemo: boolean;
};

export function toFollowedTraderForm(card: TraderFollow): FollowedTraderForm {
  return {
    traderEna: card.traderEna,
    acptdemo: card.acptdemo,
    ...toNumberValues(FOLLOW_NUMBERS, card),
  };
}

export function toTraderFollowBody(
  values: FollowedTraderForm,
  card: TraderFollow,
  userid: string,
): TraderFollow {
  return {
    ...fromNumberValues(FOLLOW_NUMBERS, values),
    traderEna: values.traderEna,
    acptdemo: values.acptdemo,
    traderID: card.traderID,
    userid,
  } as TraderFollow;
}
