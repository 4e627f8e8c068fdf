import { Checkbox, FormControlLabel } from '@mui/material';
import { styled } from '@mui/material/styles';
import { Controller } from 'react-hook-form';
import { useFieldId, useFieldText, useShellForm } from './form-area.ts';

/**
 * MUI's `FormControl` around a labelled checkbox, with its helper text, drawn by one style rule:
 * the form-control parts are MUI's text-input modules (`mui-inputs`), which a screen whose only
 * such field is a checkbox (home's shared code, masaniello) then does not load (issue 12).
 */
const Root = styled('div')(({ theme }) => ({
  display: 'inline-flex',
  flexDirection: 'column',
  position: 'relative',
  minWidth: 0,
  verticalAlign: 'top',
  '& .field-help': {
    ...theme.typography.caption,
    color: theme.palette.text.secondary,
    margin: '3px 14px 0',
  },
  '&.field-error .field-help, &.field-error .MuiFormControlLabel-label': {
    color: theme.palette.error.main,
  },
  '&.field-disabled .field-help': { color: theme.palette.text.disabled },
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
  const { control } = useShellForm();
  const { label, help, error } = useFieldText(name);
  const id = useFieldId(name);
  const text = error ?? help;
  const helpId = `${id}-helper-text`;
  const className = [error !== undefined && 'field-error', disabled && 'field-disabled']
    .filter(Boolean)
    .join(' ');
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Root className={className || undefined}>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Checkbox
                name={field.name}
                inputRef={field.ref}
                checked={field.value === true}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.checked)}
                id={id}
                slotProps={{
                  input: {
                    'aria-describedby': text ? helpId : undefined,
                    'aria-invalid': error !== undefined ? true : undefined,
                  },
                }}
              />
            }
          />
          {text && (
            <p className="field-help" id={helpId}>
              {text}
            </p>
          )}
        </Root>
      )}
    />
  );
}
