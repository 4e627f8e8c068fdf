import { endpoints, type RecordPeriod } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/**
 * A followed channel's verified record against the market and its claimed results. While part
 * of it is pending market data (fetched by the server in the background) it is read again every
 * 5 s until complete.
 */
export function useChannelRecord(userid: string, channel: string, period: RecordPeriod) {
  return useQuery({
    queryKey: ['trading', userid, 'channel-record', channel, period],
    queryFn: () => api(endpoints.channelRecord, { query: { userid, channel, period } }),
    enabled: userid !== '' && channel !== '',
    refetchInterval: (query) => ((query.state.data?.verified.pending ?? 0) > 0 ? 5_000 : false),
  });
}
