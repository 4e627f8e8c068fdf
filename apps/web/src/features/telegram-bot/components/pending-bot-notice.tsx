import { Alert, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { botsQuery, isPendingBot } from '../../../lib/bots-query.ts';
import { dateTimeFormat } from '../../../lib/intl-format.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useStreamOpen } from '../../../lib/live-streams.ts';
import { VerifyOnTelegram } from './verify-on-telegram.tsx';

/** While the bot's live stream is not open, the bot list is read again this often. */
export const PENDING_REFRESH_MS = 5000;

/**
 * Home's first step after registration: while the current bot is pending, "Verificar no
 * Telegram" (and the 6-digit code as the fallback); when the id's own chat took the id back
 * from this account, why. It disappears by itself once the operator's bot verified the id: the
 * live stream says so (a `bot` event re-reads the list); only while no stream is open is the
 * list read again every few seconds.
 */
export function PendingBotNotice() {
  const { t, i18n } = useTranslation();
  const { userid } = useCurrentBot();
  const streaming = useStreamOpen(userid);
  const bots = useQuery({
    ...botsQuery(userid),
    refetchInterval: (q) =>
      !streaming && isPendingBot(q.state.data, userid) ? PENDING_REFRESH_MS : false,
  }).data;
  const current = bots?.find((b) => b.userid === userid);
  if (!current || current.verified !== false || current.virtual) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <Stack spacing={1}>
        <Typography variant="body2">
          {t('telegramBot.verify.pendingTitle', { userid: current.userid })}
        </Typography>
        {current.takenBackAt !== undefined ? (
          <Typography variant="body2">
            {t('telegramBot.verify.takenBack', {
              userid: current.userid,
              date: dateTimeFormat(i18n.language, {
                dateStyle: 'short',
                timeStyle: 'short',
              }).format(current.takenBackAt),
            })}
          </Typography>
        ) : null}
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
