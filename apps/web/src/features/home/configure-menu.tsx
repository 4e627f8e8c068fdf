import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AutoGraphIcon from '@mui/icons-material/AutoGraph';
import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import HubIcon from '@mui/icons-material/Hub';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import RouterIcon from '@mui/icons-material/Router';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { MenuLink } from '../../components/cards/link-menu.tsx';
import { PATHS } from '../../lib/paths.ts';

/** The Configure menu of SPEC §2 "Menus", in SPEC's order. */
export const CONFIGURE_MENU: readonly MenuLink[] = [
  { path: PATHS.brokers, labelKey: 'nav.brokerconfig', Icon: AccountBalanceIcon },
  { path: PATHS.globalParams, labelKey: 'nav.geralconfig', Icon: SettingsIcon },
  { path: PATHS.copySignals, labelKey: 'nav.copysignals', Icon: ForumIcon },
  { path: PATHS.copyTrader, labelKey: 'nav.copytrader', Icon: GroupsIcon },
  { path: PATHS.metaTrader, labelKey: 'nav.configmetatrader', Icon: HubIcon },
  { path: PATHS.strategies, labelKey: 'nav.strategies', Icon: AutoGraphIcon },
  { path: PATHS.botsPage, labelKey: 'nav.botspage', Icon: PrecisionManufacturingIcon },
  { path: PATHS.proxy, labelKey: 'nav.configproxy', Icon: RouterIcon },
  { path: PATHS.buy, labelKey: 'nav.comprar', Icon: ShoppingCartIcon },
];
