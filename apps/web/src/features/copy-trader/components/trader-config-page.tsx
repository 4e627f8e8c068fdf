import {
  CANDLE_COLORS,
  checkTraderConfig,
  TraderMode,
  TRADER_BROKER_OPTIONS,
  TRADER_CONFIG_SIGNAL_TYPES,
  TraderInfoSchema,
  type TraderInfo,
} from '@app/contract';
import { Alert, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  FormSection,
  NumberField,
  SelectField,
  TextField,
} from '../../../components/form/index.ts';
import { QueryForm } from '../../../components/form/query-form.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { saveTraderInfo, useTraderInfo, useTraderMode } from '../api/trader-info.ts';
import {
  EMPTY_TRADER_CONFIG,
  toTraderConfigForm,
  toTraderInfoBody,
  type TraderConfigForm,
} from '../trader-config-form.ts';

/**
 * Whether the bot's orders go to its followers as saved now: a warning in follower mode (the
 * switch alone cannot copy then), else whether the copy switch is on (commands 9 and 15 change
 * the same values).
 */
function CopyStatus({ info, traderMode }: { info?: TraderInfo; traderMode?: number }) {
  const { t } = useTranslation();
  if (traderMode === TraderMode.follower) {
    return (
      <Alert severity="warning" role="note" sx={{ mb: 2 }}>
        {t('copyTrader.traderConfig.copyStatus.followerMode')}
      </Alert>
    );
  }
  if (!info) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {info.copyTraderEn
        ? t('copyTrader.traderConfig.copyStatus.on')
        : t('copyTrader.traderConfig.copyStatus.off')}
    </Typography>
  );
}

/**
 * Trader configuration (`/configtradercopy`, 'Configuração Trader'), SPEC §2, §3 "Trader info"
 * and §5: what the bot's followers copy from it, checked by SPEC's three rules in order.
 */
export function TraderConfigPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const query = useTraderInfo(userid);
  const mode = useTraderMode(userid);
  return (
    <PageCard title={t('copyTrader.traderConfig.title')}>
      <CopyStatus info={query.data} traderMode={mode.data} />
      <QueryForm<TraderInfo, TraderConfigForm, TraderInfo, unknown>
        query={query}
        toValues={toTraderConfigForm}
        area="copyTrader.traderConfig"
        defaultValues={EMPTY_TRADER_CONFIG}
        rule={checkTraderConfig}
        toBody={(values) => toTraderInfoBody(values, userid)}
        schema={TraderInfoSchema}
        onSubmit={saveTraderInfo}
        successKey="common.saved"
        submitKey="common.save"
      >
        <FormSection columns={2}>
          <CheckboxField name="copyTraderEn" />
          <SelectField
            name="signalType"
            options={TRADER_CONFIG_SIGNAL_TYPES}
            enumName="signalType"
          />
          <TextField name="delaysig" inputMode="text" />
          <NumberField name="stakeMin" min={0} />
          <SelectField name="brokerID" options={TRADER_BROKER_OPTIONS} enumName="broker" />
          <SelectField name="candleColor" options={CANDLE_COLORS} enumName="candleColor" />
          <NumberField name="timeframe" min={0} max={1440} step={1} />
          <TextField name="paresFilter" placeholder="EURUSD;GBPUSD" />
        </FormSection>
      </QueryForm>
    </PageCard>
  );
}
