import type { ResultChart as Chart } from '@app/contract';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { useTradingFormat } from '../format.ts';

/**
 * The chart itself (MUI X Charts): balance and cumulative result after each settlement. Kept in
 * its own module so the chart library is fetched only when this screen opens (`React.lazy`).
 */
export default function ResultChart({ chart }: { chart: Chart }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const times = chart.points.map((point) => point.at);
  return (
    <LineChart
      height={320}
      aria-label={t('trading.chart.label')}
      xAxis={[
        {
          data: times,
          scaleType: 'time',
          min: chart.from,
          max: chart.to,
          valueFormatter: (at: number) =>
            chart.range === 'day' ? format.time(at) : format.dateTime(at),
        },
      ]}
      yAxis={[
        { id: 'balance', valueFormatter: (v: number) => format.money(v) },
        { id: 'pnl', position: 'right', valueFormatter: (v: number) => format.money(v) },
      ]}
      series={[
        {
          yAxisId: 'balance',
          label: t('trading.chart.balance'),
          data: chart.points.map((point) => point.balanceCents),
          valueFormatter: (v) => (v === null ? '' : format.money(v)),
          showMark: chart.points.length < 40,
        },
        {
          yAxisId: 'pnl',
          label: t('trading.chart.pnl'),
          data: chart.points.map((point) => point.pnlCents),
          valueFormatter: (v) => (v === null ? '' : format.result(v)),
          showMark: chart.points.length < 40,
        },
      ]}
      margin={{ left: 8, right: 8 }}
    />
  );
}
