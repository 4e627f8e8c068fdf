import TelegramIcon from '@mui/icons-material/Telegram';
import { Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useTelegramBotName } from '../../../lib/telegram-bot-name.ts';
import { useVerifyLink } from '../api/telegram-bot.ts';

/**
 * "Verificar no Telegram" for a pending bot: a t.me deep link with a one-time token. Opened by
 * the Telegram account whose id the bot claims, the operator's bot verifies it; the panel sees it
 * on its next read (the bot lists re-read every few seconds while a bot is pending). Without an
 * operator bot it says where the 6-digit codes go instead.
 */
export function VerifyOnTelegram({ userid }: { userid: string }) {
  const { t } = useTranslation();
  const botName = useTelegramBotName();
  const link = useVerifyLink(userid, botName !== null);
  if (botName === null) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('telegramBot.verify.noBot')}
      </Typography>
    );
  }
  const url = link.data?.url ?? null;
  return (
    <>
      <Button
        variant="contained"
        size="small"
        startIcon={<TelegramIcon />}
        href={url ?? '#'}
        target="_blank"
        rel="noopener noreferrer"
        disabled={url === null}
      >
        {t('telegramBot.verify.button')} {t('common.newTab')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('telegramBot.verify.help', { userid, bot: botName })}
      </Typography>
    </>
  );
}
