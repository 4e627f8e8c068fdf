import { copyTraderEndpoints, type TraderInfo } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The trader side of the bot's copy trading (`/configtradercopy`). */
export function useTraderInfo(userid: string) {
  return useQuery({
    queryKey: queryKeys.traderInfo.of(userid),
    queryFn: () => api(copyTraderEndpoints.getTraderInfo, { query: { userid } }),
    retry: false,
  });
}

export function saveTraderInfo(body: TraderInfo) {
  return api(copyTraderEndpoints.saveTraderInfo, { body });
}
