import type { MetaTraderRecord } from '@app/contract';
import {
  fromNumberValues,
  toNumberValues,
  type NumberValues,
} from '../../components/form/number-values.ts';

const RECORD_NUMBERS = ['maxTrades', 'signalType', 'delaysig', 'brokerID', 'anticipation'] as const;

/** One `/tradermetaconfig` card's form (SPEC §3 "Meta trader record"). */
export type MetaRecordForm = NumberValues<(typeof RECORD_NUMBERS)[number]> & {
  traderEna: boolean;
};

export function toMetaRecordForm(record: MetaTraderRecord): MetaRecordForm {
  return { traderEna: record.traderEna, ...toNumberValues(RECORD_NUMBERS, record) };
}

export function toMetaRecordBody(
  values: MetaRecordForm,
  record: Pick<MetaTraderRecord, 'traderid'>,
  userid: string,
): MetaTraderRecord {
  return {
    ...fromNumberValues(RECORD_NUMBERS, values),
    traderEna: values.traderEna,
    traderid: record.traderid,
    userid,
  } as MetaTraderRecord;
}

/** A new record, as SPEC §9's defaults have it: on, no limit, signal type 7, broker 0 (All). */
export function newMetaRecord(traderid: string, userid: string): MetaTraderRecord {
  return {
    traderid,
    traderEna: true,
    maxTrades: 0,
    signalType: 7,
    delaysig: 0,
    brokerID: 0,
    anticipation: 0,
    userid,
  };
}
