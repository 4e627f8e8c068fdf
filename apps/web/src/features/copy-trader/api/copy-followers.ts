import { copyTraderEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's accepted copy followers (`/followerscopy`). */
export function useCopyFollowers(userid: string) {
  return useQuery({
    queryKey: queryKeys.follows.of('copy-followers', userid),
    queryFn: () => api(copyTraderEndpoints.getFollowers, { query: { userid } }),
    retry: false,
  });
}

/** The trader ends a follow: `userid` its own bot, `traderid` the follower (as `/updateexpcopy`). */
export function removeCopyFollower(userid: string, followerId: string) {
  return api(copyTraderEndpoints.removeFollower, { body: { userid, traderid: followerId } });
}
