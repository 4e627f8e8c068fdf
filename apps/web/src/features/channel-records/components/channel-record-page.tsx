import { RECORD_PERIODS, type ChannelRecord, type RecordPeriod } from '@app/contract';
import {
  Alert,
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { useChannelRecord } from '../../../components/results/channel-record-api.ts';
import { dynamicKey } from '../../../i18n/keys.ts';
import { storage } from '../../../lib/storage.ts';
import { useTradingFormat } from '../../../lib/trading-format.ts';

type Tally = { wins: number; losses: number; draws: number; hitRatePct: number | null };

function usePct() {
  const { t } = useTranslation();
  const format = useTradingFormat();
  return (value: number | null) =>
    value === null ? t('robot.value.none') : t('trading.pct', { value: format.pct(value) });
}

/** One side of the comparison: a hit rate as a bar, its score and its wins by step. */
function RateBar({
  label,
  tally,
  steps,
  tone,
}: {
  label: string;
  tally: Tally;
  steps: number[];
  tone: string;
}) {
  const { t } = useTranslation();
  const pct = usePct();
  const byStep = steps
    .map((n, step) =>
      n > 0 ? t(step === 0 ? 'channelRecord.atEntry' : 'channelRecord.atGale', { n, step }) : null,
    )
    .filter(Boolean)
    .join(' · ');
  return (
    <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {pct(tally.hitRatePct)}
      </Typography>
      <Box
        aria-hidden
        sx={{ height: 10, bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden', my: 1 }}
      >
        <Box sx={{ height: '100%', width: `${tally.hitRatePct ?? 0}%`, bgcolor: tone }} />
      </Box>
      <Typography variant="body2">
        {t('channelRecord.score', { wins: tally.wins, losses: tally.losses, draws: tally.draws })}
      </Typography>
      {byStep && (
        <Typography variant="body2" color="text.secondary">
          {byStep}
        </Typography>
      )}
    </Box>
  );
}

/** Hit rate by hour of the trader's day, as a strip of 24 cells coloured by the rate. */
function HourStrip({ record }: { record: ChannelRecord }) {
  const { t } = useTranslation();
  const pct = usePct();
  const byHour = new Map(record.byHour.map((h) => [h.hour, h]));
  return (
    <Box
      role="list"
      aria-label={t('channelRecord.byHour')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(12, 1fr)', gap: 0.5 }}
    >
      {Array.from({ length: 24 }, (_, hour) => {
        const h = byHour.get(hour);
        const rate = h?.hitRatePct ?? null;
        const text = `${String(hour).padStart(2, '0')}h: ${
          h ? `${h.wins}×${h.losses} (${pct(rate)})` : t('robot.value.none')
        }`;
        return (
          <Box
            key={hour}
            role="listitem"
            title={text}
            aria-label={text}
            sx={{
              aspectRatio: '1',
              borderRadius: 0.5,
              fontSize: 10,
              display: 'grid',
              placeItems: 'center',
              color: 'common.white',
              bgcolor:
                rate === null
                  ? 'action.hover'
                  : rate >= 60
                    ? 'success.dark'
                    : rate >= 50
                      ? 'warning.dark'
                      : 'error.dark',
            }}
          >
            {hour}
          </Box>
        );
      })}
    </Box>
  );
}

/**
 * A followed channel's verified record (not in SPEC; docs/trader.md "A channel's record"): the
 * hit rate against the market at the robot's own instants beside the rate its result posts
 * claim, by step, hour and asset, with late signals and unreadable messages, over a period.
 */
export function ChannelRecordPage() {
  const { t } = useTranslation();
  const pct = usePct();
  const [params] = useSearchParams();
  const channel = params.get('channel') ?? '';
  const userid = storage.get('userId') ?? '';
  const [period, setPeriod] = useState<RecordPeriod>('30d');
  const query = useChannelRecord(userid, channel, period);
  const record = query.data;
  return (
    <PageCard title={t('channelRecord.title')} subtitle={record?.name ?? channel}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={period}
        onChange={(_e, value: RecordPeriod | null) => value && setPeriod(value)}
        aria-label={t('channelRecord.period.label')}
        sx={{ mb: 2, flexWrap: 'wrap' }}
      >
        {RECORD_PERIODS.map((p) => (
          <ToggleButton key={p} value={p}>
            {t(dynamicKey(`channelRecord.period.${p}`))}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        {record && (
          <Stack sx={{ gap: 2 }}>
            {record.marketSources.length === 0 && (
              <Alert severity="info">{t('channelRecord.noMarket')}</Alert>
            )}
            {record.verified.pending > 0 && (
              <Alert severity="warning">
                {t('channelRecord.pending', { count: record.verified.pending })}
              </Alert>
            )}
            <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap' }}>
              <RateBar
                label={t('channelRecord.verified')}
                tally={record.verified}
                steps={record.verified.winsByStep}
                tone="primary.main"
              />
              <RateBar
                label={t('channelRecord.claimed')}
                tally={record.claimed}
                steps={record.claimed.winsByStep}
                tone="warning.main"
              />
            </Stack>
            <Typography variant="body2">
              {t('channelRecord.counts', {
                signals: record.signals,
                noData: record.verified.noData,
                late: record.late,
                unreadable: record.unreadable,
                unclaimed: record.claimed.unclaimed,
                disagreements: record.disagreements,
              })}
            </Typography>
            {record.scoreboards.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('channelRecord.scoreboards', {
                  boards: record.scoreboards.map((b) => `${b.wins}×${b.losses}`).join(', '),
                })}
              </Typography>
            )}
            <Typography variant="subtitle2">{t('channelRecord.byHour')}</Typography>
            <HourStrip record={record} />
            <Typography variant="subtitle2">{t('channelRecord.byAsset')}</Typography>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('channelRecord.byAsset')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('channelRecord.asset')}</TableCell>
                    <TableCell align="right">{t('channelRecord.scoreShort')}</TableCell>
                    <TableCell align="right">{t('channelRecord.hitRate')}</TableCell>
                    <TableCell align="right">{t('channelRecord.noDataShort')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {record.byAsset.map((a) => (
                    <TableRow key={a.asset}>
                      <TableCell>{a.asset}</TableCell>
                      <TableCell align="right">{`${a.wins}×${a.losses}`}</TableCell>
                      <TableCell align="right">{pct(a.hitRatePct)}</TableCell>
                      <TableCell align="right">{a.noData}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Stack>
        )}
      </QueryState>
    </PageCard>
  );
}
