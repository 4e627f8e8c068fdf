import { EXPIRY_WARNING_DAYS } from '@app/contract';
import { Alert, Button, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { expiryState, formatBotExpiry } from '../../../lib/bot-expiry.ts';
import { botsQuery } from '../../../lib/bots-query.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { PATHS } from '../../../lib/paths.ts';

/**
 * The home dashboard's expiry line: until when the current bot is paid, and a warning
 * for each bot of the account whose paid period ends within EXPIRY_WARNING_DAYS, or has ended
 * (the robot then opens no new trades), with a renew link. A bot that never paid is on its free
 * trial: the same lines say "trial" and the link says "buy".
 */
function warningKey(state: 'expired' | 'soon' | null, trial: boolean) {
  if (trial) return state === 'expired' ? 'expiryWarning.trialExpired' : 'expiryWarning.trialSoon';
  return state === 'expired' ? 'expiryWarning.expired' : 'expiryWarning.soon';
}

export function ExpiryWarning({ canRenew }: { canRenew: boolean }) {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const bots = useQuery(botsQuery(userid)).data;
  const nowSec = Math.floor(Date.now() / 1000);
  const due = (bots ?? [])
    .map((b) => ({ bot: b, state: expiryState(b.botexp, nowSec, EXPIRY_WARNING_DAYS) }))
    .filter((x) => x.state !== null);
  const current = (bots ?? []).find((b) => b.userid === userid);
  const paid =
    current !== undefined && current.botexp > nowSec && !due.some((x) => x.bot === current);
  if (due.length === 0 && !paid) return null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      {paid ? (
        <Alert severity="info">
          {t(current.trial === true ? 'expiryWarning.trialUntil' : 'expiryWarning.paidUntil', {
            userid: current.userid,
            date: formatBotExpiry(current.botexp) ?? '',
          })}
        </Alert>
      ) : null}
      {due.map(({ bot, state }) => (
        <Alert
          key={bot.userid}
          severity={state === 'expired' ? 'error' : 'warning'}
          action={
            canRenew ? (
              <Button color="inherit" size="small" component={RouterLink} to={PATHS.buy}>
                {t(bot.trial === true ? 'expiryWarning.buy' : 'expiryWarning.renew')}
              </Button>
            ) : undefined
          }
        >
          {t(warningKey(state, bot.trial === true), {
            userid: bot.userid,
            date: formatBotExpiry(bot.botexp) ?? '',
          })}
        </Alert>
      ))}
    </Stack>
  );
}
