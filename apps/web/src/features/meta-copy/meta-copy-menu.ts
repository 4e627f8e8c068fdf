import GroupIcon from '@mui/icons-material/Group';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import QueryStatsIcon from '@mui/icons-material/QueryStats';
import SettingsSuggestIcon from '@mui/icons-material/SettingsSuggest';
import TuneIcon from '@mui/icons-material/Tune';
import type { MenuLink } from '../../components/cards/link-menu.tsx';
import { PATHS } from '../../lib/paths.ts';

/** The MetaCopy menu's links (SPEC §2 "Menus"), in SPEC's order, then the copy statistics. */
export const META_COPY_MENU: readonly MenuLink[] = [
  { path: PATHS.metaTraderConfig, labelKey: 'nav.tradermetaconfig', Icon: SettingsSuggestIcon },
  { path: PATHS.metaFollowers, labelKey: 'nav.followerslist', Icon: GroupIcon },
  { path: PATHS.metaFollowerConfig, labelKey: 'nav.configmetafollower', Icon: TuneIcon },
  { path: PATHS.metaRequest, labelKey: 'nav.followermetareq', Icon: PersonAddIcon },
  // What the copies did, for the trader and the follower alike.
  { path: PATHS.copyStats, labelKey: 'copyStats.link', Icon: QueryStatsIcon },
];
