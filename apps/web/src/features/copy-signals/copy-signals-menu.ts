import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import ScienceIcon from '@mui/icons-material/Science';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import TuneIcon from '@mui/icons-material/Tune';
import type { MenuLink } from '../../components/cards/link-menu.tsx';
import { PATHS } from '../../lib/paths.ts';

/** The Copy signals menu's links (SPEC §2 "Menus"), in SPEC's order. */
export const COPY_SIGNALS_MENU: readonly MenuLink[] = [
  { path: PATHS.addPhone, labelKey: 'nav.addphone', Icon: PhoneIphoneIcon },
  { path: PATHS.channelsList, labelKey: 'nav.channelsList', Icon: PlaylistAddCheckIcon },
  { path: PATHS.configureChannels, labelKey: 'nav.configureChannels', Icon: ForumIcon },
  { path: PATHS.readerParams, labelKey: 'nav.readerParams', Icon: TuneIcon },
  { path: PATHS.copyRooms, labelKey: 'nav.copySalas', Icon: GroupsIcon },
  // Not in SPEC: the signal tester sits with the channel screens it checks.
  { path: PATHS.signalTester, labelKey: 'nav.signalTester', Icon: ScienceIcon },
];
