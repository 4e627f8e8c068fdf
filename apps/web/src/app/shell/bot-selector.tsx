import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { readBotIds, selectBot, storage } from '../../lib/storage.ts';

/** SPEC §2 "Shell": with more than one bot, a required selector; choosing reloads the panel. */
export function BotSelector() {
  const { t } = useTranslation();
  const bots = readBotIds();
  if (bots.length <= 1) return null;
  const current = storage.get('userId') ?? '';
  return (
    <TextField
      select
      required
      size="small"
      label={t('shell.botSelector')}
      value={bots.some((bot) => bot.userid === current) ? current : ''}
      onChange={(event) => {
        const bot = bots.find((candidate) => candidate.userid === event.target.value);
        if (!bot) return;
        selectBot(bot);
        window.location.reload();
      }}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: 140, sm: 180 }, flexShrink: 0 }}
    >
      {!bots.some((bot) => bot.userid === current) && <option value="" />}
      {bots.map((bot) => (
        <option key={bot.userid} value={bot.userid}>
          {bot.userid}
        </option>
      ))}
    </TextField>
  );
}
