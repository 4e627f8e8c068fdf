import type { CopyProduct, IncomingRequest } from '@app/contract';
import { Alert, Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/keys.ts';
import { errorKey } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { QueryState } from '../notices/query-state.tsx';
import { formatExpiryDateTime } from './expiry.ts';
import { answerRequest, useIncomingRequests } from './follows-api.ts';

interface IncomingRequestsProps {
  userid: string;
  product: CopyProduct;
}

/**
 * Requests to follow the caller's bot in one product, waiting for its answer: Accept
 * makes the requester a follower (it then receives copies), Refuse closes the request.
 */
export function IncomingRequests({ userid, product }: IncomingRequestsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const query = useIncomingRequests(userid, product);
  const answer = useMutation({
    mutationFn: ({ request, accept }: { request: IncomingRequest; accept: boolean }) =>
      answerRequest(userid, request.id, product, accept),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.follows.all }),
  });
  const requests = query.data ?? [];

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mb: 3 }}>
      <Typography id={titleId} variant="h6" component="h2" gutterBottom>
        {t('copyTrader.follows.requests.title')}
      </Typography>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        {requests.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('copyTrader.follows.requests.empty')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {requests.map((request) => (
              <ListItem
                key={request.id}
                divider
                disableGutters
                sx={{ flexWrap: 'wrap', gap: 1 }}
                aria-label={request.name || request.id}
              >
                <ListItemText
                  primary={request.name || request.id}
                  secondary={`${t('copyTrader.follows.card.id', { id: request.id })} · ${
                    formatExpiryDateTime(Math.floor(request.requestedAt / 1000)) ?? ''
                  }`}
                  sx={{ minWidth: 180 }}
                />
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    variant="contained"
                    disabled={answer.isPending}
                    onClick={() => answer.mutate({ request, accept: true })}
                  >
                    {t('copyTrader.follows.requests.accept')}
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    disabled={answer.isPending}
                    onClick={() => answer.mutate({ request, accept: false })}
                  >
                    {t('copyTrader.follows.requests.refuse')}
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </QueryState>
      {answer.isError && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => answer.reset()}>
          {t(dynamicKey(errorKey(answer.error)))}
        </Alert>
      )}
    </Box>
  );
}
