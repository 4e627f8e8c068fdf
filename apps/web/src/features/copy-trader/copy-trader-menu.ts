import GroupIcon from '@mui/icons-material/Group';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import SettingsSuggestIcon from '@mui/icons-material/SettingsSuggest';
import TuneIcon from '@mui/icons-material/Tune';
import type { MenuLink } from '../../components/cards/link-menu.tsx';
import { PATHS } from '../../lib/paths.ts';

/** The Copy trader menu's links (SPEC §2 "Menus"), in SPEC's order, then the copy statistics. */
export const COPY_TRADER_MENU: readonly MenuLink[] = [
  { path: PATHS.traderCopyConfig, labelKey: 'nav.configtradercopy', Icon: SettingsSuggestIcon },
  { path: PATHS.copyFollowers, labelKey: 'nav.followerscopy', Icon: GroupIcon },
  { path: PATHS.followConfig, labelKey: 'nav.configfollow', Icon: TuneIcon },
  { path: PATHS.copyRequest, labelKey: 'nav.copyrequest', Icon: PersonAddIcon },
  // What the copies did, for the trader and the follower alike.
  { path: PATHS.copyStats, labelKey: 'copyStats.link', Icon: QueryStatsIcon },
];
