import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { Controller } from 'react-hook-form';
import { useFieldId, useFieldText, useShellForm } from './form-area.ts';

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

/**
 * A text input whose label, help and error come from `<area>.fields|help.<name>`.
 *
 * What MUI's outlined `TextField` renders (FormControl, InputLabel, OutlinedInput, FormHelperText,
 * the same ids and aria links), put together here: `TextField` also imports Select, Menu,
 * Popover, Modal and the filled and standard inputs for its other modes, ~11 kB gzip the login
 * page does not use (issue 12). Number and select fields keep MUI's `TextField`.
 */
export function TextField({
  name,
  type = 'text',
  autoComplete,
  inputMode,
  disabled,
  required,
  placeholder,
}: TextFieldProps) {
  const { control } = useShellForm();
  const { label, help, error } = useFieldText(name);
  const id = useFieldId(name);
  const helperText = error ?? (help || undefined);
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  // A time input always shows its --:-- mask, so its label never sits inside it.
  const shrink = type === 'time' ? true : undefined;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl
          className="MuiTextField-root"
          variant="outlined"
          fullWidth
          required={required}
          disabled={disabled}
          error={error !== undefined}
        >
          {label !== '' && (
            <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrink}>
              {label}
            </InputLabel>
          )}
          <OutlinedInput
            id={id}
            name={field.name}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            type={type}
            label={label}
            notched={shrink}
            autoComplete={autoComplete}
            placeholder={placeholder}
            aria-describedby={helperTextId}
            inputProps={{ inputMode }}
          />
          {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
