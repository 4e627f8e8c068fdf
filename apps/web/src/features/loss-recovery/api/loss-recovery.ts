import { strategiesEndpoints, type LossRecovery } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's loss recovery for one broker (SPEC §7 `GET /getlossrec`). */
export function useLossRecovery(userid: string, brokerid: number) {
  return useQuery({
    queryKey: queryKeys.lossRecovery.of(userid, brokerid),
    queryFn: () => api(strategiesEndpoints.getLossRecovery, { query: { userid, brokerid } }),
    retry: false,
  });
}

export function saveLossRecovery(body: LossRecovery) {
  return api(strategiesEndpoints.saveLossRecovery, { body });
}
