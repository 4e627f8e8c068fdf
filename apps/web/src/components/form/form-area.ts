import { rangeKey, type FieldLimits } from '@app/contract';
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type {
  DeepPartialSkipArrayKey,
  FieldValues,
  MultipleFieldErrors,
  UseFormReturn,
} from 'react-hook-form';
import { useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/keys.ts';

/**
 * The enclosing form's react-hook-form methods (`FormShell`, the preview's own inputs).
 * react-hook-form's `FormProvider` hands out a new value whenever the form state changes (ready
 * on mount, dirty, submitting), and every field re-rendered with it: on a screen's first paint
 * that was a second, synchronous render of the whole form inside the commit's task.
 * `useForm` returns the same object for the form's life, so this context never changes; a part
 * that shows form state reads it with `useFormState` or `useWatch`, passing `control`.
 */
const ShellFormContext = createContext<UseFormReturn<FieldValues> | null>(null);

/** Hands a form's methods (from `useForm`) to the fields inside it. */
export function ShellFormProvider<V extends FieldValues>({
  methods,
  children,
}: {
  methods: UseFormReturn<V>;
  children: ReactNode;
}) {
  return createElement(
    ShellFormContext.Provider,
    { value: methods as unknown as UseFormReturn<FieldValues> },
    children,
  );
}

/** The enclosing form's methods; only inside a `ShellFormContext` provider. */
export function useShellForm<V extends FieldValues = FieldValues>(): UseFormReturn<V> {
  const methods = useContext(ShellFormContext);
  if (!methods) throw new Error('useShellForm outside a form');
  return methods as unknown as UseFormReturn<V>;
}

/** Every value of the enclosing form, re-rendering the caller as they change (previews). */
export function useShellValues<V extends FieldValues>(): DeepPartialSkipArrayKey<V> {
  return useWatch<V>({ control: useShellForm<V>().control });
}

/** The i18n area of the enclosing form: fields read `<area>.fields.<name>` and `<area>.help.<name>`. */
export const FormAreaContext = createContext<string>('');

/** Prefix of the fields' element ids; forms repeated on one screen (cards) each get their own. */
export const FieldIdContext = createContext<string>('field');

/** The element id of a smart field: unique on the screen, stable for its form. */
export function useFieldId(name: string): string {
  return `${useContext(FieldIdContext)}-${name}`;
}

/**
 * A number field's range rides on its react-hook-form error as `types` (strings), so the error
 * text can name it in the current language.
 */
export function limitsToTypes(limits: FieldLimits): MultipleFieldErrors {
  const types: MultipleFieldErrors = {};
  if (limits.min !== undefined) types.min = String(limits.min);
  if (limits.max !== undefined) types.max = String(limits.max);
  if (limits.integer) types.integer = 'true';
  return types;
}

function typesToLimits(types: unknown): FieldLimits | null {
  if (typeof types !== 'object' || types === null) return null;
  const { min, max, integer } = types as Record<string, unknown>;
  const limits: FieldLimits = {};
  if (typeof min === 'string') limits.min = Number(min);
  if (typeof max === 'string') limits.max = Number(max);
  if (integer === 'true') limits.integer = true;
  return limits;
}

/** Label, help and error text of a smart field, all from the catalogue. */
export function useFieldText(name: string): {
  label: string;
  help: string;
  error: string | undefined;
} {
  const area = useContext(FormAreaContext);
  const { t, i18n } = useTranslation();
  const { control } = useShellForm();
  const { errors } = useFormState({ control, name });
  const fieldError = errors[name];
  const message = fieldError?.message;
  const helpKey = `${area}.help.${name}`;
  // "Acima do máximo. Aceita de 0 a 100.": what is wrong, then the range the field takes.
  const limits = typesToLimits(fieldError?.types);
  const range = limits ? rangeKey(limits) : null;
  const error =
    typeof message === 'string' && message !== ''
      ? [t(dynamicKey(message)), range ? t(dynamicKey(range), { ...limits }) : '']
          .filter((text) => text !== '')
          .join(' ')
      : undefined;
  return {
    label: t(dynamicKey(`${area}.fields.${name}`)),
    help: i18n.exists(helpKey) ? t(dynamicKey(helpKey)) : '',
    error,
  };
}

/**
 * The number inputs of a form whose text is no number in the panel's language ("2.2.2"): each
 * input reports itself, and `FormShell` saves nothing while any is listed.
 */
export interface RefusedNumbers {
  set(name: string, refused: boolean): void;
  names(): string[];
}

export function refusedNumbersList(): RefusedNumbers {
  const refused = new Set<string>();
  return {
    set: (name, isRefused) => void (isRefused ? refused.add(name) : refused.delete(name)),
    names: () => [...refused],
  };
}

export const RefusedNumbersContext = createContext<RefusedNumbers | null>(null);
