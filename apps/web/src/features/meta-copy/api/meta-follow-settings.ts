import { metaCopyEndpoints, type MetaFollowSetting } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The bot's MetaCopy settings for each trader it follows (`/configmetafollower`). */
export function useMetaFollowSettings(userid: string) {
  return useQuery({
    queryKey: queryKeys.follows.of('meta-follow-settings', userid),
    queryFn: () => api(metaCopyEndpoints.getMetaFollowSettings, { query: { userid } }),
    retry: false,
  });
}

export function saveMetaFollowSetting(body: MetaFollowSetting) {
  return api(metaCopyEndpoints.saveMetaFollowSetting, { body });
}

/**
 * The follower stops following a MetaCopy trader (a `/configmetafollower` card's Remove):
 * `/removemetadata`, `userid` its own bot, `traderid` the trader.
 */
export function leaveMetaTrader(userid: string, traderid: string) {
  return api(metaCopyEndpoints.removeMetaRecord, { body: { userid, traderid } });
}
