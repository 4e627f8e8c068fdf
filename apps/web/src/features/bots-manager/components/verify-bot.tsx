import type { Bot } from '@app/contract';
import { Alert, Box, Button, Chip, Stack, TextField, Tooltip } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../../i18n/keys.ts';
import { errorKey } from '../../../lib/api.ts';
import { dateTimeFormat } from '../../../lib/intl-format.ts';
import { resendBotCode, useRefreshBots, verifyBot } from '../api/bots-manager.ts';

/**
 * A pending messaging-app bot: the code the robot's messaging bot sent to its id, a
 * Verify button and a Resend button. Pending bots can be configured but do not trade.
 * A pending virtual bot is one suspended by a take-back of its source id: it says so, no code.
 */
export function VerifyBot({
  bot,
  extra,
  onVerified,
}: {
  bot: Bot;
  extra?: ReactNode;
  /** Told once the code verified the bot: this form then leaves the page with the bot pending. */
  onVerified?: ((userid: string) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const refresh = useRefreshBots();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'error' | 'success'; key: string } | null>(null);

  async function run(action: () => Promise<unknown>, doneKey: string, reload: boolean) {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      setNotice({ severity: 'success', key: doneKey });
      if (reload) {
        onVerified?.(bot.userid);
        await refresh();
      }
    } catch (err) {
      setNotice({ severity: 'error', key: errorKey(err) });
    } finally {
      setBusy(false);
    }
  }

  // A virtual bot has no chat to prove: it is pending only while its source id is taken back.
  if (bot.virtual) {
    return (
      <Box sx={{ mt: 1 }}>
        <Chip size="small" color="warning" label={t('botsManager.verify.suspended')} />
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('botsManager.verify.virtualSuspended', {
            date: dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
              bot.takenBackAt ?? 0,
            ),
          })}
        </Alert>
      </Box>
    );
  }

  return (
    <Box sx={{ mt: 1 }}>
      <Tooltip
        title={`${t('botsManager.verify.pendingHelp')} ${t('botsManager.verify.pendingNote')}`}
      >
        <Chip size="small" color="warning" label={t('botsManager.verify.pending')} />
      </Tooltip>
      {bot.takenBackAt !== undefined ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('telegramBot.verify.takenBack', {
            userid: bot.userid,
            date: dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
              bot.takenBackAt,
            ),
          })}
        </Alert>
      ) : null}
      {extra ? <Box sx={{ mt: 1 }}>{extra}</Box> : null}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => verifyBot(bot.userid, code.trim()), 'botsManager.verify.verified', true);
        }}
      >
        <TextField
          size="small"
          label={t('botsManager.verify.codeShort')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
              // The visible label is short; the accessible name says which bot.
              'aria-label': t('botsManager.verify.code', { userid: bot.userid }),
            },
          }}
          sx={{ width: 200 }}
        />
        <Button
          type="submit"
          variant="contained"
          size="small"
          disabled={busy || code.trim() === ''}
        >
          {t('botsManager.verify.submit')}
        </Button>
        <Button
          size="small"
          disabled={busy}
          onClick={() =>
            void run(() => resendBotCode(bot.userid), 'botsManager.verify.sent', false)
          }
        >
          {t('botsManager.verify.resend')}
        </Button>
      </Stack>
      {notice ? (
        <Alert
          severity={notice.severity}
          role={notice.severity === 'error' ? 'alert' : 'status'}
          sx={{ mt: 1 }}
        >
          {t(dynamicKey(notice.key))}
        </Alert>
      ) : null}
    </Box>
  );
}
