import {
  checkMasanielloSave,
  MASANIELLO_MODES,
  MASANIELLO_TYPES,
  MasanielloParamsSchema,
} from '@app/contract';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  FormSection,
  NumberField,
  SelectField,
} from '../../../components/form/index.ts';
import { QueryForm } from '../../../components/form/query-form.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';

import { saveMasaniello, useMasaniello } from '../api/masaniello.ts';
import { EMPTY_MASANIELLO_FORM, toMasanielloBody, toMasanielloForm } from '../masaniello-form.ts';
import { MasanielloPreview } from './masaniello-preview.tsx';
import { useCurrentBot } from '../../../lib/current-bot.ts';

/**
 * Masaniello (`/config-masaniello`, SPEC §2, §3, §5). The rule is the server's own: SPEC §5's
 * form checks, then the plan's (`1 ≤ K < N`), whose refusal reads 'Parâmetros inválidos'.
 */
export function MasanielloPage() {
  const { t } = useTranslation();
  const { userid: userId } = useCurrentBot();
  const query = useMasaniello(userId);
  return (
    <PageCard title={t('masaniello.title')} subtitle={t('masaniello.subtitle')} maxWidth={1100}>
      <QueryForm
        area="masaniello"
        query={query}
        toValues={toMasanielloForm}
        defaultValues={EMPTY_MASANIELLO_FORM}
        rule={checkMasanielloSave}
        toBody={(form) => toMasanielloBody(form, userId)}
        schema={MasanielloParamsSchema}
        onSubmit={saveMasaniello}
        successKey="common.saved"
        submitKey="common.save"
      >
        <FormSection title={t('masaniello.sections.plan')}>
          <NumberField name="capital" min={0} />
          <NumberField name="totalOper" min={2} max={100} step={1} />
          <NumberField name="totalWin" min={1} max={99} step={1} />
          <NumberField name="payout" min={1} max={99} />
          <NumberField name="gale" min={0} max={10} step={1} />
        </FormSection>
        <FormSection title={t('masaniello.sections.cycle')}>
          <SelectField name="typeMas" options={MASANIELLO_TYPES} enumName="masanielloType" />
          <SelectField name="modoMasa" options={MASANIELLO_MODES} enumName="masanielloMode" />
          <NumberField name="target" min={0} />
          <NumberField name="hitsRestart" min={0} step={1} />
          <CheckboxField name="restart" />
        </FormSection>
        <MasanielloPreview />
      </QueryForm>
    </PageCard>
  );
}
