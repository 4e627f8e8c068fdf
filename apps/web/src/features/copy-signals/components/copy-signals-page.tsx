import { NOTICE_MS } from '@app/contract';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LinkMenu } from '../../../components/cards/link-menu.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedAction } from '../../../components/dialogs/use-confirmed-action.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useTimedFlag } from '../../../components/notices/use-timed-flag.ts';
import { dynamicKey } from '../../../i18n/keys.ts';

import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useReaderStatus } from '../../../lib/reader-status.ts';
import { deleteReader, resetReader } from '../api/reader.ts';
import { ReaderStatusView } from './reader-status.tsx';
import { COPY_SIGNALS_MENU } from '../copy-signals-menu.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';

interface CopySignalsPageProps {
  /** Whether a path has a screen: only built screens are linked, like the home menu. */
  isBuilt: (path: string) => boolean;
}

/**
 * Copy signals menu (`/copysignals`, SPEC §2 "Menus"): links to the channel screens and two
 * buttons that send a command to the bot's signal reader, then say 'Comando enviado'. Deleting
 * the reader asks first: the trader has to connect the phone again afterwards.
 */
export function CopySignalsPage({ isBuilt }: CopySignalsPageProps) {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const sent = useTimedFlag(NOTICE_MS);
  const queryClient = useQueryClient();
  const status = useReaderStatus(userid);
  const command = useConfirmedAction(
    (action: 'reset' | 'delete') => {
      sent.hide();
      return action === 'reset' ? resetReader(userid) : deleteReader(userid);
    },
    {
      onSuccess: () => {
        sent.show();
        void queryClient.invalidateQueries({ queryKey: queryKeys.readerStatus.all });
      },
    },
  );

  return (
    <PageCard title={t('copySignals.title')} subtitle={t('copySignals.subtitle')}>
      <LinkMenu label={t('copySignals.title')} links={COPY_SIGNALS_MENU} isBuilt={isBuilt} />

      <Box component="section" aria-labelledby="reader-title" sx={{ mt: 4 }}>
        <Typography id="reader-title" variant="h6" component="h2" gutterBottom>
          {t('copySignals.reader.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('copySignals.reader.help')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" disabled={command.busy} onClick={() => command.run('reset')}>
            {t('copySignals.reader.reset')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={command.busy}
            onClick={() => command.ask('delete')}
          >
            {t('copySignals.reader.delete')}
          </Button>
        </Stack>
        {sent.visible && (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            {t('copySignals.reader.sent')}
          </Alert>
        )}
        {command.error && (
          <Alert severity="error" sx={{ mt: 2 }} onClose={command.clearError}>
            {t(dynamicKey(command.error))}
          </Alert>
        )}
        {status.data && <ReaderStatusView status={status.data} userid={userid} />}
      </Box>

      <ConfirmDialog
        {...command.dialog}
        title={t('copySignals.reader.deleteTitle')}
        message={t('copySignals.reader.deleteMessage')}
        confirmLabel={t('copySignals.reader.delete')}
      />
    </PageCard>
  );
}
