import { CHART_RANGES } from '@app/contract';
import { Box, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../../i18n/keys.ts';
import { storage } from '../../../lib/storage.ts';
import { useTradingChart, useTradingLive, type ChartRange } from '../api/trading.ts';
import { useTradingFormat } from '../../../lib/trading-format.ts';
import { TradingScreen } from './trading-screen.tsx';
import { SimulatorChip } from '../../../components/results/simulator-chip.tsx';

// The chart library is loaded only by this screen.
const ResultChart = lazy(() => import('./result-chart.tsx'));

/** The result chart (`/results`): balance and P&L over the day or the week. */
export function ResultsPage() {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const userid = storage.get('userId') ?? '';
  const [range, setRange] = useState<ChartRange>('day');
  const poll = useTradingLive(userid);
  const query = useTradingChart(userid, range, poll);
  const chart = query.data;
  const last = chart?.points.at(-1);
  // The series opens with the period's starting balance; every later point is one settlement.
  const settled = Math.max(0, (chart?.points.length ?? 0) - 1);
  return (
    <TradingScreen
      title={t('trading.chart.title')}
      subtitle={t('trading.chart.subtitle')}
      poll={poll}
      query={query}
      start={
        <Tabs
          value={range}
          onChange={(_, value: ChartRange) => setRange(value)}
          aria-label={t('trading.chart.ranges')}
        >
          {CHART_RANGES.map((value) => (
            <Tab key={value} value={value} label={t(dynamicKey(`trading.chart.range.${value}`))} />
          ))}
        </Tabs>
      }
    >
      {chart && last && settled > 0 ? (
        <>
          <Typography variant="body2" sx={{ mb: 1 }} aria-live="polite">
            {t('trading.chart.summary', {
              count: settled,
              balance: format.money(last.balanceCents),
              pnl: format.result(last.pnlCents),
            })}
            {chart.simulator && <SimulatorChip />}
          </Typography>
          <Suspense
            fallback={
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
                <CircularProgress aria-label={t('common.loading')} />
              </Box>
            }
          >
            <ResultChart chart={chart} />
          </Suspense>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('trading.chart.empty')}
        </Typography>
      )}
    </TradingScreen>
  );
}
