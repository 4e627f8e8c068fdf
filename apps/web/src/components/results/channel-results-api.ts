import { tradingEndpoints, type QueryOf } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export type ResultsPeriod = QueryOf<typeof tradingEndpoints.tradingChannelResults>['period'];

/**
 * Each channel's signals of the period, scored per signal: home's results and the channel
 * cards' summaries read it. Keyed under the bot's trading reads (`['trading', userid]`), so the
 * live stream's re-read refreshes it with the rest.
 */
export function useChannelResults(
  userid: string,
  period: ResultsPeriod,
  refetchInterval: number | false = false,
) {
  return useQuery({
    queryKey: ['trading', userid, 'channel-results', period],
    queryFn: () => api(tradingEndpoints.tradingChannelResults, { query: { userid, period } }),
    enabled: userid !== '',
    refetchInterval,
  });
}
