import {
  endpoints,
  type FollowRequest,
  type MetaFollowSetting,
  type MetaTraderRecord,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's MetaCopy trader records (`/tradermetaconfig`). */
export function useMetaRecords(userid: string) {
  return useQuery({
    queryKey: queryKeys.metaRecords.of(userid),
    queryFn: () => api(endpoints.getMetaRecords, { query: { userid } }),
    retry: false,
  });
}

export function saveMetaRecord(body: MetaTraderRecord) {
  return api(endpoints.saveMetaRecord, { body });
}

/** The bot's accepted MetaCopy followers (`/followerslist`). */
export function useMetaFollowers(userid: string) {
  return useQuery({
    queryKey: queryKeys.follows.of('meta-followers', userid),
    queryFn: () => api(endpoints.getMetaFollowers, { query: { userid } }),
    retry: false,
  });
}

/** The trader ends a MetaCopy follow: `userid` its own bot, `traderid` the follower. */
export function removeMetaFollower(userid: string, followerId: string, userName: string) {
  return api(endpoints.removeMetaFollower, {
    body: { userid, traderid: followerId, userName },
  });
}

/** The bot's MetaCopy settings for each trader it follows (`/configmetafollower`). */
export function useMetaFollowSettings(userid: string) {
  return useQuery({
    queryKey: queryKeys.follows.of('meta-follow-settings', userid),
    queryFn: () => api(endpoints.getMetaFollowSettings, { query: { userid } }),
    retry: false,
  });
}

export function saveMetaFollowSetting(body: MetaFollowSetting) {
  return api(endpoints.saveMetaFollowSetting, { body });
}

/**
 * The follower stops following a MetaCopy trader (a `/configmetafollower` card's Remove):
 * `/removemetadata`, `userid` its own bot, `traderid` the trader.
 */
export function leaveMetaTrader(userid: string, traderid: string) {
  return api(endpoints.removeMetaRecord, { body: { userid, traderid } });
}

export function requestMeta(body: FollowRequest) {
  return api(endpoints.requestMeta, { body });
}
