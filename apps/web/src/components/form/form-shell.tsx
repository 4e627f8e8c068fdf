import {
  fieldProblem,
  NOTICE_MS,
  type FieldLimits,
  type RawValues,
  type RuleFailure,
} from '@app/contract';
import { Alert, Box, Button, Stack } from '@mui/material';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldErrors as FieldErrorsOf,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, errorKey, errorParams } from '../../lib/api.ts';
import { dynamicKey, type I18nKey } from '../../i18n/keys.ts';
import { useHydrated } from '../../lib/hydration.ts';
import { useTimedFlag } from '../notices/use-timed-flag.ts';
import {
  FieldIdContext,
  FormAreaContext,
  limitsToTypes,
  RefusedNumbersContext,
  refusedNumbersList,
  ShellFormProvider,
} from './form-area.ts';

type FieldErrors = Partial<Record<string, string>>;

// Only a screen whose values can be unusual opens it: the login page never loads the dialog.
const ConfirmDialog = lazy(() =>
  import('../dialogs/confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
);

/** One reason a body is unusual (a gale factor above 5): an i18n key and its values. */
export interface UnusualValue {
  key: I18nKey;
  params?: Record<string, string | number>;
}

/** A screen's own rule failure: an i18n key of its area, and the field (a path) to blame. */
export interface ScreenRuleFailure {
  key: I18nKey;
  field?: string;
}

export interface FormShellProps<V extends FieldValues, B, R> {
  /** i18n area: fields read `<area>.fields.<name>`, `<area>.help.<name>`. */
  area: string;
  /** Prefix of the fields' element ids, when the screen shows several forms of one area. */
  idPrefix?: string;
  defaultValues: DefaultValues<V>;
  /** Values read from the server; the form resets to them whenever they change. */
  values?: V;
  /** The screen's SPEC §5 rule, run on the raw values before anything else. */
  rule?: (values: RawValues) => RuleFailure | ScreenRuleFailure | null;
  /** Per-field rules shown on blur (then on every change); submit stays disabled while any fails. */
  fieldRules?: (values: RawValues) => FieldErrors;
  /** Submit stays disabled while any value is empty. */
  requireComplete?: boolean;
  /**
   * What is unusual in a valid body (a gale factor above 5, a stake above 10 % of the balance):
   * the form asks before saving it; an empty list saves at once.
   */
  unusual?: (body: B) => UnusualValue[];
  /** Maps the form's values to the wire body (trim, numbers, flags). */
  toBody: (values: V) => B;
  /** The contract schema of the body, checked before sending. */
  schema?: z.ZodType<B>;
  onSubmit: (body: B) => Promise<R>;
  onSuccess?: (result: R) => void;
  /** A success notice hiding after NOTICE_MS. */
  successKey?: I18nKey;
  /** The success notice also has a close button (SPEC §2 "closable success notice"). */
  successClosable?: boolean;
  /** Fields emptied after a successful save (secrets are never shown back). */
  clearOnSuccess?: readonly string[];
  submitKey: I18nKey;
  /** The submit button's text while saving (default `common.saving`). */
  savingKey?: I18nKey;
  /** Disables submitting while the screen is busy elsewhere (e.g. reloading). */
  busy?: boolean;
  /** Extra buttons beside submit (links to other screens). */
  actions?: ReactNode;
  children: ReactNode;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/**
 * Every form of the panel: react-hook-form underneath, the contract's rules on submit, server
 * error codes translated, a timed success notice, and a submit button that cannot double-send.
 */
export function FormShell<V extends FieldValues, B, R>({
  area,
  idPrefix = 'field',
  defaultValues,
  values,
  rule,
  fieldRules,
  requireComplete,
  unusual,
  toBody,
  schema,
  onSubmit,
  onSuccess,
  successKey,
  successClosable,
  clearOnSuccess,
  submitKey,
  savingKey = 'common.saving',
  busy,
  actions,
  children,
}: FormShellProps<V, B, R>) {
  const { t, i18n } = useTranslation();
  const resolver: Resolver<V> | undefined = fieldRules
    ? (raw) => {
        const errors = Object.fromEntries(
          Object.entries(fieldRules(raw)).map(([name, key]) => [
            name,
            { type: 'rule', message: key },
          ]),
        ) as FieldErrorsOf<V>;
        return Object.keys(errors).length > 0
          ? { values: {}, errors }
          : { values: raw, errors: {} };
      }
    : undefined;
  // The form starts from the read's values, and hands react-hook-form `values` only once they
  // differ from those: it applies `values` in an effect after mount, even the ones it started
  // from, and each time every field rendered once more, in one task.
  const [firstValues] = useState(values);
  const methods = useForm<V>({
    defaultValues: (firstValues as DefaultValues<V> | undefined) ?? defaultValues,
    values: values === firstValues ? undefined : values,
    resolver,
    mode: fieldRules ? 'onTouched' : 'onSubmit',
  });
  const watched = useWatch({ control: methods.control }) as V;
  const [alertKey, setAlertKey] = useState<string | null>(null);
  const [alertParams, setAlertParams] = useState<Record<string, string | number>>({});
  const [saving, setSaving] = useState(false);
  const [refusedNumbers] = useState(refusedNumbersList);
  // A valid body with unusual values, waiting for the trader's answer.
  const [asking, setAsking] = useState<{ body: B; reasons: UnusualValue[] } | null>(null);
  const success = useTimedFlag(NOTICE_MS);

  const incomplete =
    requireComplete === true && Object.values(watched as Record<string, unknown>).some(isEmpty);
  const failing = fieldRules !== undefined && Object.keys(fieldRules(watched)).length > 0;
  const disabled = saving || busy === true || incomplete || failing;
  // A form the server rendered (the login page) takes no input before its handlers are attached:
  // typed text would be reset when the form registers its fields, and a native submit would put
  // the password in the address.
  const hydrated = useHydrated();

  function markField(name: string, key: string, focus: boolean, limits?: FieldLimits): void {
    const field = name as Path<V>;
    methods.setError(field, {
      type: 'rule',
      message: key,
      ...(limits ? { types: limitsToTypes(limits) } : {}),
    });
    if (focus) methods.setFocus(field);
  }

  function fail(
    key: string,
    fields: Record<string, string>,
    limits: Readonly<Record<string, FieldLimits>> = {},
    params: Record<string, string | number> = {},
  ): void {
    setAlertKey(key);
    setAlertParams(params);
    Object.entries(fields).forEach(([name, fieldKey], index) =>
      markField(
        name,
        fieldKey,
        index === 0,
        Object.hasOwn(limits, name) ? limits[name] : undefined,
      ),
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (saving) return;
    setAlertKey(null);
    success.hide();
    methods.clearErrors();
    const raw = methods.getValues();

    // A number typed so that it reads two ways ("2.2.2") is never guessed.
    const refused = refusedNumbers.names();
    if (refused.length > 0) {
      fail(
        'errors.invalidInput',
        Object.fromEntries(refused.map((name) => [name, 'errors.field.numberFormat'])),
      );
      return;
    }
    const failure = rule?.(raw) ?? null;
    if (failure) {
      fail(failure.key, failure.field ? { [failure.field]: failure.key } : {});
      return;
    }
    const fieldErrors = fieldRules?.(raw) ?? {};
    const firstFieldError = Object.values(fieldErrors)[0];
    if (firstFieldError !== undefined) {
      fail(firstFieldError, fieldErrors as Record<string, string>);
      return;
    }
    let body = toBody(raw);
    if (schema) {
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        // Each field says what is wrong; a number field also says the range it takes.
        const fields: Record<string, string> = {};
        const limits: Record<string, FieldLimits> = {};
        // Reads the zod schema's ranges: loaded with zod, which a screen passing a schema has
        // already loaded; the login page (no schema) never fetches it.
        const { fieldLimits } = await import('./field-limits.ts');
        for (const issue of parsed.error.issues) {
          const name = String(issue.path[0] ?? '');
          if (name === '' || Object.hasOwn(fields, name)) continue;
          const range = fieldLimits(schema, name);
          if (i18n.exists(issue.message)) fields[name] = issue.message;
          else if (range) {
            fields[name] = fieldProblem(issue);
            limits[name] = range;
          } else fields[name] = 'errors.invalidValue';
        }
        fail('errors.invalidInput', fields, limits);
        return;
      }
      body = parsed.data;
    }
    const reasons = unusual?.(body) ?? [];
    if (reasons.length > 0) {
      setAsking({ body, reasons });
      return;
    }
    await send(body);
  }

  async function send(body: B): Promise<void> {
    setSaving(true);
    try {
      const result = await onSubmit(body);
      setSaving(false);
      for (const name of clearOnSuccess ?? []) {
        methods.resetField(name as Path<V>, { defaultValue: '' as never });
      }
      if (successKey) success.show();
      onSuccess?.(result);
    } catch (error) {
      setSaving(false);
      fail(
        errorKey(error),
        error instanceof ApiError ? { ...error.fields } : {},
        error instanceof ApiError ? error.limits : {},
        errorParams(error),
      );
    }
  }

  return (
    <FormAreaContext.Provider value={area}>
      <RefusedNumbersContext.Provider value={refusedNumbers}>
        <FieldIdContext.Provider value={idPrefix}>
          <ShellFormProvider methods={methods}>
            <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
              {/* Every control of a form the server rendered stays disabled until hydration. */}
              <Box
                component="fieldset"
                disabled={!hydrated}
                sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}
              >
                {children}
                <Stack spacing={2} sx={{ mt: 3 }}>
                  {alertKey && (
                    <Alert severity="error" onClose={() => setAlertKey(null)}>
                      {t(dynamicKey(alertKey), alertParams)}
                    </Alert>
                  )}
                  {successKey && success.visible && (
                    <Alert
                      severity="success"
                      role="status"
                      onClose={successClosable ? success.hide : undefined}
                    >
                      {t(successKey)}
                    </Alert>
                  )}
                  <Stack
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1.5}
                    useFlexGap
                    sx={{ flexWrap: 'wrap' }}
                  >
                    <Button type="submit" variant="contained" size="large" disabled={disabled}>
                      {saving ? t(savingKey) : t(submitKey)}
                    </Button>
                    {actions}
                  </Stack>
                </Stack>
              </Box>
            </Box>
            {asking && (
              <Suspense fallback={null}>
                <ConfirmDialog
                  open
                  title={t('unusualValues.title')}
                  message={asking.reasons.map((reason) => t(reason.key, reason.params)).join(' ')}
                  confirmLabel={t('unusualValues.save')}
                  cancelLabel={t('unusualValues.fix')}
                  onConfirm={() => {
                    const { body } = asking;
                    setAsking(null);
                    void send(body);
                  }}
                  onCancel={() => setAsking(null)}
                />
              </Suspense>
            )}
          </ShellFormProvider>
        </FieldIdContext.Provider>
      </RefusedNumbersContext.Provider>
    </FormAreaContext.Provider>
  );
}
