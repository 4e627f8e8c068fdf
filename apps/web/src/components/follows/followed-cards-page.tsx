import { Alert, Checkbox, FormControlLabel } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/keys.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { CardList } from '../cards/card-list.tsx';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { useConfirmedAction } from '../dialogs/use-confirmed-action.ts';
import { PageCard } from '../layout/page-card.tsx';

interface FollowedCardsPageProps<T> {
  /** The screen's i18n area: its `title`, `advanced`, `empty` and `remove` texts. */
  area: 'copyTrader.followConfig' | 'metaFollowerConfig';
  /** The follower's cards, one per followed trader. */
  query: { isPending: boolean; error: unknown; refetch: () => unknown; data?: readonly T[] };
  /** The followed trader's bot id of a card. */
  traderOf: (card: T) => string;
  /** Ends the follow of a card's trader (after the trader's confirmation dialog). */
  leave: (card: T) => Promise<unknown>;
  renderCard: (card: T, advanced: boolean, onRemove: (card: T) => void) => ReactNode;
}

/**
 * A follower's settings for the traders it follows, one card each (SPEC §2 `/configfollow` and
 * `/configmetafollower`): the Advanced checkbox reveals the advanced fields of every card;
 * Remove asks, then every follow read is read again.
 */
export function FollowedCardsPage<T>({
  area,
  query,
  traderOf,
  leave,
  renderCard,
}: FollowedCardsPageProps<T>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [advanced, setAdvanced] = useState(false);
  const remove = useConfirmedAction(leave, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.follows.all }),
  });
  return (
    <PageCard title={t(`${area}.title`)} maxWidth={1200}>
      <FormControlLabel
        sx={{ mb: 2 }}
        control={
          <Checkbox checked={advanced} onChange={(event) => setAdvanced(event.target.checked)} />
        }
        label={t(`${area}.advanced`)}
      />
      {remove.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={remove.clearError}>
          {t(dynamicKey(remove.error))}
        </Alert>
      )}
      <CardList
        query={query}
        keyOf={traderOf}
        emptyText={t(`${area}.empty`)}
        label={t(`${area}.title`)}
        renderCard={(card) => renderCard(card, advanced, remove.ask)}
      />
      <ConfirmDialog
        {...remove.dialog}
        title={t('copyTrader.follows.leave.title', {
          id: remove.target ? traderOf(remove.target) : '',
        })}
        message={t('copyTrader.follows.leave.message')}
        confirmLabel={t(`${area}.remove`)}
      />
    </PageCard>
  );
}
