import { MetaTraderRecordSchema, type MetaTraderRecord } from '@app/contract';
import { Box, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../../components/cards/card-list.tsx';
import { FormShell, TextField } from '../../../components/form/index.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveMetaRecord, useMetaRecords } from '../api/meta-records.ts';
import { newMetaRecord } from '../meta-record-form.ts';
import { MetaRecordCard } from './meta-record-card.tsx';

/**
 * Trader MetaCopy config (`/tradermetaconfig`), SPEC §2: a card per trader record, and a record
 * added by its trader id (SPEC §9's defaults, then tuned on its card). SPEC gives records no
 * remove (`/removemetadata` is the follower's, on `/configmetafollower`); a record is switched off.
 */
export function MetaTraderConfigPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const queryClient = useQueryClient();
  const query = useMetaRecords(userid);
  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.metaRecords.all });
  return (
    <PageCard title={t('metaTraderConfig.title')} maxWidth={1200}>
      <CardList
        query={query}
        keyOf={(record) => record.traderid}
        emptyText={t('metaTraderConfig.empty')}
        label={t('metaTraderConfig.title')}
        renderCard={(record) => <MetaRecordCard record={record} userid={userid} />}
      />
      <Box component="section" aria-labelledby="meta-add-title" sx={{ mt: 4, maxWidth: 420 }}>
        <Typography id="meta-add-title" variant="h6" component="h2" gutterBottom>
          {t('metaTraderConfig.add.title')}
        </Typography>
        <FormShell<{ newTraderid: string }, MetaTraderRecord, unknown>
          area="metaTraderConfig.add"
          idPrefix="meta-add"
          defaultValues={{ newTraderid: userid }}
          toBody={({ newTraderid }) => newMetaRecord(newTraderid.trim(), userid)}
          schema={MetaTraderRecordSchema}
          onSubmit={saveMetaRecord}
          onSuccess={() => void reload()}
          submitKey="metaTraderConfig.add.submit"
        >
          <TextField name="newTraderid" inputMode="numeric" required />
        </FormShell>
      </Box>
    </PageCard>
  );
}
