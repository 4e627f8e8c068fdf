import { TextField as MuiTextField } from '@mui/material';
import { Controller } from 'react-hook-form';
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
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <MuiTextField
          name={field.name}
          onBlur={field.onBlur}
          inputRef={field.ref}
          value={(field.value as number | string | null | undefined) ?? ''}
          onChange={(event) => {
            const text = event.target.value;
            field.onChange(text === '' ? '' : Number(text));
          }}
          id={id}
          type="number"
          label={label}
          disabled={disabled}
          error={error !== undefined}
          helperText={error ?? (help || undefined)}
          fullWidth
          slotProps={{ htmlInput: { min, max, step, inputMode: 'decimal' } }}
        />
      )}
    />
  );
}
