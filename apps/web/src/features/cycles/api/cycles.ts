import { strategiesEndpoints, type Cycles } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's cycles for one broker (SPEC §7 `GET /getcycles`). */
export function useCycles(userid: string, brokerid: number) {
  return useQuery({
    queryKey: queryKeys.cycles.of(userid, brokerid),
    queryFn: () => api(strategiesEndpoints.getCycles, { query: { userid, brokerid } }),
    retry: false,
  });
}

export function saveCycles(body: Cycles) {
  return api(strategiesEndpoints.saveCycles, { body });
}
