import { botsEndpoints } from '@app/contract';
import { Alert, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../../lib/api.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { PATHS } from '../../../lib/paths.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { VerifyOnTelegram } from './verify-on-telegram.tsx';

/** How often the bot list is read again while the current bot is pending (a tap verifies it). */
export const PENDING_REFRESH_MS = 3000;

/**
 * Home's first step after registration: while the current bot is pending, "Verificar no
 * Telegram" (and the 6-digit code as the fallback). It disappears by itself once the operator's
 * bot verified the id: the list is read again every few seconds while a bot is pending.
 */
export function PendingBotNotice() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const bots = useQuery({
    queryKey: queryKeys.botsManager.of(userid),
    queryFn: () => api(botsEndpoints.getBots, { query: { userid } }),
    enabled: userid !== '',
    retry: false,
    // Home's first read (`FirstReads`) just fetched this list: not again on mount.
    staleTime: PENDING_REFRESH_MS,
    refetchInterval: (q) =>
      q.state.data?.some((b) => b.verified === false) ? PENDING_REFRESH_MS : false,
  }).data;
  const current = bots?.find((b) => b.userid === userid);
  if (!current || current.verified !== false || current.virtual) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <Stack spacing={1}>
        <Typography variant="body2">
          {t('telegramBot.verify.pendingTitle', { userid: current.userid })}
        </Typography>
        <div>
          <VerifyOnTelegram userid={current.userid} />
        </div>
        <Link component={RouterLink} to={PATHS.botsManager} variant="body2">
          {t('telegramBot.verify.codeFallback')}
        </Link>
      </Stack>
    </Alert>
  );
}
