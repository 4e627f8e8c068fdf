import { strategiesEndpoints, type Soros } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's soros for one broker (SPEC §7 `GET /getsoros`). */
export function useSoros(userid: string, brokerid: number) {
  return useQuery({
    queryKey: queryKeys.soros.of(userid, brokerid),
    queryFn: () => api(strategiesEndpoints.getSoros, { query: { userid, brokerid } }),
    retry: false,
  });
}

export function saveSoros(body: Soros) {
  return api(strategiesEndpoints.saveSoros, { body });
}
