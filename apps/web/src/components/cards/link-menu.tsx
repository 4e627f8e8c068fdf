import type { SvgIconComponent } from '@mui/icons-material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nKey } from '../../i18n/keys.ts';
import { CardGrid } from './card-grid.tsx';
import { LinkCard } from './link-card.tsx';

/** One entry of a menu of SPEC §2: a panel path, its label key and icon. */
export interface MenuLink {
  path: string;
  labelKey: I18nKey;
  Icon: SvgIconComponent;
}

interface LinkMenuProps {
  /** The menu's accessible name. */
  label: string;
  links: readonly MenuLink[];
  /** Whether a path has a screen: a route not built yet is absent, so its link is too. */
  isBuilt: (path: string) => boolean;
  /** Extra cards after the links (e.g. an external support link). */
  children?: ReactNode;
}

/** A menu of screens as a grid of link cards, showing only the screens that exist. */
export function LinkMenu({ label, links, isBuilt, children }: LinkMenuProps) {
  const { t } = useTranslation();
  return (
    <CardGrid component="nav" label={label}>
      {links
        .filter((link) => isBuilt(link.path))
        .map(({ path, labelKey, Icon }) => (
          <LinkCard key={path} Icon={Icon} label={t(labelKey)} to={path} />
        ))}
      {children}
    </CardGrid>
  );
}
