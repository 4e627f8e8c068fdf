import { Box, Typography } from '@mui/material';
import { useContext } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PreviewBase, PreviewRun } from '../../lib/strategy-previews.ts';
import { FieldIdContext, FormAreaContext, ShellFormProvider } from '../form/form-area.ts';
import { FieldGrid } from '../form/form-section.tsx';
import { NumberField } from '../form/number-field.tsx';
import { StakeTable, StakeTables } from './stake-table.tsx';

/** Defaults of the preview's own inputs: a 2.00 entry at an 87 % payout. */
export const PREVIEW_DEFAULT_BASE = 2;
export const PREVIEW_DEFAULT_PAYOUT = 87;

interface PreviewInputs {
  previewBase: number | '';
  previewPayout: number | '';
}

/** A run as the preview shows it: its table's title and a caption saying which results it plays. */
export interface TitledRun {
  run: PreviewRun;
  title: string;
  caption: string;
}

interface PathPreviewProps {
  /** The runs for a base entry and payout, or `null` while the screen's values cannot be played. */
  runs: (base: PreviewBase) => TitledRun[] | null;
}

/**
 * The next stakes of a strategy for a losing and a winning run. The base entry and payout are the
 * preview's own inputs (never saved); the strategy's values come from the screen's form.
 */
export function PathPreview({ runs }: PathPreviewProps) {
  const { t } = useTranslation();
  const idPrefix = `${useContext(FieldIdContext)}-preview`;
  const methods = useForm<PreviewInputs>({
    defaultValues: { previewBase: PREVIEW_DEFAULT_BASE, previewPayout: PREVIEW_DEFAULT_PAYOUT },
  });
  const { previewBase, previewPayout } = useWatch({ control: methods.control });
  const base = Number(previewBase);
  const payout = Number(previewPayout);
  const valid =
    previewBase !== '' && previewPayout !== '' && base > 0 && payout > 0 && payout < 100;
  const computed = valid ? runs({ baseCents: Math.round(base * 100), payout: payout / 100 }) : null;

  return (
    <Box component="section" aria-label={t('preview.title')} sx={{ mt: 4 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('preview.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('preview.subtitle')}
      </Typography>
      <FormAreaContext.Provider value="preview">
        <FieldIdContext.Provider value={idPrefix}>
          <ShellFormProvider methods={methods}>
            {/* The inputs sit inside the screen's form: Enter here must not save the screen. */}
            <FieldGrid
              columns={3}
              sx={{ mb: 2 }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
            >
              <NumberField name="previewBase" min={0.01} />
              <NumberField name="previewPayout" min={1} max={99} step={1} />
            </FieldGrid>
          </ShellFormProvider>
        </FieldIdContext.Provider>
      </FormAreaContext.Provider>
      {computed === null ? (
        <Typography variant="body2" color="text.secondary">
          {t(valid ? 'preview.fillFields' : 'preview.fillPreview')}
        </Typography>
      ) : (
        <StakeTables>
          {computed.map(({ run, title, caption }) => (
            <StakeTable
              key={title}
              title={title}
              caption={caption}
              rows={run.rows}
              truncated={run.truncated}
            />
          ))}
        </StakeTables>
      )}
    </Box>
  );
}
