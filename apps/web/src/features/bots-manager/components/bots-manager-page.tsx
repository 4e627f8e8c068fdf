import type { Bot } from '@app/contract';
import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedAction } from '../../../components/dialogs/use-confirmed-action.ts';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { storage } from '../../../lib/storage.ts';
import { removeBot, useAccountBots, useRefreshBots } from '../api/bots-manager.ts';
import { BotsTable, RENEW_PATH } from './bots-table.tsx';
import { CreateBotDialog } from './create-bot-dialog.tsx';
import { useSession } from '../../../lib/session.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';

interface BotsManagerPageProps {
  /** Whether a path has a screen: the renew link appears once the buy page exists. */
  isBuilt: (path: string) => boolean;
  /** What a pending bot offers besides the code (composed by app/routes.tsx). */
  verifyExtra?: (bot: Bot) => ReactNode;
  /** Below the list, for the current bot (its Telegram notifications; composed by the routes). */
  bottom?: (userid: string) => ReactNode;
}

/** Bot manager (`/botsmanager`), SPEC §2 and §4: the account's bots, create and remove. */
export function BotsManagerPage({ isBuilt, verifyExtra, bottom }: BotsManagerPageProps) {
  const { t } = useTranslation();
  // Re-render when the session is refreshed: the current bot may have changed.
  useSession();
  const { userid } = useCurrentBot();
  const email = storage.get('email') ?? '';
  const query = useAccountBots(userid);
  const refresh = useRefreshBots();
  const [creating, setCreating] = useState(false);
  const [verified, setVerified] = useState<string | null>(null);
  const remove = useConfirmedAction((bot: Bot) => removeBot(bot.userid), { onSuccess: refresh });
  const bots = query.data ?? [];

  return (
    <PageCard title={t('botsManager.title')} subtitle={t('botsManager.subtitle')}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          disabled={!query.data}
        >
          {t('botsManager.createButton')}
        </Button>
      </Box>
      {verified ? (
        <Alert severity="success" role="status" onClose={() => setVerified(null)} sx={{ mb: 2 }}>
          {t('botsManager.verify.verifiedBot', { userid: verified })}
        </Alert>
      ) : null}
      {remove.error ? (
        <Alert severity="error" onClose={remove.clearError} sx={{ mb: 2 }}>
          {t(dynamicKey(remove.error))}
        </Alert>
      ) : null}
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        {bots.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('botsManager.empty')}
          </Typography>
        ) : (
          <BotsTable
            bots={bots}
            nowSec={Math.floor(Date.now() / 1000)}
            canRenew={isBuilt(RENEW_PATH)}
            onRemove={remove.ask}
            verifyExtra={verifyExtra}
            onVerified={setVerified}
          />
        )}
      </QueryState>
      {bottom?.(userid)}
      <CreateBotDialog
        open={creating}
        bots={bots}
        userid={userid}
        email={email}
        onClose={() => setCreating(false)}
        onCreated={refresh}
      />
      <ConfirmDialog
        {...remove.dialog}
        title={t('botsManager.confirm.title')}
        message={t('botsManager.confirm.message', { userid: remove.target?.userid ?? '' })}
        confirmLabel={t('botsManager.confirm.action')}
      />
    </PageCard>
  );
}
