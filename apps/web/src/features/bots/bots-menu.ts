import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import TerminalIcon from '@mui/icons-material/Terminal';
import type { SvgIconComponent } from '@mui/icons-material';
import type { I18nKey } from '../../i18n/keys.ts';

/** The Bots page's links (SPEC §2 "Menus"), in SPEC's order. */
export const BOTS_MENU: readonly { path: string; labelKey: I18nKey; Icon: SvgIconComponent }[] = [
  { path: '/botcommands', labelKey: 'nav.botcommands', Icon: TerminalIcon },
  { path: '/botsmanager', labelKey: 'nav.botsmanager', Icon: PrecisionManufacturingIcon },
];
