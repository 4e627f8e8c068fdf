import { BOT_COMMAND_CODES, BotCommandSchema, checkBotCommand } from '@app/contract';
import { Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormShell, SelectField } from '../../../components/form/index.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';

import { sendBotCommand } from '../api/bot-commands.ts';
import {
  EMPTY_BOT_COMMAND_FORM,
  toBotCommandBody,
  type BotCommandForm,
} from '../bot-command-form.ts';
import { RecentCommands } from './recent-commands.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { useShellForm } from '../../../components/form/form-area.ts';

/** One line on what the chosen command does. */
function CommandHelp() {
  const { t } = useTranslation();
  const botCmd = useWatch<BotCommandForm, 'botCmd'>({
    control: useShellForm<BotCommandForm>().control,
    name: 'botCmd',
  });
  if (botCmd === '') return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} aria-live="polite">
      {t(dynamicKey(`botCommands.commandHelp.${botCmd}`))}
    </Typography>
  );
}

/** Bot commands (`/botcommands`), SPEC §2, §4 and §5: pick one of the 16 and send it. */
export function BotCommandsPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const queryClient = useQueryClient();

  return (
    <PageCard title={t('botCommands.title')} subtitle={t('botCommands.subtitle')} maxWidth={720}>
      <FormShell
        area="botCommands"
        defaultValues={EMPTY_BOT_COMMAND_FORM}
        rule={checkBotCommand}
        toBody={(form) => toBotCommandBody(form, userid)}
        schema={BotCommandSchema}
        onSubmit={sendBotCommand}
        onSuccess={() =>
          void queryClient.invalidateQueries({ queryKey: queryKeys.botCommands.of(userid) })
        }
        successKey="botCommands.sent"
        submitKey="botCommands.send"
      >
        <SelectField name="botCmd" options={BOT_COMMAND_CODES} enumName="botCommand" />
        <CommandHelp />
      </FormShell>
      <RecentCommands userid={userid} />
    </PageCard>
  );
}
