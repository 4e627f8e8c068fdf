import { useTranslation } from 'react-i18next';
import { FollowersSection } from '../../../components/follows/followers-section.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { removeCopyFollower, useCopyFollowers } from '../api/copy-followers.ts';

/**
 * The bot's copy followers (`/followerscopy`), SPEC §2 "Followers list" for copy trading: the
 * requests waiting for an answer, then one card per follower with Remover, Info and Exp.
 */
export function CopyFollowersPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const query = useCopyFollowers(userid);
  return (
    <PageCard title={t('copyTrader.followers.title')} maxWidth={1200}>
      <FollowersSection
        userid={userid}
        product="copy"
        query={query}
        remove={(follower) => removeCopyFollower(userid, follower.id)}
      />
    </PageCard>
  );
}
