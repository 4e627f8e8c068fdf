import type { LatencyReport } from '@app/contract';
import {
  Box,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../../i18n/keys.ts';
import { storage } from '../../../lib/storage.ts';
import { useTradingLatency, useTradingLive } from '../api/trading.ts';
import { useTradingFormat } from '../../../lib/trading-format.ts';
import { waterfallSteps, type WaterfallStep } from '../waterfall.ts';
import { TradingScreen } from './trading-screen.tsx';

/** One colour per step, in the order of the waterfall. */
const STEP_COLOR: Record<WaterfallStep['stage'], string> = {
  parsed: 'grey.500',
  decided: 'error.light',
  sent: 'primary.main',
  confirmed: 'warning.main',
  settled: 'success.main',
};

type SignalLatency = LatencyReport['signals'][number];

function SignalWaterfall({ signal }: { signal: SignalLatency }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const { steps, totalMs } = waterfallSteps(signal.stages);
  const heading = [
    t('trading.latency.signal', { id: signal.signalId }),
    signal.asset,
    signal.direction ? t(dynamicKey(`trading.direction.${signal.direction}`)) : null,
    t(dynamicKey(`trading.latency.decision.${signal.decision ?? 'pending'}`)),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <ListItem divider disableGutters sx={{ display: 'block' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {heading}
        <Typography component="span" variant="body2" color="text.secondary">
          {' · '}
          {t('trading.latency.total', { value: format.duration(totalMs) })}
        </Typography>
      </Typography>
      <Box
        aria-hidden
        sx={{ position: 'relative', height: 12, my: 1, bgcolor: 'action.hover', borderRadius: 1 }}
      >
        {steps
          .filter((step) => step.ms !== null)
          .map((step) => (
            <Box
              key={step.stage}
              sx={{
                position: 'absolute',
                top: 0,
                bottom: 0,
                left: `${step.offset * 100}%`,
                width: `max(2px, ${step.width * 100}%)`,
                bgcolor: STEP_COLOR[step.stage],
                borderRadius: 0.5,
              }}
            />
          ))}
      </Box>
      <Box
        component="ol"
        aria-label={t('trading.latency.signal', { id: signal.signalId })}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}
      >
        {steps.map((step) => (
          <Typography
            component="li"
            variant="caption"
            key={step.stage}
            sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: STEP_COLOR[step.stage] }}
            />
            {t(dynamicKey(`trading.latency.stages.${step.stage}`))}:{' '}
            {step.ms === null ? t('trading.latency.notReached') : format.duration(step.ms)}
          </Typography>
        ))}
      </Box>
    </ListItem>
  );
}

function DayPercentiles({
  day,
  timing,
}: {
  day: LatencyReport['day'];
  timing: LatencyReport['timing'];
}) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const ms = (value: number | null) =>
    value === null ? t('robot.value.none') : format.duration(value);
  return (
    <Table
      size="small"
      aria-labelledby="latency-day"
      // The figures keep to one line; the step's name wraps, so p50 and p95 fit at 375 px.
      sx={{
        '& th, & td': { px: { xs: 0.75, sm: 2 }, whiteSpace: 'nowrap' },
        '& tbody th': { whiteSpace: 'normal' },
      }}
    >
      <TableHead>
        <TableRow>
          <TableCell>{t('trading.latency.stage')}</TableCell>
          <TableCell align="right">{t('trading.latency.count')}</TableCell>
          <TableCell align="right">{t('trading.latency.p50')}</TableCell>
          <TableCell align="right">{t('trading.latency.p95')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {day.map((row) => (
          <TableRow key={row.stage}>
            <TableCell component="th" scope="row">
              {t(dynamicKey(`trading.latency.stages.${row.stage}`))}
            </TableCell>
            <TableCell align="right">{row.count}</TableCell>
            <TableCell align="right">{ms(row.p50Ms)}</TableCell>
            <TableCell align="right">{ms(row.p95Ms)}</TableCell>
          </TableRow>
        ))}
        {timing.map((row) => (
          <TableRow key={row.kind} sx={{ '& th, & td': { fontWeight: 600 } }}>
            <TableCell component="th" scope="row">
              {t(`trading.latency.timing.${row.kind}`)}
            </TableCell>
            <TableCell align="right">{row.count}</TableCell>
            <TableCell align="right">{ms(row.p50Ms)}</TableCell>
            <TableCell align="right">{ms(row.p95Ms)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The latency waterfall (`/latency`): each recent signal's steps and the day's p50/p95. */
export function LatencyPage() {
  const { t } = useTranslation();
  const userid = storage.get('userId') ?? '';
  const poll = useTradingLive(userid);
  const query = useTradingLatency(userid, poll);
  const report = query.data;
  return (
    <TradingScreen
      title={t('trading.latency.title')}
      subtitle={t('trading.latency.subtitle')}
      poll={poll}
      query={query}
    >
      {report && (
        <>
          <Typography variant="subtitle1" component="h2" id="latency-day" sx={{ fontWeight: 600 }}>
            {t('trading.latency.day')}
          </Typography>
          <Box sx={{ overflowX: 'auto', mb: 3 }}>
            <DayPercentiles day={report.day} timing={report.timing} />
          </Box>
          <Typography
            variant="subtitle1"
            component="h2"
            id="latency-signals"
            sx={{ fontWeight: 600 }}
          >
            {t('trading.latency.signals')}
          </Typography>
          {report.signals.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('trading.latency.empty')}
            </Typography>
          ) : (
            <List dense disablePadding aria-labelledby="latency-signals">
              {report.signals.map((signal) => (
                <SignalWaterfall key={signal.signalId} signal={signal} />
              ))}
            </List>
          )}
        </>
      )}
    </TradingScreen>
  );
}
