import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import TuneIcon from '@mui/icons-material/Tune';
import type { MenuLink } from '../../components/cards/link-menu.tsx';

/** The Copy signals menu's links (SPEC §2 "Menus"), in SPEC's order. */
export const COPY_SIGNALS_MENU: readonly MenuLink[] = [
  { path: '/addphone', labelKey: 'nav.addphone', Icon: PhoneIphoneIcon },
  { path: '/channels-list', labelKey: 'nav.channelsList', Icon: PlaylistAddCheckIcon },
  { path: '/configure-channels', labelKey: 'nav.configureChannels', Icon: ForumIcon },
  { path: '/reader-params', labelKey: 'nav.readerParams', Icon: TuneIcon },
  { path: '/copy-salas', labelKey: 'nav.copySalas', Icon: GroupsIcon },
];
