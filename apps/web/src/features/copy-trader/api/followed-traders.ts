import { copyTraderEndpoints, type TraderFollow } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The traders the bot follows, with its settings for each (`/configfollow`). */
export function useFollowedTraders(userid: string) {
  return useQuery({
    queryKey: queryKeys.follows.of('followed-traders', userid),
    queryFn: () => api(copyTraderEndpoints.getFollowedTraders, { query: { userid } }),
    retry: false,
  });
}

export function saveFollowedTrader(body: TraderFollow) {
  return api(copyTraderEndpoints.saveFollowedTrader, { body });
}

/** The follower stops following: `userid` its own bot, `traderid` the trader. */
export function removeFollowedTrader(userid: string, traderid: string) {
  return api(copyTraderEndpoints.removeFollowedTrader, { body: { userid, traderid } });
}
