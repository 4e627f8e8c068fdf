import { NOTICE_MS } from '@app/contract';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkMenu } from '../../../components/cards/link-menu.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useTimedFlag } from '../../../components/notices/use-timed-flag.ts';
import { dynamicKey } from '../../../i18n/keys.ts';
import { errorKey } from '../../../lib/api.ts';
import { storage } from '../../../lib/storage.ts';
import { deleteReader, resetReader } from '../api/reader.ts';
import { COPY_SIGNALS_MENU } from '../copy-signals-menu.ts';

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
  const userid = storage.get('userId') ?? '';
  const sent = useTimedFlag(NOTICE_MS);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const command = useMutation({
    mutationFn: (action: 'reset' | 'delete') =>
      action === 'reset' ? resetReader(userid) : deleteReader(userid),
    onMutate: () => sent.hide(),
    onSuccess: () => {
      setConfirmDelete(false);
      sent.show();
    },
  });

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
          <Button
            variant="contained"
            disabled={command.isPending}
            onClick={() => command.mutate('reset')}
          >
            {t('copySignals.reader.reset')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={command.isPending}
            onClick={() => setConfirmDelete(true)}
          >
            {t('copySignals.reader.delete')}
          </Button>
        </Stack>
        {sent.visible && (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            {t('copySignals.reader.sent')}
          </Alert>
        )}
        {command.isError && (
          <Alert severity="error" sx={{ mt: 2 }} onClose={() => command.reset()}>
            {t(dynamicKey(errorKey(command.error)))}
          </Alert>
        )}
      </Box>

      <ConfirmDialog
        open={confirmDelete}
        title={t('copySignals.reader.deleteTitle')}
        message={t('copySignals.reader.deleteMessage')}
        confirmLabel={t('copySignals.reader.delete')}
        busy={command.isPending}
        onConfirm={() => command.mutate('delete')}
        onCancel={() => setConfirmDelete(false)}
      />
    </PageCard>
  );
}
