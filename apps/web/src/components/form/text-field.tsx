import { Controller } from 'react-hook-form';
import { FieldFrame } from './field-frame.tsx';
import { useFramedField } from './framed-field.ts';

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
  const { control, frame, input } = useFramedField(name, disabled);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FieldFrame {...frame} required={required}>
          <input
            {...input}
            name={field.name}
            ref={field.ref}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            type={type}
            autoComplete={autoComplete}
            inputMode={inputMode}
            placeholder={placeholder}
            required={required}
          />
        </FieldFrame>
      )}
    />
  );
}
