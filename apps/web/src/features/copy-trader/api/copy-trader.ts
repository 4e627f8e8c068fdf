import { endpoints, type FollowRequest, type TraderFollow, type TraderInfo } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The trader side of the bot's copy trading (`/configtradercopy`). */
export function useTraderInfo(userid: string) {
  return useQuery({
    queryKey: queryKeys.traderInfo.of(userid),
    queryFn: () => api(endpoints.getTraderInfo, { query: { userid } }),
    retry: false,
  });
}

export function saveTraderInfo(body: TraderInfo) {
  return api(endpoints.saveTraderInfo, { body });
}

/** The bot's accepted copy followers (`/followerscopy`). */
export function useCopyFollowers(userid: string) {
  return useQuery({
    queryKey: queryKeys.follows.of('copy-followers', userid),
    queryFn: () => api(endpoints.getFollowers, { query: { userid } }),
    retry: false,
  });
}

/** The trader ends a follow: `userid` its own bot, `traderid` the follower (as `/updateexpcopy`). */
export function removeCopyFollower(userid: string, followerId: string) {
  return api(endpoints.removeFollower, { body: { userid, traderid: followerId } });
}

/** The traders the bot follows, with its settings for each (`/configfollow`). */
export function useFollowedTraders(userid: string) {
  return useQuery({
    queryKey: queryKeys.follows.of('followed-traders', userid),
    queryFn: () => api(endpoints.getFollowedTraders, { query: { userid } }),
    retry: false,
  });
}

export function saveFollowedTrader(body: TraderFollow) {
  return api(endpoints.saveFollowedTrader, { body });
}

/** The follower stops following: `userid` its own bot, `traderid` the trader. */
export function removeFollowedTrader(userid: string, traderid: string) {
  return api(endpoints.removeFollowedTrader, { body: { userid, traderid } });
}

export function requestCopy(body: FollowRequest) {
  return api(endpoints.requestCopy, { body });
}
