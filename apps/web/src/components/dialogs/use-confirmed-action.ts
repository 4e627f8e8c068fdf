import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorKey } from '../../lib/api.ts';

interface ConfirmedActionOptions<T, R> {
  /** After the action succeeded (the dialog is already closed). */
  onSuccess?: (result: R, target: T) => void | Promise<void>;
}

export interface ConfirmedAction<T> {
  /** Opens the confirmation for `target` (the dialog asks before anything is sent). */
  ask: (target: T) => void;
  /** Runs the action at once, without asking (e.g. a harmless reset beside a confirmed delete). */
  run: (target: T) => void;
  /** What the open confirmation is about, `null` while closed. */
  target: T | null;
  busy: boolean;
  /** The i18n key of the last failure, until the next attempt or `clearError`. */
  error: string | null;
  clearError: () => void;
  /** Spread into `ConfirmDialog`: open, busy, onConfirm, onCancel. */
  dialog: { open: boolean; busy: boolean; onConfirm: () => void; onCancel: () => void };
}

/**
 * The one remove-with-confirmation flow of the panel: ask, then run the action once (buttons
 * disabled meanwhile), close the dialog whatever the outcome, and keep a failure's error key for
 * the screen to show. A failed action never looks like a success.
 */
export function useConfirmedAction<T, R = unknown>(
  action: (target: T) => Promise<R>,
  options: ConfirmedActionOptions<T, R> = {},
): ConfirmedAction<T> {
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: action,
    onSettled: () => setTarget(null),
    onSuccess: (result, variables) => options.onSuccess?.(result, variables),
  });
  const error = mutation.isError ? errorKey(mutation.error) : null;

  return {
    ask: (next) => {
      mutation.reset();
      setTarget(() => next);
    },
    run: (next) => {
      if (!mutation.isPending) mutation.mutate(next);
    },
    target,
    busy: mutation.isPending,
    error,
    clearError: () => mutation.reset(),
    dialog: {
      open: target !== null,
      busy: mutation.isPending,
      onConfirm: () => {
        if (target !== null && !mutation.isPending) mutation.mutate(target);
      },
      onCancel: () => setTarget(null),
    },
  };
}
