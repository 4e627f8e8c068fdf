import type { BotCommandEntry } from '@app/contract';
import {
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
  type ChipProps,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { useRecentBotCommands } from '../api/bot-commands.ts';
import { commandReply, replyText } from '../command-reply.ts';
import { dateTimeFormat } from '../../../lib/intl-format.ts';

const STATUS_COLOR: Record<BotCommandEntry['status'], ChipProps['color']> = {
  queued: 'default',
  done: 'success',
  failed: 'error',
};

/**
 * The "Comandos recentes" list under the form: name, time in the trader's locale, status, and
 * the robot's translated reply once it applied the command.
 */
export function RecentCommands({ userid }: { userid: string }) {
  const { t, i18n } = useTranslation();
  const query = useRecentBotCommands(userid);
  const time = dateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
  const headingId = 'recent-commands-heading';

  return (
    <section aria-labelledby={headingId}>
      <Typography
        variant="subtitle1"
        component="h2"
        id={headingId}
        sx={{ mt: 4, mb: 1, fontWeight: 600 }}
      >
        {t('botCommands.recent')}
      </Typography>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        {query.data?.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('botCommands.empty')}
          </Typography>
        ) : (
          <List dense aria-labelledby={headingId} disablePadding>
            {query.data?.map((entry) => {
              // A queued command has no answer yet; a settled one shows the robot's, translated.
              const reply = entry.status === 'queued' ? null : commandReply(entry.reply);
              return (
                <ListItem key={entry.id} divider disableGutters>
                  <Stack
                    direction="row"
                    sx={{
                      width: '100%',
                      alignItems: 'center',
                      justifyContent: 'space-between',
                      gap: 1,
                    }}
                  >
                    <ListItemText
                      sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                      primary={t(dynamicKey(`enums.botCommand.${entry.botCmd}`))}
                      secondary={
                        <>
                          <time dateTime={new Date(entry.createdAt).toISOString()}>
                            {time.format(entry.createdAt)}
                          </time>
                          {reply ? (
                            <Typography
                              component="span"
                              variant="body2"
                              sx={{ display: 'block', color: 'text.primary', mt: 0.5 }}
                            >
                              {replyText(t, i18n.language, reply)}
                            </Typography>
                          ) : null}
                        </>
                      }
                    />
                    <Chip
                      size="small"
                      color={STATUS_COLOR[entry.status]}
                      label={t(dynamicKey(`botCommands.status.${entry.status}`))}
                    />
                  </Stack>
                </ListItem>
              );
            })}
          </List>
        )}
      </QueryState>
    </section>
  );
}
