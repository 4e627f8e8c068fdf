import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useChannelResults } from './channel-results-api.ts';
import { SignalScoreSummary } from './signal-score.tsx';

/**
 * A channel card's results of the last 30 days, scored per signal: the figure traders choose
 * channels by. Every card reads the same (cached) per-channel results of the bot.
 */
export function ChannelCardResults({ userid, idNum }: { userid: string; idNum: string }) {
  const { t } = useTranslation();
  const query = useChannelResults(userid, 'month');
  const channel = query.data?.channels.find((c) => c.channelId === idNum);
  if (!query.data) return null;
  return (
    <Box role="group" aria-label={t('results.cardSummary')} sx={{ mb: 1.5 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {t('results.cardSummary')}
      </Typography>
      {channel ? (
        <SignalScoreSummary score={channel.score} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('results.noSignals')}
        </Typography>
      )}
    </Box>
  );
}
