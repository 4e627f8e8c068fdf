import type { MetaFollowSetting } from '@app/contract';
import { Alert, Checkbox, FormControlLabel } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../../components/cards/card-list.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedAction } from '../../../components/dialogs/use-confirmed-action.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { leaveMetaTrader, useMetaFollowSettings } from '../api/meta-follow-settings.ts';
import { MetaFollowCard } from './meta-follow-card.tsx';

/**
 * Follower MetaCopy config (`/configmetafollower`), SPEC §2: title, the Advanced checkbox, one
 * card per followed trader; Remove asks, then the list is read again.
 */
export function MetaFollowerConfigPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const queryClient = useQueryClient();
  const query = useMetaFollowSettings(userid);
  const [advanced, setAdvanced] = useState(false);
  const remove = useConfirmedAction(
    (setting: MetaFollowSetting) => leaveMetaTrader(userid, setting.traderid),
    { onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.follows.all }) },
  );
  return (
    <PageCard title={t('metaFollowerConfig.title')} maxWidth={1200}>
      <FormControlLabel
        sx={{ mb: 2 }}
        control={
          <Checkbox checked={advanced} onChange={(event) => setAdvanced(event.target.checked)} />
        }
        label={t('metaFollowerConfig.advanced')}
      />
      {remove.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={remove.clearError}>
          {t(dynamicKey(remove.error))}
        </Alert>
      )}
      <CardList
        query={query}
        keyOf={(setting) => setting.traderid}
        emptyText={t('metaFollowerConfig.empty')}
        label={t('metaFollowerConfig.title')}
        renderCard={(setting) => (
          <MetaFollowCard
            setting={setting}
            userid={userid}
            advanced={advanced}
            onRemove={remove.ask}
          />
        )}
      />
      <ConfirmDialog
        {...remove.dialog}
        title={t('follows.leave.title', { id: remove.target?.traderid ?? '' })}
        message={t('follows.leave.message')}
        confirmLabel={t('metaFollowerConfig.remove')}
      />
    </PageCard>
  );
}
