import { Box, Button, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { LiveChip } from './live-chip.tsx';

interface TradingScreenProps {
  title: string;
  subtitle: string;
  /** The polling interval in force (`false`: the live stream is open). */
  poll: number | false;
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  /** Controls on the header row, before the live chip (tabs) or after it (`end`: a download). */
  start?: ReactNode;
  end?: ReactNode;
  /** What shows above the read's loading and error states (filters). */
  above?: ReactNode;
  children: ReactNode;
}

/**
 * A live-view screen of the robot (activity, orders, results, latency): its card and heading, the
 * live-or-polling chip with the screen's controls, and the loading and error states of its read
 * around the content.
 */
export function TradingScreen(props: TradingScreenProps) {
  const { title, subtitle, poll, query, start, end, above, children } = props;
  return (
    <PageCard title={title} subtitle={subtitle}>
      {above}
      <Stack direction="row" sx={{ mb: 2, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {start}
        {start && <Box sx={{ flexGrow: 1 }} />}
        <LiveChip poll={poll} />
        {end && <Box sx={{ flexGrow: 1 }} />}
        {end}
      </Stack>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        {children}
      </QueryState>
    </PageCard>
  );
}

/** "Load more" under a cursor-paged list, while older pages remain. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useTranslation();
  if (!query.hasNextPage) return null;
  return (
    <Stack sx={{ mt: 2, alignItems: 'center' }}>
      <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {t('trading.loadMore')}
      </Button>
    </Stack>
  );
}
