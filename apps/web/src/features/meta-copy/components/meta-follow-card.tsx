import {
  checkFollowerStake,
  META_FOLLOWER_BROKER_OPTIONS,
  META_SIGNAL_TYPES,
  MetaFollowSettingSchema,
  type MetaFollowSetting,
} from '@app/contract';
import { Button } from '@mui/material';
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
import { saveMetaFollowSetting } from '../api/meta-follow-settings.ts';
import {
  toMetaSettingBody,
  toMetaSettingForm,
  type MetaSettingForm,
} from '../meta-setting-form.ts';

interface MetaFollowCardProps {
  setting: MetaFollowSetting;
  userid: string;
  advanced: boolean;
  onRemove: (setting: MetaFollowSetting) => void;
}

/**
 * The bot's MetaCopy settings for one trader (SPEC §2 "Follower MetaCopy config"): ID, enable,
 * entry (lote), order limit, signal type; delay, anticipation and broker behind Advanced.
 */
export function MetaFollowCard({ setting, userid, advanced, onRemove }: MetaFollowCardProps) {
  const { t } = useTranslation();
  const values = useMemo(() => toMetaSettingForm(setting), [setting]);
  return (
    <SectionCard title={t('metaFollowerConfig.cardTitle', { id: setting.traderid })}>
      <FormShell<MetaSettingForm, MetaFollowSetting, unknown>
        area="metaFollowerConfig"
        idPrefix={`meta-follow-${setting.traderid}`}
        defaultValues={values}
        values={values}
        toBody={(form) => toMetaSettingBody(form, setting, userid)}
        schema={MetaFollowSettingSchema}
        rule={checkFollowerStake}
        onSubmit={saveMetaFollowSetting}
        successKey="common.saved"
        successClosable
        submitKey="common.save"
        actions={
          <Button color="error" variant="outlined" onClick={() => onRemove(setting)}>
            {t('metaFollowerConfig.remove')}
          </Button>
        }
      >
        <FormSection columns={1}>
          <CheckboxField name="traderEna" />
          <NumberField name="lote" min={0} />
          <NumberField name="maxTrades" min={0} step={1} />
          <SelectField name="signalType" options={META_SIGNAL_TYPES} enumName="signalType" />
          {advanced && <NumberField name="delaysig" min={-60} max={3600} />}
          {advanced && <NumberField name="anticipation" min={0} max={60} />}
          {advanced && (
            <SelectField name="brokerID" options={META_FOLLOWER_BROKER_OPTIONS} enumName="broker" />
          )}
        </FormSection>
      </FormShell>
    </SectionCard>
  );
}
