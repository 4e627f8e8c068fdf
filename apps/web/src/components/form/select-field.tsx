import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/keys.ts';
import { FieldFrame } from './field-frame.tsx';
import { useFramedField } from './framed-field.ts';

interface SelectFieldProps {
  name: string;
  /** The values offered, from a contract enum list. */
  options: readonly number[];
  /** Labels are `enums.<enumName>.<value>`. */
  enumName: string;
  disabled?: boolean;
  /** Called with the chosen value after the form holds it. */
  onValueChange?: (value: number) => void;
}

/**
 * A native select of integer codes (native: the phone's own picker, and keyboard-friendly). An
 * empty entry is offered only while the value is empty (a read that returned `null`), so the
 * trader chooses once on purpose.
 */
export function SelectField({
  name,
  options,
  enumName,
  disabled,
  onValueChange,
}: SelectFieldProps) {
  const { t } = useTranslation();
  const { control, frame, input } = useFramedField(name, disabled);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const value = field.value as number | string | null | undefined;
        const empty = value === null || value === undefined || value === '';
        return (
          <FieldFrame {...frame} select>
            <select
              {...input}
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              value={empty ? '' : String(value)}
              onChange={(event) => {
                const text = event.target.value;
                const next = text === '' ? '' : Number(text);
                field.onChange(next);
                if (typeof next === 'number') onValueChange?.(next);
              }}
            >
              {empty && <option value="">{t('common.empty')}</option>}
              {options.map((option) => (
                <option key={option} value={String(option)}>
                  {t(dynamicKey(`enums.${enumName}.${option}`))}
                </option>
              ))}
            </select>
          </FieldFrame>
        );
      }}
    />
  );
}
