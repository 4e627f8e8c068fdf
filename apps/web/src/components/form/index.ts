export { FormShell } from './form-shell.tsx';
export { FormSection } from './form-section.tsx';
export { TextField } from './text-field.tsx';
export { NumberField } from './number-field.tsx';
export { SelectField } from './select-field.tsx';
export { CheckboxField } from './checkbox-field.tsx';
