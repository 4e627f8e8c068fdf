import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '../../components/form/field-frame.tsx';
import { readBotIds, selectBot, storage } from '../../lib/storage.ts';

/** SPEC §2 "Shell": with more than one bot, a required selector; choosing reloads the panel. */
export function BotSelector() {
  const { t } = useTranslation();
  const id = useId();
  const bots = readBotIds();
  if (bots.length <= 1) return null;
  const current = storage.get('userId') ?? '';
  return (
    <FieldFrame
      id={id}
      label={t('shell.botSelector')}
      required
      select
      small
      // A virtual bot's id has 17 digits: on a phone the selector takes the bar's free width.
      sx={{ flex: { xs: '1 1 auto', sm: '0 0 auto' }, width: { sm: 220 }, minWidth: 0 }}
    >
      <select
        id={id}
        required
        value={bots.some((bot) => bot.userid === current) ? current : ''}
        onChange={(event) => {
          const bot = bots.find((candidate) => candidate.userid === event.target.value);
          if (!bot) return;
          selectBot(bot);
          window.location.reload();
        }}
      >
        {!bots.some((bot) => bot.userid === current) && <option value="" />}
        {bots.map((bot) => (
          <option key={bot.userid} value={bot.userid}>
            {bot.userid}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
