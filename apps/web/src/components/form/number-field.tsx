import { Controller } from 'react-hook-form';
import { FieldFrame } from './field-frame.tsx';
import { useFramedField } from './framed-field.ts';

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
  const { control, frame, input } = useFramedField(name, disabled);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FieldFrame {...frame}>
          <input
            {...input}
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
