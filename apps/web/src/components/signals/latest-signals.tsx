import { signalsEndpoints } from '@app/contract';
import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { QueryState } from '../notices/query-state.tsx';
import { SignalLines } from './signal-lines.tsx';

/** The latest signals of one channel of the bot, newest first. */
export function useLatestSignals(userid: string, idNum: string, limit: number) {
  return useQuery({
    queryKey: [...queryKeys.signals.of(userid, idNum), limit],
    queryFn: () => api(signalsEndpoints.listSignals, { query: { userid, idNum, limit } }),
    retry: false,
  });
}

interface LatestSignalsProps {
  userid: string;
  idNum: string;
  limit: number;
  title: string;
  emptyText: string;
}

/** A channel's latest read lines (accepted and rejected with their reason), for its card or the tester. */
export function LatestSignals({ userid, idNum, limit, title, emptyText }: LatestSignalsProps) {
  const query = useLatestSignals(userid, idNum, limit);
  return (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        <SignalLines lines={query.data ?? []} label={title} emptyText={emptyText} dense />
      </QueryState>
    </>
  );
}
