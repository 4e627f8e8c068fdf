import { metaCopyEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's accepted MetaCopy followers (`/followerslist`). */
export function useMetaFollowers(userid: string) {
  return useQuery({
    queryKey: queryKeys.follows.of('meta-followers', userid),
    queryFn: () => api(metaCopyEndpoints.getMetaFollowers, { query: { userid } }),
    retry: false,
  });
}

/** The trader ends a MetaCopy follow: `userid` its own bot, `traderid` the follower. */
export function removeMetaFollower(userid: string, followerId: string, userName: string) {
  return api(metaCopyEndpoints.removeMetaFollower, {
    body: { userid, traderid: followerId, userName },
  });
}
