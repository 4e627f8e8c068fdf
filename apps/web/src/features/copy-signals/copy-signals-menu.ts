import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import TuneIcon from '@mui/icons-material/Tune';
import type { SvgIconComponent } from '@mui/icons-material';
import type { I18nKey } from '../../i18n/keys.ts';

/** The Copy signals menu's links (SPEC §2 "Menus"), in SPEC's order. */
export const COPY_SIGNALS_MENU: readonly {
  path: string;
  labelKey: I18nKey;
  Icon: SvgIconComponent;
}[] = [
  { path: '/addphone', labelKey: 'nav.addphone', Icon: PhoneIphoneIcon },
  { path: '/channels-list', labelKey: 'nav.channelsList', Icon: PlaylistAddCheckIcon },
  { path: '/configure-channels', labelKey: 'nav.configureChannels', Icon: ForumIcon },
  { path: '/reader-params', labelKey: 'nav.readerParams', Icon: TuneIcon },
  { path: '/copy-salas', labelKey: 'nav.copySalas', Icon: GroupsIcon },
];
