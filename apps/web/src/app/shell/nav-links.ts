import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import GroupsIcon from '@mui/icons-material/Groups';
import ForumIcon from '@mui/icons-material/Forum';
import HomeIcon from '@mui/icons-material/Home';
import LoginIcon from '@mui/icons-material/Login';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { MenuLink } from '../../components/cards/link-menu.tsx';
import { TRADING_MENU } from '../../features/trading/trading-menu.ts';
import { PATHS } from '../../lib/paths.ts';

/**
 * The drawer's six links, as SPEC §2 "Shell" fixes them, then the robot's live-view screens and
 * the account (password, log out everywhere); the drawer shows the built ones.
 */
export const NAV_LINKS: readonly MenuLink[] = [
  { path: PATHS.home, labelKey: 'nav.home', Icon: HomeIcon },
  { path: PATHS.globalParams, labelKey: 'nav.geralconfig', Icon: SettingsIcon },
  { path: PATHS.copyTrader, labelKey: 'nav.copytrader', Icon: GroupsIcon },
  { path: PATHS.copySignals, labelKey: 'nav.copysignals', Icon: ForumIcon },
  { path: PATHS.buy, labelKey: 'nav.comprar', Icon: ShoppingCartIcon },
  { path: PATHS.auth, labelKey: 'nav.auth', Icon: LoginIcon },
  ...TRADING_MENU,
  { path: PATHS.account, labelKey: 'nav.account', Icon: AccountCircleIcon },
];
