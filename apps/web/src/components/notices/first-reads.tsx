import { Box, CircularProgress } from '@mui/material';
import { useQueries, type UseQueryOptions } from '@tanstack/react-query';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A read a screen's first paint depends on (`queryOptions(…)` of the part that shows it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any read's data, error and key
export type FirstRead = UseQueryOptions<any, any, any, any>;

/**
 * Holds a screen's content until each of its first reads has answered once (or failed once),
 * then renders it complete: nothing painted early is pushed down when a later read arrives (a
 * layout shift of 0.5 on home, Lighthouse). The parts below read the same queries from
 * the cache, with their own options, and show their own error and retry states.
 */
export function FirstReads({
  reads,
  hold = false,
  children,
}: {
  reads: FirstRead[];
  /** Something else the first paint waits for (a part's chunk the reads said it needs). */
  hold?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const results = useQueries({ queries: reads });
  // Once open, it stays open: a part mounting re-reads a failed query, which is loading again.
  const [opened, setOpened] = useState(false);
  if (!opened && !hold && !results.some((r) => r.isLoading && r.failureCount === 0)) {
    setOpened(true);
  }
  // The content renders in the background, yielding to the browser between components, not as
  // one long task when the last read arrives (Total Blocking Time).
  const show = useDeferredValue(opened);
  if (!show) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  return <>{children}</>;
}
