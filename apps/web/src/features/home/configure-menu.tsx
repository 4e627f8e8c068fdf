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

/** The Configure menu of SPEC §2 "Menus", in SPEC's order. */
export const CONFIGURE_MENU: readonly MenuLink[] = [
  { path: '/brokerconfig', labelKey: 'nav.brokerconfig', Icon: AccountBalanceIcon },
  { path: '/geralconfig', labelKey: 'nav.geralconfig', Icon: SettingsIcon },
  { path: '/copysignals', labelKey: 'nav.copysignals', Icon: ForumIcon },
  { path: '/copytrader', labelKey: 'nav.copytrader', Icon: GroupsIcon },
  { path: '/configmetatrader', labelKey: 'nav.configmetatrader', Icon: HubIcon },
  { path: '/strategies', labelKey: 'nav.strategies', Icon: AutoGraphIcon },
  { path: '/botspage', labelKey: 'nav.botspage', Icon: PrecisionManufacturingIcon },
  { path: '/configproxy', labelKey: 'nav.configproxy', Icon: RouterIcon },
  { path: '/comprar', labelKey: 'nav.comprar', Icon: ShoppingCartIcon },
];
