import { useContext, useEffect, useState } from 'react';
import { Controller, type ControllerRenderProps, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDecimal, parseDecimal } from '../../lib/decimal-text.ts';
import { controlProps, FieldFrame } from './field-frame.tsx';
import { RefusedNumbersContext } from './form-area.ts';
import { useFramedField } from './framed-field.ts';

interface NumberFieldProps {
  name: string;
  /**
   * The lowest value the screen takes. Below 0 the phone shows its full keyboard (a decimal pad
   * has no minus sign on every phone); the range itself is the schema's, checked on save.
   */
  min?: number;
  /** The highest value the screen takes (stated for the reader; the schema checks it on save). */
  max?: number;
  /** `1`: a whole number (the phone shows digits only when the field takes no negative either). */
  step?: number | 'any';
  disabled?: boolean;
  /** `false` for a code such as a port: written 3128, not "3.128" (typing a group still reads). */
  grouping?: boolean;
}

/** The form's side of a number input: a number, `''` while empty, NaN while the text is refused. */
type FormNumber = number | '' | null | undefined;

/** What the input shows, and the form value and language it was written for. */
interface Shown {
  text: string;
  value: FormNumber;
  language: string;
}

function written(value: FormNumber, language: string, grouping: boolean, previous: string): string {
  if (typeof value === 'number')
    return Number.isFinite(value) ? formatDecimal(value, language, grouping) : previous;
  return '';
}

function inputModeOf(
  min: number | undefined,
  step: number | 'any',
): 'text' | 'decimal' | 'numeric' {
  if (min === undefined || min < 0) return 'text';
  return step === 1 ? 'numeric' : 'decimal';
}

/**
 * A number input, typed as the panel's language writes numbers ("2,5" and "1.250,50" in pt-BR
 * and es-ES, "2.5" and "1,250.50" in en-US; see `parseDecimal`) and showing saved values that
 * way. A text that is no number in the language (e.g. "2.2.2") is never guessed: the field says
 * how to write one, and the enclosing `FormShell` saves nothing while any field is so. The form
 * holds a number, `''` while the input is empty (the screen's rule decides whether empty is
 * allowed), or NaN while the text is refused (a preview reads that as incomplete).
 */
export function NumberField({
  name,
  min,
  step = 'any',
  disabled,
  grouping = true,
}: NumberFieldProps) {
  const { control, frame } = useFramedField(name, disabled);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <DecimalInput
          field={field}
          frame={frame}
          inputMode={inputModeOf(min, step)}
          grouping={grouping}
        />
      )}
    />
  );
}

interface DecimalInputProps {
  field: ControllerRenderProps<FieldValues, string>;
  frame: ReturnType<typeof useFramedField>['frame'];
  inputMode: 'text' | 'decimal' | 'numeric';
  grouping: boolean;
}

function DecimalInput({ field, frame, inputMode, grouping }: DecimalInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const refusedNumbers = useContext(RefusedNumbersContext);
  const value = field.value as FormNumber;
  const [shown, setShown] = useState<Shown>(() => ({
    text: written(value, language, grouping, ''),
    value,
    language,
  }));
  // A value the form got from elsewhere (the server's read, a reset) or a new panel language:
  // the input writes it anew. The value this input set itself is already its text.
  let current = shown;
  if (!Object.is(value, shown.value) || language !== shown.language) {
    current = { text: written(value, language, grouping, shown.text), value, language };
    setShown(current);
  }
  const refused = parseDecimal(current.text, language).kind === 'refused';
  // The refusal shows once the trader left the field or tried to save (the form marked it).
  const [left, setLeft] = useState(false);
  if (frame.error && !left) setLeft(true);
  const showRefusal = refused && (left || frame.error === true);

  useEffect(() => {
    if (!refusedNumbers) return undefined;
    refusedNumbers.set(field.name, refused);
    return () => refusedNumbers.set(field.name, false);
  }, [refusedNumbers, field.name, refused]);

  const helperText = showRefusal ? t('errors.field.numberFormat') : frame.helperText;
  const invalid = showRefusal || frame.error;
  return (
    <FieldFrame {...frame} helperText={helperText} error={invalid}>
      <input
        {...controlProps(frame.id, helperText, invalid, frame.disabled)}
        name={field.name}
        ref={field.ref}
        value={current.text}
        onChange={(event) => {
          const text = event.target.value;
          const read = parseDecimal(text, language);
          const next = read.kind === 'number' ? read.value : read.kind === 'empty' ? '' : NaN;
          setShown({ text, value: next, language });
          field.onChange(next);
        }}
        onBlur={() => {
          setLeft(true);
          // "2200,5" reads back as "2.200,5", "2," as "2": the trader sees the number saved.
          const read = parseDecimal(current.text, language);
          if (read.kind === 'number') {
            setShown({
              text: formatDecimal(read.value, language, grouping),
              value: read.value,
              language,
            });
          }
          field.onBlur();
        }}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={false}
      />
    </FieldFrame>
  );
}
