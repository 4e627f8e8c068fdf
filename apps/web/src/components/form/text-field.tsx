import { TextField as MuiTextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useFieldId, useFieldText } from './form-area.ts';

interface TextFieldProps {
  name: string;
  type?: 'text' | 'email' | 'password' | 'time';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'numeric';
  disabled?: boolean;
  required?: boolean;
  /** An example of the expected format (e.g. a phone in international format). */
  placeholder?: string;
}

/** A text input whose label, help and error come from `<area>.fields|help.<name>`. */
export function TextField({
  name,
  type = 'text',
  autoComplete,
  inputMode,
  disabled,
  required,
  placeholder,
}: TextFieldProps) {
  const { control } = useFormContext();
  const { label, help, error } = useFieldText(name);
  const id = useFieldId(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <MuiTextField
          {...field}
          value={(field.value as string | null | undefined) ?? ''}
          inputRef={field.ref}
          id={id}
          type={type}
          label={label}
          autoComplete={autoComplete}
          required={required}
          placeholder={placeholder}
          disabled={disabled}
          error={error !== undefined}
          helperText={error ?? (help || undefined)}
          fullWidth
          slotProps={{
            htmlInput: { inputMode },
            // A time input always shows its --:-- mask, so its label never sits inside it.
            inputLabel: type === 'time' ? { shrink: true } : undefined,
          }}
        />
      )}
    />
  );
}
