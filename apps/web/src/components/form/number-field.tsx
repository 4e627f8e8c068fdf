import { Controller } from 'react-hook-form';
import { controlProps, FieldFrame } from './field-frame.tsx';
import { useFieldId, useFieldText, useShellForm } from './form-area.ts';

interface NumberFieldProps {
  name: string;
  min?: number;
  max?: number;
  step?: number | 'any';
  disabled?: boolean;
}

/**
 * A number input. The form holds a number, or `''` while the input is empty (the screen's rule
 * decides whether empty is allowed).
 */
export function NumberField({ name, min, max, step = 'any', disabled }: NumberFieldProps) {
  const { control } = useShellForm();
  const { label, help, error } = useFieldText(name);
  const id = useFieldId(name);
  const helperText = error ?? (help || undefined);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FieldFrame
          id={id}
          label={label}
          helperText={helperText}
          error={error !== undefined}
          disabled={disabled}
        >
          <input
            {...controlProps(id, helperText, error !== undefined, disabled)}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={(field.value as number | string | null | undefined) ?? ''}
            onChange={(event) => {
              const text = event.target.value;
              field.onChange(text === '' ? '' : Number(text));
            }}
            type="number"
            inputMode="decimal"
            min={min}
            max={max}
            step={step}
          />
        </FieldFrame>
      )}
    />
  );
}
