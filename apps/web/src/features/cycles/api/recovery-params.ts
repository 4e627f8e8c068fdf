import { strategiesEndpoints, type RecoveryParams } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's recovery params (cycles and soros together) for one broker (SPEC §7). */
export function useRecoveryParams(userid: string, brokerid: number) {
  return useQuery({
    queryKey: queryKeys.recoveryParams.of(userid, brokerid),
    queryFn: () => api(strategiesEndpoints.getRecoveryParams, { query: { userid, brokerid } }),
    retry: false,
  });
}

export function saveRecoveryParams(body: RecoveryParams) {
  return api(strategiesEndpoints.saveRecoveryParams, { query: { userid: body.userid }, body });
}
