import {
  checkFollowerStake,
  FOLLOWER_COPY_BROKER_OPTIONS,
  FOLLOWER_COPY_SIGNAL_TYPES,
  FOLLOWER_LOTE_TYPES,
  TraderFollowSchema,
  type TraderFollow,
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
import { saveFollowedTrader } from '../api/followed-traders.ts';
import {
  toFollowedTraderForm,
  toTraderFollowBody,
  type FollowedTraderForm,
} from '../followed-trader-form.ts';

interface FollowedTraderCardProps {
  card: TraderFollow;
  userid: string;
  advanced: boolean;
  onRemove: (card: TraderFollow) => void;
}

/**
 * The bot's settings for one trader it follows (SPEC §3 "Trader save"): enable, demo accepted,
 * order limit, signal type, entry and its type; min, max, delay and broker behind Advanced.
 */
export function FollowedTraderCard({ card, userid, advanced, onRemove }: FollowedTraderCardProps) {
  const { t } = useTranslation();
  const values = useMemo(() => toFollowedTraderForm(card), [card]);
  return (
    <SectionCard title={t('copyTrader.followConfig.cardTitle', { id: card.traderID })}>
      <FormShell<FollowedTraderForm, TraderFollow, unknown>
        area="copyTrader.followConfig"
        idPrefix={`follow-${card.traderID}`}
        defaultValues={values}
        values={values}
        toBody={(form) => toTraderFollowBody(form, card, userid)}
        schema={TraderFollowSchema}
        rule={checkFollowerStake}
        onSubmit={saveFollowedTrader}
        successKey="common.saved"
        submitKey="common.save"
        actions={
          <Button color="error" variant="outlined" onClick={() => onRemove(card)}>
            {t('copyTrader.followConfig.remove')}
          </Button>
        }
      >
        <FormSection columns={1}>
          <CheckboxField name="traderEna" />
          <CheckboxField name="acptdemo" />
          <NumberField name="maxTrades" min={0} step={1} />
          <SelectField
            name="signalType"
            options={FOLLOWER_COPY_SIGNAL_TYPES}
            enumName="signalType"
          />
          <SelectField name="loteType" options={FOLLOWER_LOTE_TYPES} enumName="followerLoteType" />
          <NumberField name="lote" min={0} />
          {advanced && <NumberField name="minStake" min={0} />}
          {advanced && <NumberField name="maxStake" min={0} />}
          {advanced && <NumberField name="delaysig" min={-60} max={3600} />}
          {advanced && (
            <SelectField name="brokerID" options={FOLLOWER_COPY_BROKER_OPTIONS} enumName="broker" />
          )}
        </FormSection>
      </FormShell>
    </SectionCard>
  );
}
