import { copyTraderEndpoints, metaCopyEndpoints, type CopyProduct } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * The follow calls both products share: requests and their answers, the follower's own
 * follows, a follower's info and expiry. Each product's list and removal live in its feature.
 */

/** Pending requests to follow the caller's bot, of one product, oldest first. */
export function useIncomingRequests(userid: string, product: CopyProduct) {
  return useQuery({
    queryKey: queryKeys.follows.of('incoming', userid),
    queryFn: () => api(copyTraderEndpoints.getIncomingRequests, { query: { userid } }),
    select: (requests) => requests.filter((request) => request.product === product),
    retry: false,
  });
}

export function answerRequest(
  userid: string,
  followerid: string,
  product: CopyProduct,
  accept: boolean,
) {
  return api(copyTraderEndpoints.answerRequest, { body: { userid, followerid, product, accept } });
}

/** The caller's follows and requests of one product, with their state. */
export function useOwnFollows(userid: string, product: CopyProduct) {
  return useQuery({
    queryKey: queryKeys.follows.of('own', userid),
    queryFn: () => api(copyTraderEndpoints.getOwnFollows, { query: { userid } }),
    select: (follows) => follows.filter((follow) => follow.product === product),
    retry: false,
  });
}

/** One follower of the caller's bot, with its expiry (the Info popover), read when opened. */
export function useFollowerInfo(
  userid: string,
  followerId: string,
  product: CopyProduct,
  enabled: boolean,
) {
  return useQuery({
    queryKey: queryKeys.follows.of('info', userid, followerId, product),
    queryFn: () =>
      api(metaCopyEndpoints.getMetaInfo, { query: { userid, traderid: followerId, product } }),
    enabled,
    retry: false,
  });
}

/** Sets (Unix seconds) or clears (0) a follower's expiry in one product. */
export function updateExpiry(
  userid: string,
  followerId: string,
  expCopy: number,
  product: CopyProduct,
) {
  return api(metaCopyEndpoints.updateExpiry, {
    body: { userid, traderid: followerId, expCopy, product },
  });
}
