import AutorenewIcon from '@mui/icons-material/Autorenew';
import HealingIcon from '@mui/icons-material/Healing';
import LoopIcon from '@mui/icons-material/Loop';
import TableChartIcon from '@mui/icons-material/TableChart';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import type { SvgIconComponent } from '@mui/icons-material';
import { Alert, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageCard } from '../../../components/layout/page-card.tsx';
import type { I18nKey } from '../../../i18n/keys.ts';
import { PATHS } from '../../../lib/paths.ts';

interface StrategyLink {
  path: string;
  labelKey: I18nKey;
  helpKey: I18nKey;
  Icon: SvgIconComponent;
}

/** The strategy screens of SPEC §2 "Menus", in SPEC's order. */
const STRATEGY_LINKS: readonly StrategyLink[] = [
  {
    path: PATHS.masaniello,
    labelKey: 'strategies.links.masaniello',
    helpKey: 'strategies.help.masaniello',
    Icon: TrendingUpIcon,
  },
  {
    path: PATHS.cycles,
    labelKey: 'strategies.links.cycles',
    helpKey: 'strategies.help.cycles',
    Icon: LoopIcon,
  },
  {
    path: PATHS.soros,
    labelKey: 'strategies.links.soros',
    helpKey: 'strategies.help.soros',
    Icon: AutorenewIcon,
  },
  {
    path: PATHS.lossRecovery,
    labelKey: 'strategies.links.lossRecovery',
    helpKey: 'strategies.help.lossRecovery',
    Icon: HealingIcon,
  },
  {
    path: PATHS.customCycles,
    labelKey: 'strategies.links.customCycles',
    helpKey: 'strategies.help.customCycles',
    Icon: TableChartIcon,
  },
];

/** Strategies (`/strategies`, SPEC §2 "Menus"): the info warning and the five strategy screens. */
export function StrategiesPage() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('strategies.title')} subtitle={t('strategies.subtitle')}>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('strategies.warning')}
      </Alert>
      <List component="nav" aria-label={t('strategies.title')}>
        {STRATEGY_LINKS.map(({ path, labelKey, helpKey, Icon }) => (
          <ListItem key={path} disablePadding>
            <ListItemButton component={RouterLink} to={path}>
              <ListItemIcon>
                <Icon color="primary" aria-hidden />
              </ListItemIcon>
              <ListItemText primary={t(labelKey)} secondary={t(helpKey)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </PageCard>
  );
}
