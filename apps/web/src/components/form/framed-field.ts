import { controlProps } from './field-frame.tsx';
import { useFieldId, useFieldText, useShellForm } from './form-area.ts';

/**
 * What a form field drawn by `FieldFrame` takes from its form: react-hook-form's `control`, the
 * frame's props (id, label, help or error, state) and its control's (id, state, aria links).
 */
export function useFramedField(name: string, disabled: boolean | undefined) {
  const { control } = useShellForm();
  const { label, help, error } = useFieldText(name);
  const id = useFieldId(name);
  const helperText = error ?? (help || undefined);
  const invalid = error !== undefined;
  return {
    control,
    frame: { id, label, helperText, error: invalid, disabled },
    input: controlProps(id, helperText, invalid, disabled),
  };
}
