import { Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useFieldId, useFieldText, useShellForm } from './form-area.ts';

interface CheckboxFieldProps {
  name: string;
  disabled?: boolean;
}

/** A checkbox holding a boolean; a screen that sends 0/1 maps it at its body boundary. */
export function CheckboxField({ name, disabled }: CheckboxFieldProps) {
  const { control } = useShellForm();
  const { label, help, error } = useFieldText(name);
  const id = useFieldId(name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl error={error !== undefined} disabled={disabled}>
          <FormControlLabel
            label={label}
            control={
              <Checkbox
                name={field.name}
                inputRef={field.ref}
                checked={field.value === true}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.checked)}
                id={id}
              />
            }
          />
          {(error ?? help) && <FormHelperText>{error ?? help}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
