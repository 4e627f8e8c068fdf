import { useTranslation } from 'react-i18next';
import { CardGrid } from '../../../components/cards/card-grid.tsx';
import { LinkCard } from '../../../components/cards/link-card.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { BOTS_MENU } from '../bots-menu.ts';

interface BotsPageProps {
  /** Whether a path has a screen: only built screens are linked, like the home menu. */
  isBuilt: (path: string) => boolean;
}

/** Bots page (`/botspage`), SPEC §2 "Menus": links to bot commands and bot manager. */
export function BotsPage({ isBuilt }: BotsPageProps) {
  const { t } = useTranslation();
  return (
    <PageCard title={t('botsPage.title')} subtitle={t('botsPage.subtitle')}>
      <CardGrid component="nav" label={t('botsPage.title')}>
        {BOTS_MENU.filter((link) => isBuilt(link.path)).map(({ path, labelKey, Icon }) => (
          <LinkCard key={path} Icon={Icon} label={t(labelKey)} to={path} />
        ))}
      </CardGrid>
    </PageCard>
  );
}
