import type { VocabularyEntryWire, VocabularyImpact } from '@app/contract';
import { Alert, Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  FormSection,
  FormShell,
  NumberField,
  SelectField,
  TextField,
} from '../../../components/form/index.ts';
import { useShellForm } from '../../../components/form/form-area.ts';
import { dynamicKey } from '../../../i18n/keys.ts';
import { errorKey, errorParams } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveVocabulary, vocabularyImpact } from '../api/vocabulary.ts';
import {
  emptyTeachForm,
  entryOfForm,
  kindTakesAsset,
  kindTakesPosition,
  kindTakesValue,
  kindTakesWord,
  VOCABULARY_KINDS,
  VOCABULARY_POSITIONS,
  withEntry,
  type TeachForm as TeachFormValues,
} from '../vocabulary-form.ts';
import { ImpactSummary } from './impact-summary.tsx';

interface TeachFormProps {
  userid: string;
  idNum: string;
  /** What the channel was taught so far. */
  vocabulary: readonly VocabularyEntryWire[];
  /** The word to teach (a token the tester did not understand). */
  word?: string;
  idPrefix: string;
  /** After the entry is saved on the card (the tester reads the message again). */
  onTaught?: () => void;
}

/** What "Ver o efeito" found, or why it was refused. */
interface Shown {
  impact?: VocabularyImpact;
  error?: unknown;
}

/** The fields the chosen meaning needs: a word, an asset, a value or a position. */
function TeachFields() {
  const { control } = useShellForm();
  const kind = useWatch({ control, name: 'kind' }) as number | '';
  return (
    <FormSection columns={1}>
      <SelectField name="kind" options={VOCABULARY_KINDS} enumName="vocabularyKind" />
      {kindTakesWord(kind) && <TextField name="word" />}
      {kindTakesAsset(kind) && <TextField name="asset" />}
      {kindTakesValue(kind) && <NumberField name="value" min={0} step={1} />}
      {kindTakesPosition(kind) && (
        <SelectField name="position" options={VOCABULARY_POSITIONS} enumName="vocabularyPosition" />
      )}
    </FormSection>
  );
}

/** "Ver o efeito": what the entry would change in the channel's stored messages, before saving. */
function ImpactButton({
  userid,
  idNum,
  vocabulary,
  onImpact,
}: {
  userid: string;
  idNum: string;
  vocabulary: readonly VocabularyEntryWire[];
  onImpact: (result: Shown) => void;
}) {
  const { t } = useTranslation();
  const { getValues } = useShellForm();
  const impact = useMutation({
    mutationFn: () =>
      vocabularyImpact({
        userid,
        idNum,
        vocabulary: withEntry(vocabulary, entryOfForm(getValues() as TeachFormValues)),
      }),
    onSuccess: (result) => onImpact({ impact: result }),
    onError: (error) => onImpact({ error }),
  });
  return (
    <Button variant="outlined" disabled={impact.isPending} onClick={() => impact.mutate()}>
      {t('vocabulary.impact')}
    </Button>
  );
}

/**
 * Teaches the channel one word or position ("ALTA = CALL", "Proteção = gale count", "the last
 * field is the expiry"): the server checks it against the lexicon (a contradiction is refused with
 * its reason, nothing saved), shows first what it would change in the channel's history, saves it
 * on the card, and the caller tests again at once.
 */
export function TeachForm({ userid, idNum, vocabulary, word, idPrefix, onTaught }: TeachFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const values = useMemo(() => emptyTeachForm(word ?? ''), [word]);
  const [shown, setShown] = useState<Shown | null>(null);
  return (
    <Box>
      <FormShell<
        TeachFormValues,
        { userid: string; idNum: string; vocabulary: VocabularyEntryWire[] },
        unknown
      >
        area="vocabulary"
        idPrefix={idPrefix}
        defaultValues={values}
        values={values}
        rule={(raw) =>
          raw.kind === '' ? { key: 'vocabulary.errors.chooseMeaning', field: 'kind' } : null
        }
        toBody={(v) => ({ userid, idNum, vocabulary: withEntry(vocabulary, entryOfForm(v)) })}
        onSubmit={saveVocabulary}
        onSuccess={() => {
          setShown(null);
          void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });
          onTaught?.();
        }}
        successKey="vocabulary.saved"
        submitKey="vocabulary.teach"
        actions={
          <ImpactButton userid={userid} idNum={idNum} vocabulary={vocabulary} onImpact={setShown} />
        }
      >
        <TeachFields />
      </FormShell>
      {shown?.error !== undefined && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t(dynamicKey(errorKey(shown.error)), errorParams(shown.error))}
        </Alert>
      )}
      {shown?.impact && <ImpactSummary impact={shown.impact} />}
    </Box>
  );
}

/** One taught entry as the trader reads it: "ALTA = CALL", "último campo = expiração". */
export function useEntryText() {
  const { t } = useTranslation();
  return (e: VocabularyEntryWire): string => {
    const word = e.word ?? '';
    switch (e.means) {
      case 'direction':
        return t('vocabulary.entry.direction', { word, direction: e.direction ?? '' });
      case 'asset':
        return t('vocabulary.entry.asset', { word, asset: e.asset ?? '' });
      case 'gales':
        return e.value === undefined
          ? t('vocabulary.entry.galesLabel', { word })
          : t('vocabulary.entry.galesValue', { word, value: e.value });
      case 'expiry':
        return e.value === undefined
          ? t('vocabulary.entry.expiryLabel', { word })
          : t('vocabulary.entry.expiryValue', { word, value: e.value });
      case 'noise':
        return t('vocabulary.entry.noise', { word });
      case 'cancel':
        return t('vocabulary.entry.cancel', { word });
      case 'position':
        return t('vocabulary.entry.position', {
          place: t(dynamicKey(`enums.vocabularyPosition.${e.position ?? 0}`)),
          field: t(dynamicKey(`vocabulary.positionField.${e.field ?? 'expiry'}`)),
        });
    }
  };
}

/** The taught entries, each with a remove button (saved at once). */
export function VocabularyList({
  userid,
  idNum,
  vocabulary,
  editable,
}: {
  userid: string;
  idNum: string;
  vocabulary: readonly VocabularyEntryWire[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const text = useEntryText();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (index: number) =>
      saveVocabulary({ userid, idNum, vocabulary: vocabulary.filter((_, i) => i !== index) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all }),
  });
  if (vocabulary.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('vocabulary.none')}
      </Typography>
    );
  }
  return (
    <>
      <List dense disablePadding aria-label={t('vocabulary.title')}>
        {vocabulary.map((entry, index) => (
          <ListItem
            key={`${entry.means}-${entry.word ?? entry.position}`}
            divider
            disableGutters
            secondaryAction={
              editable ? (
                <Button
                  size="small"
                  color="error"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(index)}
                  aria-label={t('vocabulary.removeEntry', { entry: text(entry) })}
                >
                  {t('vocabulary.remove')}
                </Button>
              ) : undefined
            }
          >
            <ListItemText primary={text(entry)} sx={{ overflowWrap: 'anywhere', pr: 10 }} />
          </ListItem>
        ))}
      </List>
      {remove.error && (
        <Alert severity="error">
          {t(dynamicKey(errorKey(remove.error)), errorParams(remove.error))}
        </Alert>
      )}
    </>
  );
}
