import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LinkMenu } from '../../../components/cards/link-menu.tsx';
import { channelResultsQuery } from '../../../components/results/channel-results-api.ts';
import { storage } from '../../../lib/storage.ts';
import { tradingDashboardQuery } from '../api/trading.ts';
import { TRADING_MENU } from '../trading-menu.ts';
import { ChannelResults } from './channel-results.tsx';
import { TradingDashboard } from './trading-dashboard.tsx';

/** Home's top: the selected bot's dashboard and the links to the live-view screens. */
export function TradingHome({ isBuilt }: { isBuilt: (path: string) => boolean }) {
  const { t } = useTranslation();
  const userid = storage.get('userId') ?? '';
  return (
    <Box sx={{ mb: 4 }}>
      <TradingDashboard userid={userid} />
      <ChannelResults userid={userid} />
      <Typography variant="h6" component="h2" id="trading-menu-heading" sx={{ mb: 1.5 }}>
        {t('home.tradingMenu')}
      </Typography>
      <LinkMenu label={t('home.tradingMenu')} links={TRADING_MENU} isBuilt={isBuilt} />
    </Box>
  );
}

/** What home's top paints from: its first paint waits for these (`FirstReads`). */
export function tradingHomeReads(userid: string) {
  return [tradingDashboardQuery(userid), channelResultsQuery(userid, 'today')];
}
