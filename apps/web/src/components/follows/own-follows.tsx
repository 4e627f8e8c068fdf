import type { CopyProduct, OwnFollow } from '@app/contract';
import { Box, Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../notices/query-state.tsx';
import { formatExpiryDate } from './expiry.ts';
import { useOwnFollows } from './follows-api.ts';

interface OwnFollowsProps {
  userid: string;
  product: CopyProduct;
}

const STATE_COLOR = {
  pending: 'warning',
  accepted: 'success',
  refused: 'error',
  expired: 'default',
} as const;

/** What the follower sees of one follow: its state, or 'expired' when the trader's date passed. */
function stateOf(follow: OwnFollow): keyof typeof STATE_COLOR {
  return follow.state === 'accepted' && follow.expired ? 'expired' : follow.state;
}

/**
 * The caller's requests and follows in one product: each trader with the state of the
 * request, and for an accepted one its expiry, or why it receives nothing (expired).
 */
export function OwnFollows({ userid, product }: OwnFollowsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useOwnFollows(userid, product);
  const follows = query.data ?? [];
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 4 }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {t('copyTrader.follows.own.title')}
      </Typography>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        {follows.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('copyTrader.follows.own.empty')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {follows.map((follow) => {
              const state = stateOf(follow);
              const expiry = formatExpiryDate(follow.expCopy);
              return (
                <ListItem
                  key={follow.traderid}
                  divider
                  disableGutters
                  sx={{ flexWrap: 'wrap', gap: 1 }}
                  aria-label={t('copyTrader.follows.own.trader', { id: follow.traderid })}
                >
                  <ListItemText
                    primary={t('copyTrader.follows.own.trader', { id: follow.traderid })}
                    secondary={
                      state === 'expired'
                        ? t('copyTrader.follows.own.expiredHelp', { date: expiry ?? '' })
                        : state !== 'accepted'
                          ? undefined
                          : expiry === null
                            ? t('copyTrader.follows.card.noExpiry')
                            : t('copyTrader.follows.card.expires', { date: expiry })
                    }
                    sx={{ minWidth: 180 }}
                  />
                  <Chip
                    size="small"
                    color={STATE_COLOR[state]}
                    label={t(`copyTrader.follows.own.state.${state}`)}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </QueryState>
    </Box>
  );
}
