import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import TerminalIcon from '@mui/icons-material/Terminal';
import type { MenuLink } from '../../components/cards/link-menu.tsx';
import { PATHS } from '../../lib/paths.ts';

/** The Bots page's links (SPEC §2 "Menus"), in SPEC's order. */
export const BOTS_MENU: readonly MenuLink[] = [
  { path: PATHS.botCommands, labelKey: 'nav.botcommands', Icon: TerminalIcon },
  { path: PATHS.botsManager, labelKey: 'nav.botsmanager', Icon: PrecisionManufacturingIcon },
];
