import {
  META_SIGNAL_TYPES,
  MetaTraderRecordSchema,
  TRADER_BROKER_OPTIONS,
  type MetaTraderRecord,
} from '@app/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/cards/section-card.tsx';
import {
  CheckboxField,
  FormSection,
  FormShell,
  NumberField,
  SelectField,
} from '../../../components/form/index.ts';
import { saveMetaRecord } from '../api/meta-records.ts';
import { toMetaRecordBody, toMetaRecordForm, type MetaRecordForm } from '../meta-record-form.ts';

interface MetaRecordCardProps {
  record: MetaTraderRecord;
  userid: string;
}

/**
 * One MetaCopy trader record (SPEC §2 "Trader MetaCopy config"): enable, 'Limite de Ordens',
 * delay, anticipation, signal type and broker; Save shows a closable success notice.
 */
export function MetaRecordCard({ record, userid }: MetaRecordCardProps) {
  const { t } = useTranslation();
  const values = useMemo(() => toMetaRecordForm(record), [record]);
  return (
    <SectionCard title={t('metaTraderConfig.cardTitle', { id: record.traderid })}>
      <FormShell<MetaRecordForm, MetaTraderRecord, unknown>
        area="metaTraderConfig"
        idPrefix={`meta-record-${record.traderid}`}
        defaultValues={values}
        values={values}
        toBody={(form) => toMetaRecordBody(form, record, userid)}
        schema={MetaTraderRecordSchema}
        onSubmit={saveMetaRecord}
        successKey="common.saved"
        successClosable
        submitKey="common.save"
      >
        <FormSection columns={1}>
          <CheckboxField name="traderEna" />
          <NumberField name="maxTrades" min={0} step={1} />
          <NumberField name="delaysig" min={-60} max={3600} />
          <NumberField name="anticipation" min={0} max={60} />
          <SelectField name="signalType" options={META_SIGNAL_TYPES} enumName="signalType" />
          <SelectField name="brokerID" options={TRADER_BROKER_OPTIONS} enumName="broker" />
        </FormSection>
      </FormShell>
    </SectionCard>
  );
}
