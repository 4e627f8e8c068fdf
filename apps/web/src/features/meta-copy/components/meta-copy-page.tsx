import { useTranslation } from 'react-i18next';
import { LinkMenu } from '../../../components/cards/link-menu.tsx';
import { OwnFollows } from '../../../components/follows/own-follows.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { META_COPY_MENU } from '../meta-copy-menu.ts';

interface MetaCopyPageProps {
  /** Whether a path has a screen: only built screens are linked. */
  isBuilt: (path: string) => boolean;
}

/**
 * MetaCopy menu (`/configmetatrader`, SPEC §2 "Menus"), and below it the bot's own MetaCopy
 * requests with their state (a request sent from `/followermetareq` lands here).
 */
export function MetaCopyPage({ isBuilt }: MetaCopyPageProps) {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  return (
    <PageCard title={t('metaCopy.title')}>
      <LinkMenu label={t('metaCopy.title')} links={META_COPY_MENU} isBuilt={isBuilt} />
      <OwnFollows userid={userid} product="meta" />
    </PageCard>
  );
}
