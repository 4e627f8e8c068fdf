import { RESULTS_PERIODS, type ChannelResult } from '@app/contract';
import {
  Box,
  Card,
  CardContent,
  List,
  ListItem,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useChannelResults,
  type ResultsPeriod,
} from '../../../components/results/channel-results-api.ts';
import { SignalScoreSummary } from '../../../components/results/signal-score.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';

function channelLabel(
  t: TFunction,
  channel: Pick<ChannelResult, 'channelId' | 'channelName'>,
): string {
  if (channel.channelId === null) return t('results.noChannel');
  return channel.channelName ?? t('results.unnamed');
}

/**
 * Home's results per channel: each channel's signals of today, 7 or 30 days scored per signal
 * (wins by step, losses, hit rate beside the break-even, P&L), and all channels together. The
 * dashboard's live stream re-reads it (its key is under the bot's trading reads).
 */
export function ChannelResults({ userid }: { userid: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ResultsPeriod>('today');
  const query = useChannelResults(userid, period);
  const data = query.data;
  return (
    <Card component="section" aria-labelledby="channel-results-heading" sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" id="channel-results-heading">
          {t('results.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {t('results.subtitle')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={period}
          onChange={(_, value: ResultsPeriod | null) => value && setPeriod(value)}
          aria-label={t('results.periods')}
          sx={{ mb: 2 }}
        >
          {RESULTS_PERIODS.map((p) => (
            <ToggleButton key={p} value={p}>
              {t(`results.period.${p}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <QueryState
          pending={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
        >
          {data && (
            <>
              <Box role="group" aria-label={t('results.total')} sx={{ mb: 1 }}>
                <Typography variant="subtitle2" component="h3">
                  {t('results.total')}
                </Typography>
                <SignalScoreSummary score={data.total} />
              </Box>
              {data.channels.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('results.empty')}
                </Typography>
              ) : (
                <List dense disablePadding aria-label={t('results.title')}>
                  {data.channels.map((channel) => (
                    <ListItem
                      key={channel.channelId ?? ''}
                      divider
                      disableGutters
                      aria-label={channelLabel(t, channel)}
                      sx={{ display: 'block' }}
                    >
                      <Typography variant="subtitle2" component="h3">
                        {channelLabel(t, channel)}
                      </Typography>
                      <SignalScoreSummary score={channel.score} />
                    </ListItem>
                  ))}
                </List>
              )}
            </>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
