import { checkSoros, SorosSchema } from '@app/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormSection, NumberField } from '../../../components/form/index.ts';
import { completeNumbers } from '../../../components/form/number-values.ts';
import { QueryForm } from '../../../components/form/query-form.tsx';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { PathPreview } from '../../../components/preview/path-preview.tsx';
import { titleRuns } from '../../../components/preview/titled-runs.ts';
import { sorosPreview } from '../../../lib/strategy-previews.ts';
import { readBrokerId } from '../../../lib/storage.ts';
import { saveSoros, useSoros } from '../api/soros.ts';
import {
  EMPTY_SOROS_FORM,
  SOROS_FIELDS,
  toSorosBody,
  toSorosForm,
  type SorosForm,
} from '../soros-form.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';
import { useShellValues } from '../../../components/form/form-area.ts';

function SorosPreview() {
  const { t } = useTranslation();
  const input = completeNumbers(SOROS_FIELDS, useShellValues<SorosForm>());
  return (
    <PathPreview
      runs={(base) =>
        input &&
        titleRuns(
          sorosPreview(input, base),
          { losing: t('preview.losing'), winning: t('preview.winning') },
          { losing: t('soros.preview.losing'), winning: t('soros.preview.winning') },
        )
      }
    />
  );
}

/** Soros (`/config-soros`, SPEC §2, §3, §5) for the stored broker, with its preview. */
export function SorosPage() {
  const { t } = useTranslation();
  const { userid: userId } = useCurrentBot();
  const brokerId = readBrokerId();
  const queryClient = useQueryClient();
  const query = useSoros(userId, brokerId);
  return (
    <PageCard title={t('soros.title')} subtitle={t('soros.subtitle')} maxWidth={1100}>
      <QueryForm
        area="soros"
        query={query}
        toValues={toSorosForm}
        defaultValues={EMPTY_SOROS_FORM}
        rule={checkSoros}
        toBody={(form) => toSorosBody(form, userId, brokerId)}
        schema={SorosSchema}
        onSubmit={saveSoros}
        onSuccess={() =>
          void queryClient.invalidateQueries({ queryKey: queryKeys.recoveryParams.all })
        }
        successKey="common.saved"
        submitKey="common.save"
      >
        <FormSection>
          <NumberField name="soros" min={0} step={1} />
          <NumberField name="sorosgale" min={0} step={1} />
          <NumberField name="sorosperc" min={1} max={100} />
        </FormSection>
        <SorosPreview />
      </QueryForm>
    </PageCard>
  );
}
