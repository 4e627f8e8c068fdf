import BarChartIcon from '@mui/icons-material/BarChart';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import TimelineIcon from '@mui/icons-material/Timeline';
import TimerIcon from '@mui/icons-material/Timer';
import type { MenuLink } from '../../components/cards/link-menu.tsx';
import { PATHS } from '../../lib/paths.ts';

/** The robot's live-view screens (and copy statistics), linked from home and after SPEC's six drawer links. */
export const TRADING_MENU: readonly MenuLink[] = [
  { path: PATHS.activity, labelKey: 'nav.activity', Icon: TimelineIcon },
  { path: PATHS.orders, labelKey: 'nav.orders', Icon: ReceiptLongIcon },
  { path: PATHS.results, labelKey: 'nav.results', Icon: BarChartIcon },
  { path: PATHS.latency, labelKey: 'nav.latency', Icon: TimerIcon },
  // Copy execution figures: a copy is an order, so it sits with the live view.
  { path: PATHS.copyStats, labelKey: 'nav.copystats', Icon: QueryStatsIcon },
];
