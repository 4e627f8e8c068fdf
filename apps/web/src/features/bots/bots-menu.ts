import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import TerminalIcon from '@mui/icons-material/Terminal';
import type { MenuLink } from '../../components/cards/link-menu.tsx';

/** The Bots page's links (SPEC §2 "Menus"), in SPEC's order. */
export const BOTS_MENU: readonly MenuLink[] = [
  { path: '/botcommands', labelKey: 'nav.botcommands', Icon: TerminalIcon },
  { path: '/botsmanager', labelKey: 'nav.botsmanager', Icon: PrecisionManufacturingIcon },
];
