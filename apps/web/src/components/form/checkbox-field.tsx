import { Checkbox, FormControlLabel } from '@mui/material';
import { styled } from '@mui/material/styles';
import { Controller } from 'react-hook-form';
import { FieldHelp, fieldStateClass, helpStyles } from './field-frame.tsx';
import { useFramedField } from './framed-field.ts';

/**
 * MUI's `FormControl` column around a labelled checkbox, with the fields' helper text: the
 * form-control parts are MUI's text-input modules (`mui-inputs`), which a screen whose only such
 * field is a checkbox (home's shared code, masaniello) then does not load.
 */
const Root = styled('div')(({ theme }) => ({
  display: 'inline-flex',
  flexDirection: 'column',
  position: 'relative',
  minWidth: 0,
  verticalAlign: 'top',
  ...helpStyles(theme),
  '&.field-error .MuiFormControlLabel-label': { color: theme.palette.error.main },
}));

interface CheckboxFieldProps {
  name: string;
  disabled?: boolean;
}

/**
 * A checkbox holding a boolean; a screen that sends 0/1 maps it at its body boundary. The box is
 * described by its help, or by its error once it has one.
 */
export function CheckboxField({ name, disabled }: CheckboxFieldProps) {
  const { control, frame, input } = useFramedField(name, disabled);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Root className={fieldStateClass(frame.error, disabled) || undefined}>
          <FormControlLabel
            label={frame.label}
            disabled={disabled}
            control={
              <Checkbox
                name={field.name}
                inputRef={field.ref}
                checked={field.value === true}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.checked)}
                id={frame.id}
                slotProps={{
                  input: {
                    'aria-describedby': input['aria-describedby'],
                    'aria-invalid': input['aria-invalid'],
                  },
                }}
              />
            }
          />
          <FieldHelp id={frame.id} text={frame.helperText} />
        </Root>
      )}
    />
  );
}
