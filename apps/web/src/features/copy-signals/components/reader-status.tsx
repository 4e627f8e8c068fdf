import type { ReaderStatus } from '@app/contract';
import { List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../../i18n/keys.ts';
import { dateTimeFormat } from '../../../lib/intl-format.ts';

/** `dd/mm hh:mm` in local time, as the panel's other lists write an instant. */
function when(ms: number, language: string): string {
  return dateTimeFormat(language, {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(ms));
}

/** What the bot's reader is doing: its source, connection, chats, and how the last resets went. */
export function ReaderStatusView({ status, userid }: { status: ReaderStatus; userid: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const facts = [
    status.source === 'telegram'
      ? t('copySignals.status.sourceTelegram')
      : t('copySignals.status.sourceInbox'),
    status.connected
      ? t('copySignals.status.connected', { phone: status.phone ?? '' })
      : t('copySignals.status.notConnected'),
    t('copySignals.status.chats', { count: status.chats }),
    status.lastMessageAt === null
      ? t('copySignals.status.noMessage')
      : t('copySignals.status.lastMessage', { time: when(status.lastMessageAt, language) }),
    // After Copiar salas the bot reads another trader's rooms: say whose.
    ...(status.roomsOf === userid
      ? []
      : [t('copySignals.status.roomsOf', { traderid: status.roomsOf })]),
  ];
  return (
    <>
      <Typography variant="subtitle1" component="h3" id="reader-status-title" sx={{ mt: 3 }}>
        {t('copySignals.status.title')}
      </Typography>
      <List dense aria-labelledby="reader-status-title" disablePadding>
        {facts.map((fact) => (
          <ListItem key={fact} disableGutters>
            <ListItemText primary={fact} />
          </ListItem>
        ))}
      </List>
      {status.requests.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h4" id="reader-requests-title" sx={{ mt: 1 }}>
            {t('copySignals.status.requests')}
          </Typography>
          <List dense aria-labelledby="reader-requests-title" disablePadding>
            {status.requests.map((request) => (
              <ListItem key={request.id} disableGutters>
                <ListItemText
                  primary={t('copySignals.status.request', {
                    action: t(dynamicKey(`copySignals.status.action.${request.action}`)),
                    when: when(request.settledAt ?? request.createdAt, language),
                    status: t(dynamicKey(`copySignals.status.state.${request.status}`)),
                  })}
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
    </>
  );
}
