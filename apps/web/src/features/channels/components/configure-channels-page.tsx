import type { ChannelSettings } from '@app/contract';
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
import { readBotIds } from '../../../lib/storage.ts';
import { removeChannel, useGroups } from '../api/channels.ts';
import { ChannelCard } from './channel-card.tsx';

/**
 * Channel configuration (`/configure-channels`), SPEC §2: one settings card per group, the
 * Advanced checkbox revealing the extra fields on every card, Remove behind a confirmation
 * (only a trader removes rooms, SPEC §6) and the list read again afterwards.
 */
export function ConfigureChannelsPage() {
  const { t } = useTranslation();
  const { userid, traderid, isTrader } = useCurrentBot();
  const queryClient = useQueryClient();
  const query = useGroups(userid, traderid);
  const [advanced, setAdvanced] = useState(false);
  const [traderOnly, setTraderOnly] = useState(false);
  const botIds = readBotIds().map((bot) => bot.userid);
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
  const remove = useConfirmedAction(
    (card: ChannelSettings) => removeChannel(userid, traderid, card.idNum),
    { onSuccess: reload },
  );

  return (
    <PageCard
      title={t('configureChannels.title')}
      subtitle={t('configureChannels.subtitle')}
      maxWidth={1200}
    >
      <FormControlLabel
        sx={{ mb: 2 }}
        control={
          <Checkbox checked={advanced} onChange={(event) => setAdvanced(event.target.checked)} />
        }
        label={t('configureChannels.advanced')}
      />
      {traderOnly && (
        <Alert severity="warning" sx={{ mb: 2 }} onClose={() => setTraderOnly(false)}>
          {t('channels.errors.traderOnlyRemove')}
        </Alert>
      )}
      {remove.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={remove.clearError}>
          {t(dynamicKey(remove.error))}
        </Alert>
      )}
      <CardList
        query={query}
        keyOf={(card) => card.idNum}
        emptyText={t('configureChannels.empty')}
        label={t('configureChannels.title')}
        renderCard={(card) => (
          <ChannelCard
            card={card}
            userid={userid}
            botIds={botIds}
            advanced={advanced}
            onSaved={() => void reload()}
            onRemove={(target) => (isTrader ? remove.ask(target) : setTraderOnly(true))}
          />
        )}
      />
      <ConfirmDialog
        {...remove.dialog}
        title={t('configureChannels.removeTitle', {
          name: remove.target?.name ?? remove.target?.idNum ?? '',
        })}
        message={t('configureChannels.removeMessage')}
        confirmLabel={t('configureChannels.remove')}
      />
    </PageCard>
  );
}
