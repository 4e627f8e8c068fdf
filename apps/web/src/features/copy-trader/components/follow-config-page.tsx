import { FollowedCardsPage } from '../../../components/follows/followed-cards-page.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { removeFollowedTrader, useFollowedTraders } from '../api/followed-traders.ts';
import { FollowedTraderCard } from './followed-trader-card.tsx';

/**
 * Follower configuration for copy trading (`/configfollow`), SPEC §2: one card per followed
 * trader; the Advanced checkbox reveals min, max, delay and broker on every card; Remove asks,
 * then the list is read again.
 */
export function FollowConfigPage() {
  const { userid } = useCurrentBot();
  return (
    <FollowedCardsPage
      area="copyTrader.followConfig"
      query={useFollowedTraders(userid)}
      traderOf={(card) => card.traderID}
      leave={(card) => removeFollowedTrader(userid, card.traderID)}
      renderCard={(card, advanced, onRemove) => (
        <FollowedTraderCard card={card} userid={userid} advanced={advanced} onRemove={onRemove} />
      )}
    />
  );
}
