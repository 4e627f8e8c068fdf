import { Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { useTradingFormat } from '../../lib/trading-format.ts';
import { useChannelRecord } from './channel-record-api.ts';

/**
 * A channel card's line of the last 30 days against the market: the verified hit rate beside
 * the one the channel's own result posts claim, and the way to its page.
 */
export function ChannelRecordLine({ userid, idNum }: { userid: string; idNum: string }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const query = useChannelRecord(userid, idNum, '30d');
  const record = query.data;
  const pct = (value: number | null) =>
    value === null ? t('robot.value.none') : t('trading.pct', { value: format.pct(value) });
  return (
    <Stack direction="row" sx={{ mb: 1.5, gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {record && (
        <Typography variant="body2" data-testid="channel-record-line">
          {t('channelRecord.cardLine', {
            verified: pct(record.verified.hitRatePct),
            claimed: pct(record.claimed.hitRatePct),
          })}
        </Typography>
      )}
      <Button
        size="small"
        variant="text"
        component={RouterLink}
        to={`${PATHS.channelRecord}?channel=${encodeURIComponent(idNum)}`}
      >
        {t('channelRecord.open')}
      </Button>
    </Stack>
  );
}
