import { copyTraderEndpoints, globalParamsEndpoints, type TraderInfo } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { readBrokerId } from '../../../lib/storage.ts';

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

/**
 * The bot's mode (1 trader, 2 follower) in the global params of the broker chosen on this device
 * (the general settings' read, shared with that screen): a bot in follower mode copies to nobody.
 */
export function useTraderMode(userid: string) {
  const brokerid = readBrokerId();
  return useQuery({
    queryKey: queryKeys.globalParams.of(userid, brokerid),
    queryFn: () => api(globalParamsEndpoints.getGlobalParams, { query: { userid, brokerid } }),
    retry: false,
    select: (params) => params.traderMode,
  });
}
