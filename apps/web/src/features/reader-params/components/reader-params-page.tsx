import { checkReaderParams, ReaderParamsSchema } from '@app/contract';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormSection, FormShell, NumberField, TextField } from '../../../components/form/index.ts';
import { PageCard } from '../../../components/layout/page-card.tsx';
import { QueryState } from '../../../components/notices/query-state.tsx';

import { saveReaderParams, useReaderParams } from '../api/reader-params.ts';
import {
  EMPTY_READER_PARAMS_FORM,
  toReaderParamsBody,
  type ReaderParamsForm,
} from '../reader-params-form.ts';
import { useCurrentBot } from '../../../lib/current-bot.ts';

const WINDOWS = [
  ['hourStart', 'hourEnd'],
  ['hourStart2', 'hourEnd2'],
  ['hourStart3', 'hourEnd3'],
] as const;

/** Reader parameters (`/reader-params`), SPEC §2, §3 "Reader params" and §5. */
export function ReaderParamsPage() {
  const { t } = useTranslation();
  const { userid } = useCurrentBot();
  const query = useReaderParams(userid);

  return (
    <PageCard title={t('readerParams.title')} subtitle={t('readerParams.subtitle')}>
      <QueryState
        pending={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
      >
        <FormShell<ReaderParamsForm, ReturnType<typeof toReaderParamsBody>, unknown>
          area="readerParams"
          defaultValues={EMPTY_READER_PARAMS_FORM}
          values={query.data}
          rule={checkReaderParams}
          toBody={toReaderParamsBody}
          schema={ReaderParamsSchema}
          onSubmit={(body) => saveReaderParams(userid, body)}
          successKey="common.saved"
          submitKey="common.save"
          busy={query.isFetching}
        >
          <FormSection title={t('readerParams.sections.general')} columns={2}>
            <NumberField name="timerzone" min={-12} max={14} step={0.5} />
            <NumberField name="maxtrades" min={0} step={1} />
          </FormSection>
          <FormSection title={t('readerParams.sections.windows')} columns={2}>
            {WINDOWS.flatMap(([start, end]) => [
              <TextField key={start} name={start} type="time" />,
              <TextField key={end} name={end} type="time" />,
            ])}
          </FormSection>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('readerParams.windowsHelp')}
          </Typography>
          <FormSection title={t('readerParams.sections.daily')} columns={2}>
            <TextField name="hourReset" type="time" />
            <TextField name="hourClearScore" type="time" />
          </FormSection>
        </FormShell>
      </QueryState>
    </PageCard>
  );
}
