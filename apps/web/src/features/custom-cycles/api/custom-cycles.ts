import { strategiesEndpoints, type CustomCycleRow } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's custom cycle rows (SPEC §7 `GET getcustcycle`); none saved reads as `[]`. */
export function useCustomCycles(userid: string) {
  return useQuery({
    queryKey: queryKeys.customCycles.of(userid),
    queryFn: () => api(strategiesEndpoints.getCustomCycles, { query: { userid } }),
    retry: false,
  });
}

/** Replaces the bot's rows (SPEC §7 `POST /savecustcycle`, userid in the query). */
export function saveCustomCycles(userid: string, rows: CustomCycleRow[]) {
  return api(strategiesEndpoints.saveCustomCycles, { query: { userid }, body: rows });
}
