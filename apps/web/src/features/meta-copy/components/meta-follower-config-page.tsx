import { FollowedCardsPage } from '../../../components/follows/followed-cards-page.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { leaveMetaTrader, useMetaFollowSettings } from '../api/meta-follow-settings.ts';
import { MetaFollowCard } from './meta-follow-card.tsx';

/**
 * Follower MetaCopy config (`/configmetafollower`), SPEC §2: title, the Advanced checkbox, one
 * card per followed trader; Remove asks, then the list is read again.
 */
export function MetaFollowerConfigPage() {
  const { userid } = useCurrentBot();
  return (
    <FollowedCardsPage
      area="metaFollowerConfig"
      query={useMetaFollowSettings(userid)}
      traderOf={(setting) => setting.traderid}
      leave={(setting) => leaveMetaTrader(userid, setting.traderid)}
      renderCard={(setting, advanced, onRemove) => (
        <MetaFollowCard setting={setting} userid={userid} advanced={advanced} onRemove={onRemove} />
      )}
    />
  );
}
