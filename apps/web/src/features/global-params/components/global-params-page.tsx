import {
  ACCOUNT_TYPES,
  BROKER_IDS,
  checkGlobalParams,
  GlobalParamsSchema,
  LOGIN_METHODS,
  LOTE_TYPES,
  LoteType,
  OPERATION_TYPES,
  OPTION_TYPES,
  STOP_TYPES,
  StopType,
  STRATEGIES,
  TRADER_MODES,
  isReal,
} from '@app/contract';
import { Alert, Box, LinearProgress } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  FormSection,
  FormShell,
  NumberField,
  SelectField,
  TextField,
} from '../../../components/form/index.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';
import { dynamicKey } from '../../../i18n/keys.ts';
import { errorKey } from '../../../lib/api.ts';
import { readBrokerId, storage } from '../../../lib/storage.ts';
import { BrokerCapabilityChip } from '../../../components/flags/broker-capability.tsx';
import {
  saveGlobalParams,
  setCurrentBroker,
  useBalanceCents,
  useGlobalParams,
} from '../api/global-params.ts';
import {
  EMPTY_GLOBAL_PARAMS_FORM,
  toGlobalParamsBody,
  toGlobalParamsForm,
  type GlobalParamsForm,
} from '../global-params-form.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { numberFormat } from '../../../lib/intl-format.ts';
import { useTradingFormat } from '../../../lib/trading-format.ts';
import { unusualStakeAndGale } from '../../../lib/unusual-values.ts';
import { useShellForm } from '../../../components/form/form-area.ts';

/** The robot trades on one broker at a time, so "All" (0) is not offered here. */
const BROKER_OPTIONS = BROKER_IDS.filter((id) => id > 0);

/** SPEC §4: choosing the Quant stop turns the trailing stop off (and keeps it off). */
function TrailingStopField() {
  const { control, setValue } = useShellForm<GlobalParamsForm>();
  const stopType = useWatch<GlobalParamsForm, 'stopType'>({ control, name: 'stopType' });
  const quant = stopType === StopType.quant;
  useEffect(() => {
    if (quant) setValue('stopMovel', false, { shouldDirty: true });
  }, [quant, setValue]);
  return <CheckboxField name="stopMovel" disabled={quant} />;
}

/**
 * Switching to Real asks for the panel account's password again (the server refuses the switch
 * without it): the field shows when the form says Real and the saved params do not.
 */
function RealPasswordField({ savedReal }: { savedReal: boolean }) {
  const { control } = useShellForm<GlobalParamsForm>();
  const accType = useWatch<GlobalParamsForm, 'accType'>({ control, name: 'accType' });
  if (!isReal(accType) || savedReal) return null;
  return <TextField name="realPassword" type="password" autoComplete="current-password" />;
}

/** Global config (`/geralconfig`), SPEC §2, §3 "Global params", §4 and §5. */
export function GlobalParamsPage() {
  const { t } = useTranslation();
  const { userid: userId } = useCurrentBot();
  const [brokerId, setBrokerId] = useState(readBrokerId);
  const [brokerError, setBrokerError] = useState<string | null>(null);
  const query = useGlobalParams(userId, brokerId);
  // The balance a stake is weighed against before saving (asked about above 10 % of it).
  const balanceCents = useBalanceCents(userId);
  const format = useTradingFormat();
  const values = useMemo(
    () => (query.data ? toGlobalParamsForm(query.data) : undefined),
    [query.data],
  );

  async function changeBroker(next: number): Promise<void> {
    if (!(next > 0)) return;
    setBrokerError(null);
    storage.set('brokerID', String(next));
    try {
      await setCurrentBroker(userId, next);
    } catch (error) {
      setBrokerError(errorKey(error));
    }
    setBrokerId(next);
  }

  return (
    <PageCard title={t('globalParams.title')} subtitle={t('globalParams.subtitle')} maxWidth={1100}>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        {query.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 2 }} />}
        {brokerError && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setBrokerError(null)}>
            {t(dynamicKey(brokerError))}
          </Alert>
        )}
        <FormShell
          area="globalParams"
          defaultValues={EMPTY_GLOBAL_PARAMS_FORM}
          values={values}
          rule={checkGlobalParams}
          unusual={(body) =>
            unusualStakeAndGale({
              stake: body.lote,
              stakeIsPercent: body.loteType === LoteType.percent,
              galeFactors: [body.galefat],
              balanceCents,
              money: format.money,
              number: (value) => numberFormat(format.language).format(value),
            })
          }
          toBody={(form) => toGlobalParamsBody(form, userId)}
          schema={GlobalParamsSchema}
          onSubmit={saveGlobalParams}
          successKey="common.saved"
          submitKey="common.save"
          busy={query.isFetching}
        >
          <FormSection title={t('globalParams.sections.account')}>
            <SelectField
              name="brokerID"
              options={BROKER_OPTIONS}
              enumName="broker"
              onValueChange={(next) => void changeBroker(next)}
            />
            <Box sx={{ alignSelf: 'center' }}>
              <BrokerCapabilityChip brokerId={brokerId} />
            </Box>
            <SelectField name="accType" options={ACCOUNT_TYPES} enumName="accType" />
            <RealPasswordField
              savedReal={query.data?.saved === true && isReal(query.data.accType)}
            />
            <SelectField name="traderMode" options={TRADER_MODES} enumName="traderMode" />
            <SelectField name="loginMethod" options={LOGIN_METHODS} enumName="loginMethod" />
            <SelectField name="typeOperation" options={OPERATION_TYPES} enumName="operationType" />
          </FormSection>
          <FormSection title={t('globalParams.sections.entries')}>
            <SelectField name="optionType" options={OPTION_TYPES} enumName="optionType" />
            <SelectField name="loteType" options={LOTE_TYPES} enumName="loteType" />
            <NumberField name="lote" min={0} />
            <SelectField name="strategySel" options={STRATEGIES} enumName="strategy" />
            <NumberField name="payout" min={0} max={100} step={1} />
          </FormSection>
          <FormSection title={t('globalParams.sections.gale')}>
            <NumberField name="galenum" min={0} max={10} step={1} />
            <NumberField name="galefat" min={0} max={100} />
          </FormSection>
          <FormSection title={t('globalParams.sections.stops')}>
            <SelectField name="stopType" options={STOP_TYPES} enumName="stopType" />
            <NumberField name="stopWin" min={0} />
            <NumberField name="stopLoss" min={0} />
            <TrailingStopField />
            <NumberField name="realCap" min={0} />
          </FormSection>
        </FormShell>
      </QueryState>
    </PageCard>
  );
}
