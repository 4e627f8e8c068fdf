import {
  checkCycles,
  checkRecoveryParams,
  CyclesSchema,
  RecoveryParamsSchema,
} from '@app/contract';
import { Divider, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormSection, NumberField } from '../../../components/form/index.ts';
import { completeNumbers } from '../../../components/form/number-values.ts';
import { QueryForm } from '../../../components/form/query-form.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { PathPreview } from '../../../components/preview/path-preview.tsx';
import { titleRuns } from '../../../components/preview/titled-runs.ts';
import { cyclesPreview, sorosPreview } from '../../../lib/strategy-previews.ts';
import { readBrokerId } from '../../../lib/storage.ts';
import { saveCycles, useCycles } from '../api/cycles.ts';
import { saveRecoveryParams, useRecoveryParams } from '../api/recovery-params.ts';
import {
  CYCLES_FIELDS,
  EMPTY_CYCLES_FORM,
  EMPTY_RECOVERY_FORM,
  RECOVERY_FIELDS,
  toCyclesBody,
  toCyclesForm,
  toRecoveryBody,
  toRecoveryForm,
  type CyclesForm,
  type RecoveryParamsForm,
} from '../cycles-form.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { useShellValues } from '../../../components/form/form-area.ts';

function CyclesPreview() {
  const { t } = useTranslation();
  const input = completeNumbers(CYCLES_FIELDS, useShellValues<CyclesForm>());
  return (
    <PathPreview
      runs={(base) =>
        input &&
        titleRuns(
          cyclesPreview(input, base),
          { losing: t('preview.losing'), winning: t('preview.winning') },
          { losing: t('cycles.preview.losing'), winning: t('cycles.preview.winning') },
        )
      }
    />
  );
}

/** The recovery params hold the cycles and the soros settings: both previews, one under the other. */
function RecoveryParamsPreview() {
  const { t } = useTranslation();
  const v = completeNumbers(RECOVERY_FIELDS, useShellValues<RecoveryParamsForm>());
  return (
    <PathPreview
      runs={(base) =>
        v && [
          ...titleRuns(
            cyclesPreview(
              {
                ciclos: v.ciclos,
                ciclosFat: v.ciclosfat,
                ciclosGale: v.ciclosgale,
                ciclosGaleFat: v.ciclosgalefat,
              },
              base,
            ),
            {
              losing: t('recoveryParams.preview.cyclesLosing'),
              winning: t('recoveryParams.preview.cyclesWinning'),
            },
            { losing: t('cycles.preview.losing'), winning: t('cycles.preview.winning') },
          ),
          ...titleRuns(
            sorosPreview({ soros: v.soros, sorosgale: v.sorosgale, sorosperc: v.sorosperc }, base),
            {
              losing: t('recoveryParams.preview.sorosLosing'),
              winning: t('recoveryParams.preview.sorosWinning'),
            },
            { losing: t('soros.preview.losing'), winning: t('soros.preview.winning') },
          ),
        ]
      }
    />
  );
}

/**
 * Cycles (`/config-cycles`, SPEC §2, §3, §5) and, below, the recovery params of SPEC §3: the same
 * cycles plus the soros settings, read and saved together by the robot. Saving one form re-reads
 * the other, so both always show what is stored.
 */
export function CyclesPage() {
  const { t } = useTranslation();
  const { userid: userId } = useCurrentBot();
  const brokerId = readBrokerId();
  const queryClient = useQueryClient();
  const cycles = useCycles(userId, brokerId);
  const recovery = useRecoveryParams(userId, brokerId);

  return (
    <PageCard title={t('cycles.title')} subtitle={t('cycles.subtitle')} maxWidth={1100}>
      <QueryForm
        area="cycles"
        query={cycles}
        toValues={toCyclesForm}
        defaultValues={EMPTY_CYCLES_FORM}
        rule={checkCycles}
        toBody={(form) => toCyclesBody(form, userId, brokerId)}
        schema={CyclesSchema}
        onSubmit={saveCycles}
        onSuccess={() =>
          void queryClient.invalidateQueries({ queryKey: queryKeys.recoveryParams.all })
        }
        successKey="common.saved"
        submitKey="common.save"
      >
        <FormSection columns={2}>
          <NumberField name="ciclos" min={0} step={1} />
          <NumberField name="ciclosFat" min={0} />
          <NumberField name="ciclosGale" min={0} step={1} />
          <NumberField name="ciclosGaleFat" min={0} />
        </FormSection>
        <CyclesPreview />
      </QueryForm>

      <Divider sx={{ my: 4 }} />
      <Typography variant="h6" component="h2" id="recovery-params">
        {t('recoveryParams.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('recoveryParams.subtitle')}
      </Typography>
      <QueryForm
        area="recoveryParams"
        idPrefix="recovery"
        query={recovery}
        toValues={toRecoveryForm}
        defaultValues={EMPTY_RECOVERY_FORM}
        rule={checkRecoveryParams}
        toBody={(form) => toRecoveryBody(form, userId, brokerId)}
        schema={RecoveryParamsSchema}
        onSubmit={saveRecoveryParams}
        onSuccess={() => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.cycles.all });
          void queryClient.invalidateQueries({ queryKey: queryKeys.soros.all });
        }}
        successKey="common.saved"
        submitKey="common.save"
      >
        <FormSection title={t('recoveryParams.sections.cycles')} columns={2}>
          <NumberField name="ciclos" min={0} step={1} />
          <NumberField name="ciclosfat" min={0} />
          <NumberField name="ciclosgale" min={0} step={1} />
          <NumberField name="ciclosgalefat" min={0} />
        </FormSection>
        <FormSection title={t('recoveryParams.sections.soros')}>
          <NumberField name="soros" min={0} step={1} />
          <NumberField name="sorosgale" min={0} step={1} />
          <NumberField name="sorosperc" min={1} max={100} />
        </FormSection>
        <RecoveryParamsPreview />
      </QueryForm>
    </PageCard>
  );
}
