import { useTranslation } from 'react-i18next';
import { FollowersSection } from '../../../components/follows/followers-section.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { removeMetaFollower, useMetaFollowers } from '../api/meta-followers.ts';

/**
 * The bot's MetaCopy followers (`/followerslist`, 'Lista de seguidores'), SPEC §2: the requests
 * waiting for an answer, then one card per follower with Remover, Info and Exp.
 */
export function MetaFollowersPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const query = useMetaFollowers(userid);
  return (
    <PageCard title={t('metaCopy.followers.title')} maxWidth={1200}>
      <FollowersSection
        userid={userid}
        product="meta"
        query={query}
        remove={(follower) => removeMetaFollower(userid, follower.id, follower.name)}
      />
    </PageCard>
  );
}
