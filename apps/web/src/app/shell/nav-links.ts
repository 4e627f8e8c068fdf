import GroupsIcon from '@mui/icons-material/Groups';
import ForumIcon from '@mui/icons-material/Forum';
import HomeIcon from '@mui/icons-material/Home';
import LoginIcon from '@mui/icons-material/Login';
import SettingsIcon from '@mui/icons-material/Settings';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { MenuLink } from '../../components/cards/link-menu.tsx';
import { TRADING_MENU } from '../../features/trading/trading-menu.ts';

/**
 * The drawer's six links, as SPEC §2 "Shell" fixes them (unbuilt ones lead to not-found), then
 * the robot's live-view screens (issue 8).
 */
export const NAV_LINKS: readonly MenuLink[] = [
  { path: '/', labelKey: 'nav.home', Icon: HomeIcon },
  { path: '/geralconfig', labelKey: 'nav.geralconfig', Icon: SettingsIcon },
  { path: '/copytrader', labelKey: 'nav.copytrader', Icon: GroupsIcon },
  { path: '/copysignals', labelKey: 'nav.copysignals', Icon: ForumIcon },
  { path: '/comprar', labelKey: 'nav.comprar', Icon: ShoppingCartIcon },
  { path: '/auth', labelKey: 'nav.auth', Icon: LoginIcon },
  ...TRADING_MENU,
];
