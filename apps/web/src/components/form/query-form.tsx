import { LinearProgress } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../notices/query-state.tsx';
import { FormShell, type FormShellProps } from './form-shell.tsx';

interface QueryFormProps<D, V extends FieldValues, B, R> extends Omit<
  FormShellProps<V, B, R>,
  'values' | 'busy'
> {
  /** The screen's read: loading and failed states come from it, the form's values from its data. */
  query: UseQueryResult<D>;
  /** Maps the read to the form's values. */
  toValues: (data: D) => V;
}

/**
 * A settings form backed by one read: a spinner while it loads, an error with retry when it
 * fails, then the form holding the saved values (busy while a re-read is in flight).
 */
export function QueryForm<D, V extends FieldValues, B, R>({
  query,
  toValues,
  ...shell
}: QueryFormProps<D, V, B, R>) {
  const { t } = useTranslation();
  const { data } = query;
  // toValues is a module function in every screen; the values follow the data only.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const values = useMemo(() => (data === undefined ? undefined : toValues(data)), [data]);
  // The form first renders in the background (yielding to the browser between fields), not as
  // one long task when the read arrives.
  const pending = useDeferredValue(query.isPending);
  return (
    <QueryState pending={pending} error={query.error} onRetry={() => void query.refetch()}>
      {query.isFetching && <LinearProgress aria-label={t('common.loading')} sx={{ mb: 2 }} />}
      <FormShell<V, B, R> {...shell} values={values} busy={query.isFetching} />
    </QueryState>
  );
}
