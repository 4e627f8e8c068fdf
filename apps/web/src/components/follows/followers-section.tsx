import type { CopyProduct } from '@app/contract';
import { Alert, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/keys.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { CardList } from '../cards/card-list.tsx';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { useConfirmedAction } from '../dialogs/use-confirmed-action.ts';
import { FollowerCard, type FollowerItem } from './follower-card.tsx';
import { IncomingRequests } from './incoming-requests.tsx';

interface FollowersSectionProps {
  userid: string;
  product: CopyProduct;
  /** The product's follower read (`/getfollowers` or `/getmetafollow`). */
  query: {
    isPending: boolean;
    error: unknown;
    refetch: () => unknown;
    data?: readonly FollowerItem[];
  };
  /** The product's removal (`/followremove` or `/removemetafol`). */
  remove: (follower: FollowerItem) => Promise<unknown>;
}

/**
 * A trader's followers in one product (SPEC §2 "Followers list"): the pending requests to answer
 * first, then a card per accepted follower; Remover asks, then the list is read again.
 */
export function FollowersSection({ userid, product, query, remove }: FollowersSectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.follows.all });
  const removal = useConfirmedAction(remove, { onSuccess: reload });
  return (
    <>
      <IncomingRequests userid={userid} product={product} />
      <Typography variant="h6" component="h2" gutterBottom>
        {t('copyTrader.follows.followers.title')}
      </Typography>
      {removal.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={removal.clearError}>
          {t(dynamicKey(removal.error))}
        </Alert>
      )}
      <CardList
        query={query}
        keyOf={(follower) => follower.id}
        emptyText={t('copyTrader.follows.followers.empty')}
        label={t('copyTrader.follows.followers.title')}
        renderCard={(follower) => (
          <FollowerCard
            follower={follower}
            product={product}
            userid={userid}
            onRemove={removal.ask}
            onExpirySaved={() => void reload()}
          />
        )}
      />
      <ConfirmDialog
        {...removal.dialog}
        title={t('copyTrader.follows.followers.removeTitle', {
          name: removal.target?.name || removal.target?.id || '',
        })}
        message={t('copyTrader.follows.followers.removeMessage')}
        confirmLabel={t('copyTrader.follows.card.remove')}
      />
    </>
  );
}
