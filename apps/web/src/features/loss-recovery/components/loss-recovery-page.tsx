import {
  checkLossRecovery,
  LossRecoverySchema,
  RECOVERY_FACTORS,
  RECOVERY_MODES,
  type RecoveryFactor,
  type RecoveryMode,
} from '@app/contract';
import { useTranslation } from 'react-i18next';
import { FormSection, NumberField, SelectField } from '../../../components/form/index.ts';
import { completeNumbers } from '../../../components/form/number-values.ts';
import { QueryForm } from '../../../components/form/query-form.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { PathPreview } from '../../../components/preview/path-preview.tsx';
import { titleRuns } from '../../../components/preview/titled-runs.ts';
import { lossRecoveryPreview } from '../../../lib/strategy-previews.ts';
import { readBrokerId } from '../../../lib/storage.ts';
import { saveLossRecovery, useLossRecovery } from '../api/loss-recovery.ts';
import {
  EMPTY_LOSS_RECOVERY_FORM,
  LOSS_RECOVERY_FIELDS,
  toLossRecoveryBody,
  toLossRecoveryForm,
  type LossRecoveryForm,
} from '../loss-recovery-form.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { useShellValues } from '../../../components/form/form-area.ts';

function LossRecoveryPreview() {
  const { t } = useTranslation();
  const v = completeNumbers(LOSS_RECOVERY_FIELDS, useShellValues<LossRecoveryForm>());
  return (
    <PathPreview
      runs={(base) =>
        v &&
        titleRuns(
          lossRecoveryPreview(
            {
              ...v,
              recoverPerc: v.recoverPerc as RecoveryFactor,
              mode: v.mode as RecoveryMode,
            },
            base,
          ),
          { losing: t('preview.losing'), winning: t('preview.winning') },
          { losing: t('lossRecovery.preview.losing'), winning: t('lossRecovery.preview.winning') },
        )
      }
    />
  );
}

/** Loss recovery (`/config-recovery`, SPEC §2, §3) for the stored broker, with its preview. */
export function LossRecoveryPage() {
  const { t } = useTranslation();
  const { userid: userId } = useCurrentBot();
  const brokerId = readBrokerId();
  const query = useLossRecovery(userId, brokerId);
  return (
    <PageCard title={t('lossRecovery.title')} subtitle={t('lossRecovery.subtitle')} maxWidth={1100}>
      <QueryForm
        area="lossRecovery"
        query={query}
        toValues={toLossRecoveryForm}
        defaultValues={EMPTY_LOSS_RECOVERY_FORM}
        rule={checkLossRecovery}
        toBody={(form) => toLossRecoveryBody(form, userId, brokerId)}
        schema={LossRecoverySchema}
        onSubmit={saveLossRecovery}
        successKey="common.saved"
        submitKey="common.save"
      >
        <FormSection>
          <SelectField name="recoverPerc" options={RECOVERY_FACTORS} enumName="recoveryFactor" />
          <SelectField name="mode" options={RECOVERY_MODES} enumName="recoveryMode" />
          <NumberField name="recoverProfit" min={0} />
          <NumberField name="recoverGale" min={0} step={1} />
          <NumberField name="recoverGaleFat" min={0} />
        </FormSection>
        <LossRecoveryPreview />
      </QueryForm>
    </PageCard>
  );
}
