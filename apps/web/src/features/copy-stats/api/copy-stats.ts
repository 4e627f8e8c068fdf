import { copyStatsEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Copy figures change as followers' orders settle: re-read this often while the screen is open. */
export const COPY_STATS_POLL_MS = 10_000;

export function useTraderCopyStats(userid: string, days: number) {
  return useQuery({
    queryKey: queryKeys.copyStats.of('trader', userid, days),
    queryFn: () => api(copyStatsEndpoints.copyStatsTrader, { query: { userid, days } }),
    enabled: userid !== '',
    refetchInterval: COPY_STATS_POLL_MS,
  });
}

export function useFollowerCopyStats(userid: string, days: number) {
  return useQuery({
    queryKey: queryKeys.copyStats.of('follower', userid, days),
    queryFn: () => api(copyStatsEndpoints.copyStatsFollower, { query: { userid, days } }),
    enabled: userid !== '',
    refetchInterval: COPY_STATS_POLL_MS,
  });
}
