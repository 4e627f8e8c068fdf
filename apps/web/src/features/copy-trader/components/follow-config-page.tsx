import type { TraderFollow } from '@app/contract';
import { Alert, Checkbox, FormControlLabel } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../../components/cards/card-list.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedAction } from '../../../components/dialogs/use-confirmed-action.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { removeFollowedTrader, useFollowedTraders } from '../api/followed-traders.ts';
import { FollowedTraderCard } from './followed-trader-card.tsx';

/**
 * Follower configuration for copy trading (`/configfollow`), SPEC §2: one card per followed
 * trader; the Advanced checkbox reveals min, max, delay and broker on every card; Remove asks,
 * then the list is read again.
 */
export function FollowConfigPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const queryClient = useQueryClient();
  const query = useFollowedTraders(userid);
  const [advanced, setAdvanced] = useState(false);
  const remove = useConfirmedAction(
    (card: TraderFollow) => removeFollowedTrader(userid, card.traderID),
    { onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.follows.all }) },
  );
  return (
    <PageCard title={t('followConfig.title')} maxWidth={1200}>
      <FormControlLabel
        sx={{ mb: 2 }}
        control={
          <Checkbox checked={advanced} onChange={(event) => setAdvanced(event.target.checked)} />
        }
        label={t('followConfig.advanced')}
      />
      {remove.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={remove.clearError}>
          {t(dynamicKey(remove.error))}
        </Alert>
      )}
      <CardList
        query={query}
        keyOf={(card) => card.traderID}
        emptyText={t('followConfig.empty')}
        label={t('followConfig.title')}
        renderCard={(card) => (
          <FollowedTraderCard
            card={card}
            userid={userid}
            advanced={advanced}
            onRemove={remove.ask}
          />
        )}
      />
      <ConfirmDialog
        {...remove.dialog}
        title={t('follows.leave.title', { id: remove.target?.traderID ?? '' })}
        message={t('follows.leave.message')}
        confirmLabel={t('followConfig.remove')}
      />
    </PageCard>
  );
}
