import { useTranslation } from 'react-i18next';
import { LinkMenu } from '../../../components/cards/link-menu.tsx';
import { OwnFollows } from '../../../components/follows/own-follows.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { COPY_TRADER_MENU } from '../copy-trader-menu.ts';

interface CopyTraderPageProps {
  /** Whether a path has a screen: only built screens are linked. */
  isBuilt: (path: string) => boolean;
}

/**
 * Copy trader menu (`/copytrader`, SPEC §2 "Menus"), and below it the bot's own requests with
 * their state: a request sent from `/copyrequest` lands here, so its answer shows here.
 */
export function CopyTraderPage({ isBuilt }: CopyTraderPageProps) {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  return (
    <PageCard title={t('copyTrader.title')}>
      <LinkMenu label={t('copyTrader.title')} links={COPY_TRADER_MENU} isBuilt={isBuilt} />
      <OwnFollows userid={userid} product="copy" />
    </PageCard>
  );
}
