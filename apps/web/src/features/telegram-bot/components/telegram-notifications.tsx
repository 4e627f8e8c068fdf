import { TELEGRAM_NOTIFY_KINDS, type TelegramKinds, type TelegramNotifyKind } from '@app/contract';
import { Alert, FormControlLabel, FormGroup, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../../i18n/keys.ts';
import { errorKey } from '../../../lib/api.ts';
import { useSaveTelegramNotifications, useTelegramNotifications } from '../api/telegram-bot.ts';

/**
 * The Telegram notifications of one bot: a switch per kind (all on until switched off), saved
 * on each change, and a warning when the chat blocked the operator's bot.
 */
export function TelegramNotifications({ userid }: { userid: string }) {
  const { t } = useTranslation();
  const query = useTelegramNotifications(userid);
  const save = useSaveTelegramNotifications(userid);
  const [error, setError] = useState<string | null>(null);
  const data = query.data;
  if (!data) return null;

  async function toggle(kind: TelegramNotifyKind, on: boolean) {
    if (!data) return;
    setError(null);
    const kinds: TelegramKinds = { ...data.kinds, [kind]: on };
    try {
      await save(kinds);
    } catch (err) {
      setError(errorKey(err));
    }
  }

  return (
    <section aria-labelledby="telegram-notifications-title">
      <Typography id="telegram-notifications-title" variant="h6" component="h2" sx={{ mt: 3 }}>
        {t('telegramBot.notifications.title', { userid })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(
          data.configured
            ? 'telegramBot.notifications.subtitle'
            : 'telegramBot.notifications.notConfigured',
        )}
      </Typography>
      {data.reachable ? null : (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('telegramBot.notifications.unreachable')}
        </Alert>
      )}
      {error ? (
        <Alert severity="error" role="alert" sx={{ mb: 1 }}>
          {t(dynamicKey(error))}
        </Alert>
      ) : null}
      <FormGroup>
        {TELEGRAM_NOTIFY_KINDS.map((kind) => (
          <FormControlLabel
            key={kind}
            control={
              <Switch
                checked={data.kinds[kind]}
                onChange={(e) => void toggle(kind, e.target.checked)}
              />
            }
            label={t(dynamicKey(`telegramBot.notifications.kinds.${kind}`))}
          />
        ))}
      </FormGroup>
    </section>
  );
}
