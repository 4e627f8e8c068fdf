import type { ResultChart as Chart } from '@app/contract';
import { Box, Typography } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { useTradingFormat } from '../../../lib/trading-format.ts';

type Series = 'balanceCents' | 'pnlCents';

/**
 * The chart itself (MUI X Charts): two stacked line charts over the same time axis, the balance
 * and the cumulative result after each settlement (the same shape on different scales, so one
 * chart with two axes would draw one line on top of the other). Kept in its own module so the
 * chart library is fetched only when this screen opens (`React.lazy`).
 */
export default function ResultChart({ chart }: { chart: Chart }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const tick = chart.range === 'day' ? format.clock : format.day;
  const panels: { series: Series; label: string; color: string; value: (c: number) => string }[] = [
    {
      series: 'balanceCents',
      label: t('trading.chart.balance'),
      color: '#64b5f6',
      value: format.money,
    },
    { series: 'pnlCents', label: t('trading.chart.pnl'), color: '#ffb74d', value: format.result },
  ];
  return (
    <>
      {panels.map(({ series, label, color, value }) => (
        <Box key={series} role="figure" aria-label={label} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h2">
            {label}
          </Typography>
          <LineChart
            height={220}
            xAxis={[
              {
                data: chart.points.map((point) => point.at),
                scaleType: 'time',
                min: chart.points[0]?.at ?? chart.from,
                max: chart.to,
                // Few enough ticks that their labels fit side by side on a 375 px phone.
                tickNumber: 4,
                tickLabelStyle: { fontSize: 11 },
                valueFormatter: (at: number, context) =>
                  context.location === 'tick' ? tick(at) : format.dateTime(at),
              },
            ]}
            yAxis={[{ width: 72, valueFormatter: (cents: number) => value(cents) }]}
            series={[
              {
                label,
                color,
                data: chart.points.map((point) => point[series]),
                valueFormatter: (cents) => (cents === null ? '' : value(cents)),
                showMark: chart.points.length < 40,
              },
            ]}
            hideLegend
            margin={{ left: 0, right: 16 }}
          />
        </Box>
      ))}
    </>
  );
}
