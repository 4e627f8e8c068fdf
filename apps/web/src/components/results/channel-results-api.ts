import { tradingEndpoints, type QueryOf } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type ResultsPeriod = QueryOf<typeof tradingEndpoints.tradingChannelResults>['period'];

/**
 * Each channel's signals of the period, scored per signal: home's results and the channel
 * cards' summaries read it. Keyed under the bot's trading reads (`['trading', userid]`), so the
 * live stream's re-read refreshes it with the rest. Home's first paint waits for today's
 * (`tradingHomeReads`), read early beside the page's chunks (lib/early-reads.ts).
 */
export function channelResultsQuery(userid: string, period: ResultsPeriod) {
  return queryOptions({
    queryKey: ['trading', userid, 'channel-results', period],
    queryFn: () => api(tradingEndpoints.tradingChannelResults, { query: { userid, period } }),
    enabled: userid !== '',
    // The parts mounting after home's first read (`FirstReads`) do not read it again; the live
    // stream and polls re-read it regardless.
    staleTime: 5_000,
  });
}

export function useChannelResults(
  userid: string,
  period: ResultsPeriod,
  refetchInterval: number | false = false,
) {
  return useQuery({ ...channelResultsQuery(userid, period), refetchInterval });
}
