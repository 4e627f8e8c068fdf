import { metaCopyEndpoints, type MetaTraderRecord } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's MetaCopy trader records (`/tradermetaconfig`). */
export function useMetaRecords(userid: string) {
  return useQuery({
    queryKey: queryKeys.metaRecords.of(userid),
    queryFn: () => api(metaCopyEndpoints.getMetaRecords, { query: { userid } }),
    retry: false,
  });
}

export function saveMetaRecord(body: MetaTraderRecord) {
  return api(metaCopyEndpoints.saveMetaRecord, { body });
}
