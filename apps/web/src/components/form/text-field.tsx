import { TextField as MuiTextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useFieldText } from './form-area.ts';

interface TextFieldProps {
  name: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric';
  disabled?: boolean;
  required?: boolean;
}

/** A text input whose label, help and error come from `<area>.fields|help.<name>`. */
export function TextField({
  name,
  type = 'text',
  autoComplete,
  inputMode,
  disabled,
  required,
}: TextFieldProps) {
  const { control } = useFormContext();
  const { label, help, error } = useFieldText(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <MuiTextField
          {...field}
          value={(field.value as string | null | undefined) ?? ''}
          inputRef={field.ref}
          id={`field-${name}`}
          type={type}
          label={label}
          autoComplete={autoComplete}
          required={required}
          disabled={disabled}
          error={error !== undefined}
          helperText={error ?? (help || undefined)}
          fullWidth
          slotProps={{ htmlInput: { inputMode } }}
        />
      )}
    />
  );
}
