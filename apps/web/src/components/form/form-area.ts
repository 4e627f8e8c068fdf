import { createContext, useContext } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/keys.ts';

/** The i18n area of the enclosing form: fields read `<area>.fields.<name>` and `<area>.help.<name>`. */
export const FormAreaContext = createContext<string>('');

/** Prefix of the fields' element ids; forms repeated on one screen (cards) each get their own. */
export const FieldIdContext = createContext<string>('field');

/** The element id of a smart field: unique on the screen, stable for its form. */
export function useFieldId(name: string): string {
  return `${useContext(FieldIdContext)}-${name}`;
}

/** Label, help and error text of a smart field, all from the catalogue. */
export function useFieldText(name: string): {
  label: string;
  help: string;
  error: string | undefined;
} {
  const area = useContext(FormAreaContext);
  const { t, i18n } = useTranslation();
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  const message = errors[name]?.message;
  const helpKey = `${area}.help.${name}`;
  return {
    label: t(dynamicKey(`${area}.fields.${name}`)),
    help: i18n.exists(helpKey) ? t(dynamicKey(helpKey)) : '',
    error: typeof message === 'string' && message !== '' ? t(dynamicKey(message)) : undefined,
  };
}
